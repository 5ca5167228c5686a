import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** The workspace of a user no organization has made a member (and who is not staff). */
export function NotMemberPanel() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" role="status">
      <AlertTitle component="h2">{t('studio.notMember')}</AlertTitle>
      {t('studio.notMemberHelp')}
    </Alert>
  );
}
