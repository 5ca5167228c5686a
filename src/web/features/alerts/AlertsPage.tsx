import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { useTokenFromAddress } from '../../components/useTokenFromAddress';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { addAlertsStrings } from '../../components/alerts/alertsStrings';
import AlertSubscriptionList from '../../components/alerts/AlertSubscriptionList';

addAlertsStrings();

/**
 * /alerts: the signed-in reader's alerts, or those of the address whose manage token an alert
 * e-mail's link carries (`?token=`, which wins: it names that address). A visitor without one is
 * told how alerts are had and managed.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  // Out of the address bar once read (SECURITY.md).
  const token = useTokenFromAddress() || undefined;
  const signedIn = useAppSelector(selectIsSignedIn);

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader title={t('alerts.title')} />
      <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        {token || signedIn ? (
          <AlertSubscriptionList token={token} />
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
            <Typography>{t('alerts.visitor')}</Typography>
            <Typography>{t('alerts.howTo')}</Typography>
            <Typography color="text.secondary">{t('alerts.manageByLink')}</Typography>
            <Button component={RouterLink} to="/login?next=%2Falerts" variant="outlined">
              {t('alerts.signIn')}
            </Button>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
