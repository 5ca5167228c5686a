import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { MobileTopBar } from './MobileTopBar';
import { SessionWatcher } from './SessionWatcher';
import { SideNav } from './SideNav';
import { useStartAtTop } from './useStartAtTop';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

// Loaded apart from the first download: the menu and search overlay only when opened on a
// phone, the right column only on large screens (the home route's JS budget, issue 3).
const MobileDrawer = lazy(() => import(/* webpackChunkName: "mobile-menu" */ './MobileDrawer').then((m) => ({ default: m.MobileDrawer })));
const MobileSearchOverlay = lazy(() =>
  import(/* webpackChunkName: "mobile-search" */ './MobileSearchOverlay').then((m) => ({ default: m.MobileSearchOverlay })),
);
const RightSidebar = lazy(() => import(/* webpackChunkName: "right-column" */ './RightSidebar').then((m) => ({ default: m.RightSidebar })));

/**
 * The frame of every screen. Desktop (md+): navigation column, content, and on large screens
 * (lg+) the right column. Phones: top bar, slide-in menu and full-screen search. The columns
 * follow the reading direction (start side first), so in Arabic the navigation is on the right.
 */
export function AppLayout() {
  useStartAtTop();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const large = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);

  const main = (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      sx={{
        flex: 1,
        minWidth: 0,
        maxWidth: desktop ? 680 : 'none',
        px: 2,
        pb: 4,
        minHeight: '100vh',
        borderInline: desktop ? 1 : 0,
        borderColor: 'divider',
        '&:focus': { outline: 'none' },
      }}
    >
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );

  // One tree for both layouts, with <main> always in the same place, so crossing a
  // breakpoint (rotating a tablet) keeps the screen's state.
  return (
    <>
      <SkipLink />
      <SessionWatcher />
      <Box
        data-layout={desktop ? 'desktop' : 'mobile'}
        sx={{ display: 'flex', flexDirection: desktop ? 'row' : 'column', justifyContent: 'center', minHeight: '100vh' }}
      >
        {desktop ? (
          <SideNav />
        ) : (
          <MobileTopBar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} onOpenSearch={() => setSearchOpen(true)} />
        )}
        {main}
        {large ? (
          <Suspense fallback={<Box component="aside" sx={{ width: 320 }} />}>
            <RightSidebar />
          </Suspense>
        ) : null}
      </Box>
      {desktop ? null : (
        <Suspense fallback={null}>
          {menuOpen ? <MobileDrawer open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
          {searchOpen ? <MobileSearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} /> : null}
        </Suspense>
      )}
    </>
  );
}
