import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** The post page's shape while the post loads. */
export function PostSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')} aria-busy="true" sx={{ display: 'grid', gap: 1.5, pt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Skeleton variant="rounded" width={64} height={26} />
        <Skeleton width={160} />
      </Box>
      <Skeleton variant="text" sx={{ fontSize: '1.75rem' }} />
      <Skeleton variant="text" width="70%" sx={{ fontSize: '1.75rem' }} />
      <Skeleton width="45%" />
      <Box sx={{ display: 'grid', gap: 0.5, mt: 2 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} width={i === 7 ? '60%' : '100%'} />
        ))}
      </Box>
    </Box>
  );
}
