import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import type { Post, PostSignature } from '../../../api/posts';
import { useClock } from '../../../app/clock';
import { formatLongDate } from '../../../components/posts/dates';
import type { Language } from '../../../i18n/types';
import { VersionQrCode } from './VersionQrCode';

interface SheetVerificationProps {
  post: Post;
  /** The printed version's signature (null: none yet). */
  signature: PostSignature | null;
  language: Language;
  t: TFunction;
  /** The version's absolute address; null until the page's origin is known (see usePageOrigin). */
  address: string | null;
}

/** When the version on the sheet was published: its correction's date, or the post's publication. */
const versionDate = (post: Post) => (post.last_update?.version === post.version ? post.last_update.updated_at : post.published_at);

/**
 * The sheet's foot: which version it is, its signature (key and digest), and the QR code of the
 * version's own page, where a phone that scans the paper sees whether it is still the text in force.
 */
export function SheetVerification({ post, signature, language, t, address }: SheetVerificationProps) {
  const { timeZone } = useClock();
  const published = versionDate(post);
  return (
    <Box
      component="section"
      aria-labelledby="sheet-verification"
      sx={{
        mt: 4,
        pt: 2,
        borderTop: '2px solid #111827',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        gap: 2,
        breakInside: 'avoid',
      }}
    >
      {address ? <VersionQrCode address={address} label={t('print.sheet.qr', { version: post.version })} /> : <Box aria-hidden sx={{ width: { xs: 132, sm: 148 }, aspectRatio: '1' }} />}
      <Box sx={{ flex: '1 1 16rem', minWidth: 0, typography: 'body2', lineHeight: 1.8 }}>
        <Box component="h2" id="sheet-verification" sx={{ fontSize: '1rem', fontWeight: 700, m: 0 }}>
          {t('print.sheet.verification')}
        </Box>
        <p style={{ margin: 0 }}>{t('print.sheet.version', { version: post.version, date: published ? formatLongDate(published, language, { timeZone }) : '' })}</p>
        {signature ? (
          <Box component="dl" sx={{ m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' } }}>
            <dt>{t('print.sheet.signature')}</dt>
            <dd>
              <bdi>{t('print.sheet.signedBy', { kid: signature.kid })}</bdi>
            </dd>
            <dt>{t('print.sheet.digest')}</dt>
            <dd>
              <Box component="code" dir="ltr" data-testid="sheet-digest" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
                {signature.digest}
              </Box>
            </dd>
          </Box>
        ) : (
          <p style={{ margin: 0 }}>{t('print.sheet.unsigned')}</p>
        )}
        <p style={{ margin: '8px 0 0' }}>{t('print.sheet.scan')}</p>
        {address ? (
          <Box component="p" sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
            {/* Readable (an Arabic slug as letters), in its own direction. */}
            <bdi dir="ltr">{decodeURI(address)}</bdi>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
