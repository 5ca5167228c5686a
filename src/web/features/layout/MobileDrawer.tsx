import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { AuthButton } from './AuthButton';
import { CategoriesWidget } from './CategoriesWidget';
import { FooterLinks } from './FooterLinks';
import { LanguageSwitch } from './LanguageSwitch';
import { MOBILE_MENU_ID } from './MobileTopBar';
import { NavItems } from './NavItems';
import { ReaderCard } from './readerParts';
import { ThemeToggle } from './ThemeToggle';

/**
 * The slide-in menu. anchor="left" is the *start* side: MUI's Drawer swaps left and right
 * when the theme is rtl, so in Arabic it slides in from the right.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { id: MOBILE_MENU_ID, 'aria-label': t('nav.menu'), sx: { width: 300, maxWidth: '85vw' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1.5 }}>
        <Logo height={32} />
        <Box sx={{ flex: 1 }} />
        <IconButton onClick={onClose} aria-label={t('nav.closeMenu')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ px: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <ReaderCard onNavigate={onClose} />
        <NavItems variant="menu" onNavigate={onClose} />
        <Divider />
        <ThemeToggle />
        <LanguageSwitch />
        <AuthButton onDone={onClose} />
        <Divider />
        <CategoriesWidget onNavigate={onClose} />
        <FooterLinks onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}

export default MobileDrawer;
