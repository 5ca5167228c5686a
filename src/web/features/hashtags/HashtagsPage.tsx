import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';

/** Placeholder: the screen itself comes with its own issue. */
export default function HashtagsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('hashtags.title')} />;
}
