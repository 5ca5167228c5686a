import VerifiedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Post } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { PostSection } from './PostSection';

/** Where the portal's public keys are (RFC 8615), to check a signature with nothing else. */
const KEYS_URL = '/.well-known/qarar-keys.json';

/**
 * The current version's signature (issue 30, point 1): which version, by which key, the digest
 * of what was signed, and where to check it — the verify page with this version's address, the
 * published keys, the print view.
 */
export function PostSignature({ post, signature }: { post: Post; signature: NonNullable<Post['signature']> }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const versionPath = `/post/${encodeURIComponent(post.slug)}/versions/${signature.version}`;
  const rows: Array<[string, React.ReactNode]> = [
    [t('post.signature.version'), String(signature.version)],
    [t('post.signature.algorithm'), 'Ed25519'],
    [t('post.signature.key'), <bdi key="kid">{signature.kid}</bdi>],
    [t('post.signature.digest'), <bdi key="digest">{signature.digest}</bdi>],
    [t('post.signature.value'), <bdi key="signature">{signature.signature}</bdi>],
    [t('post.signature.signedAt'), <time key="at" dateTime={signature.signed_at}>{formatLongDate(signature.signed_at, language, { timeZone })}</time>],
  ];
  return (
    <PostSection title={t('post.signature.title')}>
      <Paper variant="outlined" sx={{ borderRadius: 3, px: 2, py: 1.5 }} data-testid="post-signature">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1 }}>
          <VerifiedIcon color="success" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
          <Typography variant="body2">{t('post.signature.lead', { version: signature.version })}</Typography>
        </Box>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(8rem, max-content) 1fr' }, columnGap: 3 }}>
          {rows.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2', pt: 0.75 }}>
                {term}
              </Box>
              <Box component="dd" sx={{ m: 0, typography: 'body2', pt: { xs: 0, sm: 0.75 }, pb: 0.75, fontFamily: 'ui-monospace, monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1, mt: 1 }}>
          <Link component={RouterLink} to={`/verify?url=${encodeURIComponent(versionPath)}`} sx={{ py: 1 }}>
            {t('post.signature.check')}
          </Link>
          <Link href={KEYS_URL} sx={{ py: 1 }}>
            {t('post.signature.keys')}
          </Link>
        </Box>
      </Paper>
    </PostSection>
  );
}
