import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { AuthButton } from './AuthButton';
import { LanguageSwitch } from './LanguageSwitch';
import { NavItems } from './NavItems';
import { ReaderCard } from './readerParts';
import { ThemeToggle } from './ThemeToggle';

/** The desktop navigation column (on the start side: right in Arabic, left in English); `display` says at which widths it shows. */
export function SideNav({ display = 'flex' }: { display?: string | Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainNavigation')}
      sx={{
        width: 260,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        overflowY: 'auto',
        display,
        flexDirection: 'column',
        gap: 1,
        p: 2,
      }}
    >
      <Link component={RouterLink} to="/" sx={{ alignSelf: 'flex-start', mb: 1 }}>
        <Logo />
      </Link>
      <NavItems variant="desktop" />
      <Box role="separator" sx={{ borderTop: 1, borderColor: "divider" }} />
      <ThemeToggle />
      <LanguageSwitch />
      <Box sx={{ flex: 1 }} />
      {/* The reader's card above the sign-in/out button at the bottom: when it fills in after
          the app takes over a drawn page, it takes the free space and nothing moves. */}
      <ReaderCard />
      <AuthButton />
    </Box>
  );
}
