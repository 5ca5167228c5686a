import Button from '@mui/material/Button';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router-dom';

/** One link of the main navigation. */
export function NavButton({ to, label, icon: Icon, onNavigate }: { to: string; label: string; icon: ComponentType; onNavigate?: () => void }) {
  return (
    <Button
      component={NavLink}
      to={to}
      end={to === '/'}
      onClick={onNavigate}
      fullWidth
      color="inherit"
      size="large"
      startIcon={<Icon />}
      sx={{
        justifyContent: 'flex-start',
        borderRadius: 6,
        px: 2,
        py: 1,
        fontWeight: 400,
        fontSize: '1rem',
        textTransform: 'none',
        '& .MuiButton-startIcon': { marginInlineEnd: 2 },
        '&.active': { fontWeight: 700, bgcolor: 'action.selected' },
      }}
    >
      {label}
    </Button>
  );
}
