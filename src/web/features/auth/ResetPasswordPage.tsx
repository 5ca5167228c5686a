import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

/** Placeholder: set a new password from the e-mailed link (/reset-password?token=…). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('auth.forgot.title')} />;
}
