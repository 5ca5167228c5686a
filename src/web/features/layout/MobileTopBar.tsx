import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';

export const MOBILE_MENU_ID = 'mobile-menu';

interface MobileTopBarProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  onOpenSearch: () => void;
}

/** The phone header: menu button (start side), logo, search button (end side). */
export function MobileTopBar({ menuOpen, onOpenMenu, onOpenSearch }: MobileTopBarProps) {
  const { t } = useTranslation();
  return (
    // A plain header rather than AppBar/Toolbar: the same look for less of the first download.
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        // Phones and narrow windows only (AppLayout): CSS decides, so one drawn page fits every width.
        display: { xs: 'flex', md: 'none' },
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        px: 2,
      }}
    >
        <IconButton
          edge="start"
          onClick={onOpenMenu}
          aria-label={t('nav.openMenu')}
          aria-controls={MOBILE_MENU_ID}
          aria-expanded={menuOpen}
          aria-haspopup="true"
        >
          <MenuIcon />
        </IconButton>
        <Link component={RouterLink} to="/">
          <Logo height={32} />
        </Link>
        <Box sx={{ flex: 1 }} />
        <IconButton edge="end" onClick={onOpenSearch} aria-label={t('nav.openSearch')} aria-haspopup="dialog">
          <SearchIcon />
        </IconButton>
    </Box>
  );
}
