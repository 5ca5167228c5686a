import Box from '@mui/material/Box';
import { lazy, startTransition, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { Provider, useStore } from 'react-redux';
import { Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { failedPart } from '../../app/chunks';
import { readyLazy } from '../../app/heldLazy';
import { useSessionUser } from '../../app/guards/SessionGate';
import { RENDERING_ON_SERVER } from '../../app/serverSide';
import { ScreenTakenOver } from '../../app/takeOver';
import type { AppStore } from '../../app/store';
import { MobileTopBar } from './MobileTopBar';
import { DESKTOP_QUERY, loadRightColumnData, RightColumnStoreContext, whenWide, WIDE_QUERY } from '../../components/rightColumn';
import { SessionWatcher } from './SessionWatcher';
import { SideNav } from './SideNav';
import { useStartAtTop } from './useStartAtTop';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { OfflineBannerSlot } from '../../pwa/OfflineBannerSlot';

// Loaded apart from the first download: the menu and search overlay only on a phone, the right
// column only on large screens (the home route's JS budget, issue 3). The menu and the overlay
// are asked for soon after a phone's page is in and then rendered directly (readyLazy): loaded
// at the first tap, the menu opened up to a second later (React reveals a suspended part only
// after a throttle).
const [MobileDrawer, loadMobileDrawer] = readyLazy(() => import(/* webpackChunkName: "mobile-menu" */ './MobileDrawer'));
const [MobileSearchOverlay, loadMobileSearch] = readyLazy(() => import(/* webpackChunkName: "mobile-search" */ './MobileSearchOverlay'));

/** Shown from MUI's md breakpoint (900 px): the navigation column and the bordered centre. */
const DESKTOP = { xs: 'none', md: 'flex' } as const;

/**
 * The navigation column, rendered once the screen is wide enough to show it. Its code is in the
 * entry (no download); what waits is the taking over of its drawing: a phone, which never shows
 * it, spends nothing on it while the page becomes the app's.
 */
const DesktopNav = lazy(() => whenWide(DESKTOP_QUERY).then(() => ({ default: SideNav })));

/**
 * Whether a column shown only from `query` up stays in the tree. On a narrower screen its lazy
 * part never loads, so a page the server drew keeps it as drawn (hidden by CSS) while React
 * takes the rest over; once that is done it leaves the tree. Kept, it would hold up every later
 * navigation: a transition that reaches a part not yet taken over (the route's context does)
 * waits for it to be taken over, which on a phone is never. Once the screen is wide enough it is
 * back for good.
 */
function useKeptFrom(query: string): boolean {
  const [kept, setKept] = useState(true);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const media = window.matchMedia(query);
    if (media.matches) return undefined;
    // A transition, as the page is taken over: an urgent update here, above the screen while it
    // is still the server's, would make React take the screen over in one blocking piece.
    startTransition(() => setKept(false));
    const widened = (event: MediaQueryListEvent) => {
      if (!event.matches) return;
      media.removeEventListener('change', widened);
      setKept(true);
    };
    media.addEventListener('change', widened);
    return () => media.removeEventListener('change', widened);
  }, [query]);
  return kept;
}

/**
 * The right column: its code and its lists arrive together once the screen is wide enough
 * (rightColumn.ts), so on a page the server drew it is taken over as drawn and a phone never
 * loads it. One lazy component per store (keyed by its dispatch, which the visitor's view of the
 * store that takes over a drawn page shares with the store itself, src/web/start.tsx).
 */
function useRightColumn(dispatch: AppStore['dispatch']) {
  const { pathname } = useLocation();
  // The path the column first showed decides which lists it needs first; later ones load as usual.
  const [firstPath] = useState(pathname);
  return useMemo(
    () =>
      lazy(() =>
        whenWide().then(() =>
          Promise.all([
            import(/* webpackChunkName: "right-column" */ './RightSidebar'),
            // The server draws the column from its own store (RightColumnStoreContext).
            RENDERING_ON_SERVER ? undefined : loadRightColumnData(dispatch, firstPath).catch(() => undefined),
          ]).then(([m]) => ({ default: m.RightSidebar }), failedPart),
        ),
      ),
    [dispatch, firstPath],
  );
}

/**
 * The frame of every screen, one tree for every width: desktop (md+) shows the navigation
 * column and the content, large screens (lg+) also the right column; phones the top bar, the
 * slide-in menu and the full-screen search. Which shows is decided by CSS media queries, not by
 * script, so a page the server drew fits whatever screen opens it and crossing a breakpoint
 * (rotating a tablet) keeps the screen's state. The columns follow the reading direction (start
 * side first), so in Arabic the navigation is on the right.
 */
export function AppLayout() {
  useStartAtTop();
  // A stored session's profile, asked for while the screen shows.
  useSessionUser();
  const RightSidebar = useRightColumn((useStore() as AppStore).dispatch);
  const rightColumnStore = useContext(RightColumnStoreContext);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const navKept = useKeptFrom(DESKTOP_QUERY);
  useEffect(() => {
    if (navKept) return;
    const timer = setTimeout(() => void Promise.all([loadMobileDrawer(), loadMobileSearch()]).catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, [navKept]);
  const rightColumnKept = useKeptFrom(WIDE_QUERY);

  const rightColumn = !rightColumnKept ? null : (
    <Suspense fallback={<Box component="aside" sx={{ width: 320, display: { xs: 'none', lg: 'block' } }} />}>
      {/* One lazy component per store and first path (useRightColumn's useMemo), not one per render. */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      <RightSidebar />
    </Suspense>
  );

  return (
    <>
      <SkipLink />
      <SessionWatcher />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, justifyContent: 'center', minHeight: '100vh' }}>
        {navKept ? (
          <Suspense fallback={null}>
            <DesktopNav display={DESKTOP} />
          </Suspense>
        ) : null}
        <MobileTopBar menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} onOpenSearch={() => setSearchOpen(true)} />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            minWidth: 0,
            maxWidth: { xs: 'none', md: 680 },
            px: 2,
            pb: 4,
            minHeight: '100vh',
            borderInline: { xs: 0, md: 1 },
            borderColor: 'divider',
            '&:focus': { outline: 'none' },
          }}
        >
          <OfflineBannerSlot />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <ScreenTakenOver />
          </Suspense>
        </Box>
        {rightColumnStore && rightColumn ? <Provider store={rightColumnStore}>{rightColumn}</Provider> : rightColumn}
      </Box>
      <Suspense fallback={null}>
        {menuOpen ? <MobileDrawer open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
        {searchOpen ? <MobileSearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} /> : null}
      </Suspense>
    </>
  );
}
