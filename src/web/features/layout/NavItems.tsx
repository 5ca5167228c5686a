import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import CategoryIcon from '@mui/icons-material/Category';
import ExploreIcon from '@mui/icons-material/Explore';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import TagIcon from '@mui/icons-material/Tag';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser, selectIsSignedIn } from '../auth/sessionSlice';

interface NavItem {
  to: string;
  label: 'nav.home' | 'nav.explore' | 'nav.hashtags' | 'nav.organizations' | 'nav.bookmarks' | 'nav.categories' | 'nav.settings';
  icon: ComponentType;
  signedInOnly?: boolean;
  /** Listed in the mobile menu only (the desktop shows them in the right column / user card). */
  menuOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', icon: HomeIcon },
  { to: '/explore', label: 'nav.explore', icon: ExploreIcon },
  { to: '/hashtags', label: 'nav.hashtags', icon: TagIcon },
  { to: '/organizations', label: 'nav.organizations', icon: AccountBalanceIcon },
  { to: '/categories', label: 'nav.categories', icon: CategoryIcon, menuOnly: true },
  { to: '/bookmarks', label: 'nav.bookmarks', icon: BookmarksIcon, signedInOnly: true },
  { to: '/settings', label: 'nav.settings', icon: SettingsIcon, signedInOnly: true, menuOnly: true },
];

interface NavItemsProps {
  /** The mobile menu adds categories and settings. */
  variant: 'desktop' | 'menu';
  onNavigate?: () => void;
}

/** The main navigation links; bookmarks (and settings) only when signed in. */
export function NavItems({ variant, onNavigate }: NavItemsProps) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const user = useAppSelector(selectCurrentUser);
  const writer = Boolean(user && (user.is_staff || user.user_type === 'publisher'));
  const items = ITEMS.filter((item) => (signedIn || !item.signedInOnly) && (variant === 'menu' || !item.menuOnly));

  // Button links rather than List items: the same look, and the List components stay out of
  // the home route's first download.
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map(({ to, label, icon }) => (
        <li key={to}>
          <NavButton to={to} label={t(label)} icon={icon} onNavigate={onNavigate} />
        </li>
      ))}
      {signedIn && writer && (
        <li>
          <Suspense fallback={null}>
            <StudioNavLink onNavigate={onNavigate} />
          </Suspense>
        </li>
      )}
    </Box>
  );
}

// The workspace's link, for the accounts that write for organizations (publisher accounts) and
// staff: its own small chunk, so that readers' first download does not carry it.
const StudioNavLink = lazy(() => import('./StudioNavLink'));

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
