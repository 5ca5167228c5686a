import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { GUEST_SCREENS, PUBLIC_SCREENS, READER_SCREENS, SCREEN_PATTERNS, type ScreenPattern } from '../../shared/routes';
import { AppLayout } from '../features/layout/AppLayout';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { SessionGate } from './guards/SessionGate';
import { loadScreenStrings } from '../i18n';
import { failedPart } from './chunks';

/** A route's screen: rendered directly once its chunk is here, lazily before. */
export interface Screen<P extends object> {
  (props: P): ReactElement;
  /** Loads the chunk (and the screen strings it needs); resolves once it renders without suspending. */
  preload(): Promise<void>;
}

/**
 * Every screen is its own chunk. Once the chunk has arrived the screen renders directly: a lazy
 * component would still suspend on its first render, which on a page the server drew first
 * (src/web/ssr.tsx) would swap that page for the spinner for a moment. Screens beyond the feed
 * bring their strings with them.
 */
function screen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, strings = true): Screen<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= Promise.all([load(), strings ? loadScreenStrings() : undefined]).then(
      ([module]) => {
        Loaded = module.default;
        return module;
      },
      (err: unknown) => {
        pending = undefined; // A failed download (offline) may be tried again.
        throw err;
      },
    );
    return pending;
  };
  // Asked for once more should it fail (the strings too: a failed part of them is fetched anew,
  // i18n/index.ts); should it fail again, the screen is empty and the reader told why, and a
  // reload tries again (the home route's JS budget leaves no room for more).
  const Lazy = lazy(() => preload().catch(preload).catch(failedPart<P>));
  const Component = (props: P) => (Loaded ? <Loaded {...props} /> : <Lazy {...props} />);
  return Object.assign(Component, { preload: () => preload().then(() => undefined) });
}

// The layout (needed by all) is in the entry. The home screen's strings are in the entry too.
const HomePage = screen(() => import(/* webpackChunkName: "home" */ '../features/feed/HomePage'), false);
const ExplorePage = screen(() => import('../features/explore/ExplorePage'));
const CategoriesPage = screen(() => import('../features/categories/CategoriesPage'));
const TypesPage = screen(() => import('../features/types/TypesPage'));
const TypePage = screen(() => import('../features/types/TypePage'));
const HashtagsPage = screen(() => import('../features/hashtags/HashtagsPage'));
const HashtagPage = screen(() => import('../features/hashtags/HashtagPage'));
const OrganizationsPage = screen(() => import('../features/organizations/OrganizationsPage'));
const OrganizationPage = screen(() => import('../features/organizations/OrganizationPage'));
const PostPage = screen(() => import('../features/post/PostPage'));
const PostPrintPage = screen(() => import('../features/post/print/PostPrintPage'));
const PostComparePage = screen(() => import('../features/post/compare/PostComparePage'));
const VerifyPage = screen(() => import('../features/verify/VerifyPage'));
const OfflinePage = screen(() => import(/* webpackChunkName: "offline-page" */ '../features/offline/OfflinePage'));
const ProfilePage = screen(() => import('../features/profile/ProfilePage'));
const BookmarksPage = screen(() => import('../features/bookmarks/BookmarksPage'));
// One chunk with the follow button of organizations', types' and hashtags' pages (Follow.tsx).
const FollowingPage = screen(() => import(/* webpackChunkName: "following" */ '../features/following/FollowingPage'));
const SettingsPage = screen(() => import('../features/settings/SettingsPage'));
const LoginPage = screen(() => import('../features/auth/LoginPage'));
const SignupPage = screen(() => import('../features/auth/SignupPage'));
const ForgotPasswordPage = screen(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = screen(() => import('../features/auth/ResetPasswordPage'));
const SitePage = screen(() => import('../features/site/SitePage'));
const AlertsRoutes = screen(() => import(/* webpackChunkName: "alerts" */ '../features/alerts/AlertsRoutes'));
const StudioRoutes = screen(() => import('../features/studio/StudioRoutes'));

/**
 * The screen of each pattern of the route table (src/shared/routes.ts, which the server reads
 * too): typed by it, so a pattern without a screen, or a screen for no pattern, does not compile.
 */
const SCREENS: Record<ScreenPattern, Screen<never>> = {
  '/': HomePage,
  '/explore': ExplorePage,
  '/categories': CategoriesPage,
  '/types': TypesPage,
  '/types/:id': TypePage,
  '/hashtags': HashtagsPage,
  '/hashtags/:slug': HashtagPage,
  '/organizations': OrganizationsPage,
  '/organizations/:code': OrganizationPage,
  '/post/:slug/print': PostPrintPage,
  '/post/:slug/compare/:a/:b': PostComparePage,
  '/post/:slug/*': PostPage,
  '/verify': VerifyPage,
  '/offline': OfflinePage,
  '/profile/:username': ProfilePage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/about': SitePage,
  '/privacy': SitePage,
  '/terms': SitePage,
  '/alerts/*': AlertsRoutes,
  '/bookmarks': BookmarksPage,
  '/following': FollowingPage,
  '/settings': SettingsPage,
  '/studio/*': StudioRoutes,
  '/login': LoginPage,
  '/signup': SignupPage,
};

/** The screens shown with props of their own; the others take none. */
const ELEMENTS: Partial<Record<ScreenPattern, ReactElement>> = {
  '/about': <SitePage topic="about" />,
  '/privacy': <SitePage topic="privacy" />,
  '/terms': <SitePage topic="terms" />,
};

/** Loads the chunk of the screen a path shows (nothing for an unknown path). */
export function preloadScreen(pathname: string): Promise<void> {
  const found = SCREEN_PATTERNS.find((pattern) => matchPath(pattern, pathname));
  return found ? SCREENS[found].preload() : Promise.resolve();
}

const routes = (patterns: readonly ScreenPattern[]) =>
  patterns.map((path) => <Route key={path} path={path} element={ELEMENTS[path] ?? createElement(SCREENS[path] as Screen<object>)} />);

/**
 * The route table of spec §2. Declarative routes, so the same tree runs under BrowserRouter
 * (start.tsx) and MemoryRouter (tests). Suspense for the lazy screens is inside AppLayout, so
 * the navigation stays on screen while a chunk loads.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {routes(PUBLIC_SCREENS)}
        {/* Public screens show at once for everyone (a signed-in reader's own bits fill in when
            the profile arrives, AppLayout); the guards need the profile first. */}
        <Route element={<SessionGate />}>
          <Route element={<RequireAuth />}>{routes(READER_SCREENS)}</Route>
          <Route element={<GuestOnly />}>{routes(GUEST_SCREENS)}</Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
