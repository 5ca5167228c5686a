import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * A light loading indicator for the first screens (MUI's CircularProgress costs several KB
 * of the home route's JS budget). Still when the reader prefers reduced motion.
 */
export function Spinner({ label, size = 40 }: { label: string; size?: number }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        border: 4,
        borderColor: 'action.hover',
        borderTopColor: 'primary.main',
        animation: `${spin} 0.9s linear infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}
