import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { Post, PostSignature } from '../../../api/posts';
import { localized } from '../../../components/localized';
import type { Language } from '../../../i18n/types';

interface SheetAttachmentsProps {
  post: Post;
  /** The printed version's signature (null: none yet). */
  signature: PostSignature | null;
  language: Language;
  /** Strings in the sheet's language. */
  t: TFunction;
}

/**
 * The attachments as the version lists them, each with the SHA-256 its signature records: a
 * downloaded file is checked against the paper by its digest (the verify page computes it).
 */
export function SheetAttachments({ post, signature, language, t }: SheetAttachmentsProps) {
  const digests = new Map((signature?.files ?? []).map((f) => [f.id, f.sha256]));
  const files = [...post.attachments].sort((a, b) => a.order - b.order);
  return (
    <Box component="section" aria-labelledby="sheet-attachments" sx={{ mt: 3, breakInside: 'avoid' }}>
      <Box component="h2" id="sheet-attachments" sx={{ fontSize: '1rem', fontWeight: 700, m: 0, mb: 1 }}>
        {t('post.attachments')}
      </Box>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {files.map((file, i) => {
          const digest = digests.get(file.id);
          return (
            <Box component="li" key={file.id} data-testid="sheet-attachment" sx={{ borderTop: '1px solid #c4c9d0', pt: 1 }}>
              <Box sx={{ fontWeight: 600 }}>
                {i + 1}. <bdi>{localized(language, file.title_ar, file.title)}</bdi>{' '}
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  (<bdi dir="ltr">{`${file.file_extension.toUpperCase()}, ${file.file_size_display}`}</bdi>)
                </Box>
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, typography: 'body2', color: 'text.secondary' }}>
                <span>{t('print.sheet.sha256')}:</span>
                {digest ? (
                  <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', color: 'text.primary', overflowWrap: 'anywhere', minWidth: 0 }}>
                    {digest}
                  </Box>
                ) : (
                  <span>{t('print.sheet.noDigest')}</span>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
