import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { VerifiedVersion } from '../../api/postVersions';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { localized } from '../../components/localized';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { SEVERITY, standingOf } from './verdict';
import { postPath } from './verifyText';

/**
 * Where the matched version stands, first and plainly: current, amended since (with the way to
 * the current version), amended or repealed by a later document, or withdrawn (when and why).
 */
export function VersionStatus({ version }: { version: VerifiedVersion }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const standing = standingOf(version);
  const current = postPath(version.slug);
  const reason = version.withdrawal ? localized(language, version.withdrawal.reason_ar.trim(), version.withdrawal.reason.trim()) : '';
  const toCurrent = (
    <Link component={RouterLink} to={current} color="inherit" sx={{ fontWeight: 700 }}>
      {t(standing === 'superseded' ? 'verify.status.readCurrent' : 'verify.status.openPost')}
    </Link>
  );

  return (
    <Alert severity={SEVERITY[standing]} variant="outlined" data-testid="version-status" data-standing={standing} sx={{ borderRadius: 3 }}>
      <AlertTitle component="p" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
        {t(`verify.status.${standing}`)}
      </AlertTitle>
      {standing === 'withdrawn' && version.withdrawal ? (
        <>
          <Box component="p" sx={{ m: 0 }}>
            <time dateTime={version.withdrawal.withdrawn_at}>
              {t('verify.status.withdrawnOn', { date: formatLongDate(version.withdrawal.withdrawn_at, language, { timeZone }) })}
            </time>
          </Box>
          {reason ? (
            <Box component="p" dir="auto" sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-line' }}>
              {t('verify.status.withdrawnReason', { reason })}
            </Box>
          ) : null}
        </>
      ) : null}
      {standing === 'current' ? (
        <Box component="p" sx={{ m: 0 }}>
          {t('verify.status.currentDetail')}
        </Box>
      ) : null}
      {standing === 'superseded' ? (
        <Box component="p" sx={{ m: 0 }}>
          {t('verify.status.supersededDetail', { version: version.current_version })} {toCurrent}
        </Box>
      ) : null}
      {standing === 'amended' || standing === 'repealed' ? (
        <Box component="p" sx={{ m: 0 }}>
          {t(`verify.status.${standing}Detail`)} {toCurrent}
        </Box>
      ) : null}
      {/* A repealed or withdrawn document's older version: that a newer one came out too. */}
      {(standing === 'withdrawn' || standing === 'repealed') && !version.is_current ? (
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          {t('verify.status.newer', { version: version.current_version })}
        </Box>
      ) : null}
      {standing === 'withdrawn' ? (
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          {toCurrent}
        </Box>
      ) : null}
    </Alert>
  );
}
