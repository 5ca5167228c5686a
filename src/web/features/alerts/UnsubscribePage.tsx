import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useUnsubscribeAlertMutation } from '../../api/alerts';
import { PageHeader } from '../../components/PageHeader';
import { useTokenFromAddress } from '../../components/useTokenFromAddress';
import { addAlertsStrings } from '../../components/alerts/alertsStrings';

addAlertsStrings();

/**
 * /alerts/unsubscribe?token=…: the unsubscribe link at the foot of an alert e-mail. Nothing is
 * posted on arrival (mail scanners follow links): the reader presses "Unsubscribe". Mail clients
 * unsubscribe in one click by posting to the API directly (List-Unsubscribe-Post, RFC 8058).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  // Out of the address bar once read (SECURITY.md).
  const token = useTokenFromAddress();
  const [unsubscribe, { isLoading, isSuccess, isError }] = useUnsubscribeAlertMutation();

  let body;
  if (!token) body = <Alert severity="error">{t('alertUnsubscribe.noToken')}</Alert>;
  else if (isSuccess) {
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="success" role="status" sx={{ justifySelf: 'stretch' }}>
          {t('alertUnsubscribe.done')}
        </Alert>
        <Button component={RouterLink} to="/">
          {t('alertUnsubscribe.home')}
        </Button>
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>{t('alertUnsubscribe.text')}</Typography>
        {isError ? (
          <Alert severity="error" sx={{ justifySelf: 'stretch' }}>
            {t('alertUnsubscribe.failed')}
          </Alert>
        ) : null}
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void unsubscribe({ token, body: {} })}>
          {t('alertUnsubscribe.button')}
        </Button>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader title={t('alertUnsubscribe.title')} />
      <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        {body}
      </Paper>
    </Box>
  );
}
