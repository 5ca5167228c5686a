import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { localized } from '../../components/localized';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';

/**
 * A withdrawn post stays readable (links to it keep working), so it says first, before its
 * text, that it no longer stands, when and why — the reason in the reader's language, else the
 * other one's.
 */
export function WithdrawalNotice({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  const reason = localized(language, withdrawal.reason_ar.trim(), withdrawal.reason.trim());
  return (
    <Alert severity="warning" variant="outlined" data-testid="withdrawal-notice" sx={{ mt: 2, borderRadius: 3 }}>
      <AlertTitle component="p" sx={{ fontWeight: 700 }}>
        {t('post.withdrawn')}
      </AlertTitle>
      <Box component="p" sx={{ m: 0 }}>
        <time dateTime={withdrawal.withdrawn_at}>{t('post.withdrawnOn', { date: formatLongDate(withdrawal.withdrawn_at, language, { timeZone }) })}</time>
      </Box>
      {reason ? (
        <Box component="p" dir="auto" sx={{ m: 0, mt: 1, whiteSpace: 'pre-line' }}>
          {reason}
        </Box>
      ) : null}
    </Alert>
  );
}
