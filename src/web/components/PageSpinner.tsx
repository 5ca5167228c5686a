import Box from '@mui/material/Box';
import { Spinner } from './Spinner';
import { useTranslation } from 'react-i18next';

/** Shown in the content column while a screen's code chunk loads. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <Spinner label={t('common.loading')} />
    </Box>
  );
}
