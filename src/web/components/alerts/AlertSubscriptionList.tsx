import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useListAlertSubscriptionsQuery } from '../../api/alerts';
import type { NormalizedError } from '../../api/normalizeError';
import { Spinner } from '../Spinner';
import { addAlertsStrings } from './alertsStrings';
import { AlertSubscriptionItem } from './AlertSubscriptionItem';

addAlertsStrings();

interface Props {
  /** The manage token of an alert e-mail's link (a visitor); none for the signed-in reader's own. */
  token?: string;
}

/** The alerts of the signed-in reader, or of the address a manage token names (/alerts and the settings' alerts tab). */
export default function AlertSubscriptionList({ token }: Props) {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useListAlertSubscriptionsQuery({ token });

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (error || !data) {
    const status = (error as NormalizedError | undefined)?.status;
    // A token that names no address (400: malformed, 404: unknown) is a bad link, not a failure to retry.
    const badLink = token && (status === 400 || status === 404);
    return (
      <Alert
        severity="error"
        action={
          badLink ? undefined : (
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              {t('alerts.retry')}
            </Button>
          )
        }
      >
        {t(badLink ? 'alerts.badLink' : 'alerts.loadFailed')}
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography>{t('alerts.empty')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('alerts.howTo')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {token ? (
        <Typography variant="body2" color="text.secondary">
          {t('alerts.forAddress', { email: data[0].email })}
        </Typography>
      ) : null}
      <Box component="ul" aria-label={t('alerts.listLabel')} sx={{ m: 0, p: 0 }}>
        {data.map((subscription) => (
          <AlertSubscriptionItem key={subscription.id} subscription={subscription} token={token} />
        ))}
      </Box>
    </Box>
  );
}
