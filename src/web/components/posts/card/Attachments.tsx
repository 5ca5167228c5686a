import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Attachment } from '../../../api/posts';
import { lazyPart } from '../../../app/chunks';
import { useAppSelector } from '../../../app/hooks';
import { localized } from '../../localized';
import { selectLanguage, type AppLanguage } from '../../../state/preferencesSlice';
import { DownloadButton } from './DownloadButton';
import { srcSetOf } from './srcSet';
import { visuallyHidden } from './visuallyHidden';

/** Spec §9: attachment previews show 2 on mobile and 4 on desktop, then '{n} more files'. */
export const PREVIEW_MOBILE = 2;
export const PREVIEW_DESKTOP = 4;

// The viewer is not part of the first download: its chunk loads when an image is opened.
const Lightbox = lazyPart(() => import(/* webpackChunkName: "lightbox" */ '../lightbox/Lightbox'));

const isImage = (attachment: Attachment) => attachment.file_type.startsWith('image/');

// The count of the others as the card writes its view count (the locale's own digits).
const counts: Record<AppLanguage, Intl.NumberFormat> = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

/**
 * How wide an image is drawn, for the browser to pick a rendition: the reading column is at
 * most 680 px (less the card's padding); below that the card spans the screen less its margins
 * and padding, and a grid cell is half of it.
 */
const WHOLE = { wide: '640px', narrow: 'calc(100vw - 64px)' };
const HALF = { wide: '320px', narrow: 'calc(50vw - 36px)' };
/** `sizes` for an image whole or half width on wider screens and on phones (below 600 px). */
function sizesOf(whole: boolean, wholeOnPhone: boolean): string {
  const wider = whole ? WHOLE : HALF;
  const phone = wholeOnPhone ? WHOLE : HALF;
  return wider === phone ? `(min-width: 720px) ${wider.wide}, ${wider.narrow}` : `(min-width: 720px) ${wider.wide}, (min-width: 600px) ${wider.narrow}, ${phone.narrow}`;
}

/** Icon colour by the kind of document, so a PDF, a sheet and a slide deck differ at a glance. */
const FILE_COLORS: Array<[RegExp, string]> = [
  [/^pdf$/, 'error.main'],
  [/^(docx?|odt|rtf|txt)$/, 'info.main'],
  [/^(xlsx?|ods|csv)$/, 'success.main'],
  [/^(pptx?|odp)$/, 'warning.main'],
];
const fileColor = (extension: string) => FILE_COLORS.find(([pattern]) => pattern.test(extension))?.[1] ?? 'text.secondary';

/**
 * A post's attachments: images in a grid (each opens the lightbox on all of the post's
 * images) and other files as rows with a download action. `preview` (cards) shows the first 2
 * on phones and 4 on wider screens, then '{n} more files' linking to `morePath`.
 */
