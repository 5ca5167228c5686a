import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../api/posts';
import { localized } from '../../../components/localized';
import { formatLongDate } from '../../../components/posts/dates';
import { RichText } from '../../../components/posts/card/RichText';
import { directionOf } from '../../../i18n/types';
import { formatHijriDate } from '../issueDate';
import { organizationNameOf, subsidiaryNameOf } from '../postLinks';
import { lightPaletteVariables } from './lightPalette';
import { SheetAttachments } from './SheetAttachments';
import { SheetVerification } from './SheetVerification';
import { useStringsOf } from './useStringsOf';

interface PrintSheetProps {
  post: Post;
  /** The version's absolute address, for its QR code; null until known. */
  address: string | null;
}

/**
 * A post as an official A4 page, in the post's own language and direction whatever the reader's
 * (an Arabic decision prints in Arabic): who issued it, what it is, its number and dates, its
 * title, summary and text, its attachments with their digests, and how to verify it. Drawn as
 * white paper in either colour scheme, so that the screen shows what the printer will.
 */
export function PrintSheet({ post, address }: PrintSheetProps) {
  const language = post.language;
  useStringsOf(language);
  const { t } = useTranslation(undefined, { lng: language });

  const organization = organizationNameOf(post, language);
  const subsidiary = subsidiaryNameOf(post, language);
  const type = language === 'ar' ? post.type.name_ar : t(`types.names.${post.type.name}`);
  const title = localized(language, post.title_ar, post.title);
  const summary = localized(language, post.summary_ar, post.summary);
  const content = localized(language, post.content_ar, post.content);
  // A calendar day: the same in every zone (issueDate.ts).
  const gregorian = post.issued_on ? formatLongDate(`${post.issued_on}T00:00:00Z`, language, { timeZone: 'UTC' }) : '';
  const hijri = post.issued_on_hijri ? formatHijriDate(post.issued_on_hijri, t) : '';
  const withdrawn = post.status === 'archived' || Boolean(post.withdrawal);
  const status = withdrawn ? t('post.withdrawn') : post.in_force === 'in_force' ? '' : t(`inForce.${post.in_force}`);
  // Only the printed version's: a signature of another would vouch for another text.
  const signature = post.signature?.version === post.version ? post.signature : null;

  const facts: Array<[string, string, string?]> = [];
  if (gregorian) facts.push([t('print.sheet.gregorian'), gregorian, post.issued_on ?? undefined]);
  if (hijri) facts.push([t('print.sheet.hijri'), hijri]);
  if (status) facts.push([t('print.sheet.status'), status]);

  return (
    <Box
      component="article"
      lang={language}
      dir={directionOf(language)}
      aria-labelledby="sheet-title"
      data-testid="print-sheet"
      sx={(theme: Theme) => ({
        ...lightPaletteVariables(theme),
        color: 'text.primary',
        bgcolor: '#ffffff',
        border: '1px solid #d1d5db',
        boxShadow: '0 1px 3px rgba(0, 0, 0, 0.12), 0 8px 24px rgba(0, 0, 0, 0.08)',
        borderRadius: 1,
        px: { xs: 2.5, sm: 5 },
        py: { xs: 3, sm: 5 },
        my: 2,
        fontSize: '1rem',
        lineHeight: 1.8,
        '@media print': { border: 0, boxShadow: 'none', borderRadius: 0, p: 0, m: 0, fontSize: '11pt' },
      })}
    >
      <Box component="header" sx={{ textAlign: 'center', pb: 2, borderBottom: '2px solid #111827' }}>
        {organization ? (
          <Box sx={{ fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.5 }}>
            <bdi>{organization}</bdi>
          </Box>
        ) : null}
        {subsidiary ? (
          <Box sx={{ color: 'text.secondary' }}>
            <bdi>{subsidiary}</bdi>
          </Box>
        ) : null}
        <Box sx={{ mt: 1, fontWeight: 600 }}>
          {post.document_number ? t('print.sheet.typeAndNumber', { type, number: post.document_number }) : type}
        </Box>
      </Box>
      {facts.length ? (
        <Box
          component="dl"
          sx={{ m: 0, py: 1.5, display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 3, rowGap: 0.5, borderBottom: '1px solid #c4c9d0' }}
        >
          {facts.map(([term, value, dateTime]) => (
            <Box key={term} sx={{ display: 'flex', gap: 1 }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {term}:
              </Box>
              <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {dateTime ? <time dateTime={dateTime}>{value}</time> : value}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
      <Box component="h1" id="sheet-title" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' }, lineHeight: 1.6, fontWeight: 700, textAlign: 'center', mt: 3, mb: 2, '@media print': { fontSize: '16pt' } }}>
        {title}
      </Box>
      {summary ? (
        <Box component="p" sx={{ m: 0, mb: 2, color: 'text.secondary', textAlign: 'center' }}>
          {summary}
        </Box>
      ) : null}
      <Box data-testid="sheet-content" sx={{ '&& > * > * + *': { mt: 1.5 } }}>
        <RichText text={content} component="div" />
      </Box>
      {post.attachments.length ? <SheetAttachments post={post} signature={signature} language={language} t={t} /> : null}
      <SheetVerification post={post} signature={signature} language={language} t={t} address={address} />
    </Box>
  );
}
