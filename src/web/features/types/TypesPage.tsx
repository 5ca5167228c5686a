import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

/** Placeholder: the screen itself comes with its own issue. */
export default function TypesPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('types.title')} />;
}