export function Attachments({ attachments, preview = false, morePath }: { attachments: Attachment[]; preview?: boolean; morePath?: string }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  // A file's title in the reader's language; the Arabic, which every file has, otherwise.
  const titleOf = (attachment: Attachment) => localized(language, attachment.title_ar, attachment.title);
  const [viewing, setViewing] = useState<number | null>(null);

  const ordered = useMemo(() => [...attachments].sort((a, b) => a.order - b.order), [attachments]);
  const allImages = useMemo(() => ordered.filter(isImage), [ordered]);
  if (ordered.length === 0) return null;

  // What a phone and a wider screen show: CSS picks (phoneOnly/wideOnly), so the markup is the
  // same at every width and a page the server drew fits whatever screen opens it.
  const shown = preview ? ordered.slice(0, PREVIEW_DESKTOP) : ordered;
  const onPhone = preview ? PREVIEW_MOBILE : ordered.length;
  const images = shown.filter(isImage);
  const phoneImages = shown.slice(0, onPhone).filter(isImage).length;
  const files = shown.filter((a) => !isImage(a));
  const hiddenOnPhone = (attachment: Attachment) => shown.indexOf(attachment) >= onPhone;
  const morePhone = ordered.length - Math.min(onPhone, ordered.length);
  const moreWide = ordered.length - shown.length;
  const columns = (count: number) => (count > 1 ? '1fr 1fr' : '1fr');

  // '{n} more files' in the plural form of the reader's language (Arabic's six).
  const more = (count: number, display: Record<string, string>) =>
    count > 0 &&
    (morePath ? (
      <Link component={RouterLink} to={morePath} variant="body2" sx={{ justifySelf: 'start', fontWeight: 500, display }}>
        {t('postCard.moreFiles', { count, n: counts[language].format(count) })}
      </Link>
    ) : (
      <Typography variant="body2" color="text.secondary" sx={{ display }}>
        {t('postCard.moreFiles', { count, n: counts[language].format(count) })}
      </Typography>
    ));

  return (
    <Box role="group" aria-label={t('postCard.attachments')} sx={{ display: 'grid', gap: 1 }}>
      {images.length > 0 && (
        <Box
          sx={{
            display: phoneImages > 0 ? 'grid' : { xs: 'none', sm: 'grid' },
            gridTemplateColumns: { xs: columns(phoneImages), sm: columns(images.length) },
            gap: 0.5,
            borderRadius: 2,
            overflow: 'hidden',
          }}
        >
          {images.map((image, i) => {
            // One image (or the first of an odd number) takes the whole width.
            const wide = images.length % 2 === 1 && i === 0;
            const widePhone = phoneImages % 2 === 1 && i === 0;
            // On the post page a whole-width image keeps its own shape (a portrait scan is not cut
            // to a strip), up to most of the screen's height; cards keep a steady 16:9 frame.
            const ownShape = wide && !preview && image.width && image.height ? `${image.width} / ${image.height}` : null;
            const frame = (whole: boolean) => (whole ? { gridColumn: '1 / -1', aspectRatio: ownShape ?? '16 / 9' } : { gridColumn: 'auto', aspectRatio: '4 / 3' });
            return (
              <Box
                key={image.id}
                component="button"
                type="button"
                onClick={() => setViewing(allImages.indexOf(image))}
                aria-label={t('postCard.openImage', { name: titleOf(image) })}
                sx={{
                  p: 0,
                  border: 0,
                  display: hiddenOnPhone(image) ? { xs: 'none', sm: 'block' } : 'block',
                  width: '100%',
                  cursor: 'zoom-in',
                  bgcolor: 'action.hover',
                  ...frame(widePhone),
                  ...(widePhone !== wide && { '@media (min-width:600px)': frame(wide) }),
                  ...(ownShape && { maxHeight: '75vh' }),
                  '&:focus-visible': { outlineOffset: '-3px' },
                }}
              >
                <Box
                  component="img"
                  src={image.thumbnail_url ?? image.file_url}
                  srcSet={srcSetOf(image)}
                  sizes={sizesOf(wide, widePhone)}
                  alt={titleOf(image)}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  loading="lazy"
                  decoding="async"
                  sx={{ display: 'block', width: '100%', height: '100%', objectFit: ownShape ? 'contain' : 'cover' }}
                />
              </Box>
            );
          })}
        </Box>
      )}
      {files.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: files.some((f) => !hiddenOnPhone(f)) ? 'grid' : { xs: 'none', sm: 'grid' }, gap: 0.5 }}>
          {files.map((file) => (
            <Box
              component="li"
              key={file.id}
              sx={{
                display: hiddenOnPhone(file) ? { xs: 'none', sm: 'flex' } : 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 1.5,
                py: 0.75,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
              }}
            >
              {file.file_extension === 'pdf' ? (
                <PdfIcon aria-hidden sx={{ color: fileColor('pdf') }} />
              ) : (
                <FileIcon aria-hidden sx={{ color: fileColor(file.file_extension) }} />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {/* Aligned with the row (the page's direction); the title keeps its own inside. */}
                <Link href={file.file_url} target="_blank" rel="noopener noreferrer" color="inherit" sx={{ display: 'block', fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  <bdi>{titleOf(file)}</bdi>
                  <span style={visuallyHidden}> {t('postCard.newTab')}</span>
                </Link>
                <Typography variant="caption" color="text.secondary" component="div">
                  <bdi>
                    {file.file_extension.toUpperCase()} · {file.file_size_display}
                  </bdi>
                </Typography>
              </Box>
              <DownloadButton href={file.file_url} label={t('postCard.downloadFile', { name: titleOf(file) })} />
            </Box>
          ))}
        </Box>
      )}
      {morePhone === moreWide ? (
        more(moreWide, {})
      ) : (
        <>
          {more(morePhone, { xs: 'block', sm: 'none' })}
          {more(moreWide, { xs: 'none', sm: 'block' })}
        </>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <Lightbox images={allImages} startIndex={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </Box>
  );
}
