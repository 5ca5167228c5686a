import GppBadIcon from '@mui/icons-material/GppBad';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedVersion } from '../../api/postVersions';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { FactList } from './FactList';

/** Where the portal publishes its public keys (issue 30): anyone can check a signature with them. */
const KEYS_URL = '/.well-known/qarar-keys.json';
/** The contract's only algorithm (`EdDSA`), by the curve a reader would look for. */
const ALGORITHM = 'Ed25519';

/**
 * The version's signature: whether the portal found it valid just now, and the key id and
 * digest a reader needs to check it with nothing but the published keys.
 */
export function SignatureDetails({ version }: { version: Pick<VerifiedVersion, 'signed' | 'signature_valid'> }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const headingId = useId();
  const { signed } = version;
  const valid = Boolean(signed && version.signature_valid);
  const [Icon, color, text] = !signed
    ? [HourglassEmptyIcon, 'text.secondary', t('verify.signature.unsigned')]
    : valid
      ? [VerifiedUserIcon, 'success.main', t('verify.signature.valid')]
      : [GppBadIcon, 'error.main', t('verify.signature.invalid')];

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="signature" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id={headingId} component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('verify.signature.heading')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Icon aria-hidden sx={{ color, mt: '2px' }} />
        <Box>
          <Typography component="p" sx={{ fontWeight: 600 }}>
            {text}
          </Typography>
          {valid ? (
            <Typography component="p" variant="body2" color="text.secondary">
              {t('verify.signature.validDetail')}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {signed ? (
        <>
          <FactList
            facts={[
              { label: t('verify.signature.kid'), value: signed.kid, code: true },
              { label: t('verify.signature.digest'), value: signed.digest, code: true },
              { label: t('verify.signature.algorithm'), value: ALGORITHM, code: true },
              { label: t('verify.signature.signedAt'), value: formatLongDate(signed.signed_at, language, { timeZone, time: true }) },
            ]}
          />
          <Link href={KEYS_URL} variant="body2" sx={{ alignSelf: 'flex-start', py: 1 }}>
            {t('verify.signature.keys')}
          </Link>
        </>
      ) : null}
    </Box>
  );
}
