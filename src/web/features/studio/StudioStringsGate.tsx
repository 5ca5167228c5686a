import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useStudioStrings } from './studioStrings';

/** Shows the workspace once its strings are here (a spinner with a core string before). */
export function StudioStringsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ready = useStudioStrings();
  if (!ready) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <Spinner label={t('common.loading')} />
      </Box>
    );
  }
  return <>{children}</>;
}
