import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';

/**
 * A collapsed section (native <details>: keyboard and screen-reader support for free). Its
 * content mounts, and so loads, only once opened.
 */
export function UnitsDisclosure({ summary, count, children }: { summary: string; count: number; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <Box
      component="details"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
        '&[open] > summary svg': { transform: 'rotate(180deg)' },
      }}
    >
      <Box
        component="summary"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          cursor: 'pointer',
          fontWeight: 500,
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          borderRadius: 3,
        }}
      >
        <Box component="span" sx={{ flex: 1 }}>
          {summary}
        </Box>
        <Box component="span" sx={{ px: 1, borderRadius: 6, bgcolor: 'action.selected', typography: 'body2', fontWeight: 500 }}>
          {count}
        </Box>
        <ExpandMoreIcon aria-hidden sx={{ transition: 'transform 150ms', '@media (prefers-reduced-motion: reduce)': { transition: 'none' } }} />
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>{opened ? children : null}</Box>
    </Box>
  );
}
