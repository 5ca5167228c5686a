import Box from '@mui/material/Box';
import { Spinner } from './Spinner';

/** Covers the viewport while something the whole page depends on loads. */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <Spinner label={label} />
    </Box>
  );
}
