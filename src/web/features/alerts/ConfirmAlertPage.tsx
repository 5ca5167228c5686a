import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirmAlertSubscriptionMutation } from '../../api/alerts';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useTokenFromAddress } from '../../components/useTokenFromAddress';
import { addAlertsStrings } from '../../components/alerts/alertsStrings';

addAlertsStrings();

/**
 * /alerts/confirm?token=…: the link of a visitor's confirmation e-mail (double opt-in). Confirming
 * is what following the link means, so the token is posted on arrival (once); the answer's manage
 * token opens the address's alerts.
 */
export default function ConfirmAlertPage() {
  const { t } = useTranslation();
  // Out of the address bar once read (SECURITY.md).
  const token = useTokenFromAddress();
  const [confirm, { data, isError, isUninitialized, isLoading }] = useConfirmAlertSubscriptionMutation();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void confirm({ alertToken: { token } });
  }, [token, confirm]);

  let body;
  if (!token) body = <Alert severity="error">{t('alertConfirm.noToken')}</Alert>;
  else if (isLoading || isUninitialized) body = <Spinner label={t('alertConfirm.working')} />;
  else if (isError || !data) body = <Alert severity="error">{t('alertConfirm.failed')}</Alert>;
  else {
    body = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="success" sx={{ justifySelf: 'stretch' }}>
          {t('alertConfirm.done', { title: data.subscription.title, email: data.subscription.email })}
        </Alert>
        <Button component={RouterLink} to={`/alerts?${new URLSearchParams({ token: data.manage_token })}`} variant="contained">
          {t('alertConfirm.manage')}
        </Button>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader title={t('alertConfirm.title')} />
      <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        {body}
      </Paper>
    </Box>
  );
}
