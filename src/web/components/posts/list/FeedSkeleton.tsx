import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../card/visuallyHidden';

/** Spec §4/§9: three skeleton rows while the first page loads. */
export const SKELETON_ROWS = 3;

const pulse = keyframes`50% { opacity: 0.45; }`;

const bone = { bgcolor: 'action.hover', borderRadius: 1 } as const;
/** Title, then three lines of text. */
const LINES = ['75%', '100%', '100%', '60%'];

/** Shaped like a post card (avatar, title, text); lighter than MUI's Skeleton. */
function SkeletonCard() {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 3 }}>
      <Box sx={{ ...bone, width: 44, height: 44, borderRadius: '50%' }} />
      {LINES.map((width, i) => (
        <Box key={i} sx={{ ...bone, width, height: i ? 12 : 18 }} />
      ))}
    </Box>
  );
}

/** The rows are for the eye; assistive technology hears 'Loading…'. */
export function FeedSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status">
      <span style={visuallyHidden}>{t('common.loading')}</span>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          gap: 2,
          animation: `${pulse} 1.6s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </Box>
    </Box>
  );
}
