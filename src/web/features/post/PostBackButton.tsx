import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { DirectionalIcon } from '../../components/DirectionalIcon';
import { useGoBack } from '../../components/useGoBack';

/** Back to where the reader came from (home when the post was opened directly). */
export function PostBackButton() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Button onClick={goBack} startIcon={<DirectionalIcon icon={ArrowBackIcon} />} sx={{ mt: 1.5, mx: -1 }}>
      {t('post.back')}
    </Button>
  );
}
