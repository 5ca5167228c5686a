import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CategoryIcon from '@mui/icons-material/Category';
import ExploreIcon from '@mui/icons-material/Explore';
import HomeIcon from '@mui/icons-material/Home';
import TagIcon from '@mui/icons-material/Tag';
import Box from '@mui/material/Box';
import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectIsSignedIn } from '../../state/sessionSlice';
import { NavButton } from './NavButton';
import { ReaderNavLinks } from './readerParts';

interface NavItem {
  to: string;
  label: 'nav.home' | 'nav.explore' | 'nav.hashtags' | 'nav.organizations' | 'nav.categories';
  icon: ComponentType;
  /** Listed in the mobile menu only (the desktop shows them in the right column / user card). */
  menuOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { to: '/', label: 'nav.home', icon: HomeIcon },
  { to: '/explore', label: 'nav.explore', icon: ExploreIcon },
  { to: '/hashtags', label: 'nav.hashtags', icon: TagIcon },
  { to: '/organizations', label: 'nav.organizations', icon: AccountBalanceIcon },
  { to: '/categories', label: 'nav.categories', icon: CategoryIcon, menuOnly: true },
];

interface NavItemsProps {
  /** The mobile menu adds categories and settings. */
  variant: 'desktop' | 'menu';
  onNavigate?: () => void;
}

/** The main navigation links; a signed-in reader's own (ReaderNavLinks) follow once their chunk is in. */
export function NavItems({ variant, onNavigate }: NavItemsProps) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const items = ITEMS.filter((item) => variant === 'menu' || !item.menuOnly);

  // Button links rather than List items: the same look, and the List components stay out of
  // the home route's first download.
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map(({ to, label, icon }) => (
        <li key={to}>
          <NavButton to={to} label={t(label)} icon={icon} onNavigate={onNavigate} />
        </li>
      ))}
      {signedIn && (
        <Suspense fallback={null}>
          <ReaderNavLinks variant={variant} onNavigate={onNavigate} />
        </Suspense>
      )}
    </Box>
  );
}
