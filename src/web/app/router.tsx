import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../features/layout/AppLayout';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { SessionGate } from './guards/SessionGate';
import { loadScreenStrings } from '../i18n';

/** A screen beyond the feed: its chunk and the screen strings load together. */
function screen<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => (await Promise.all([load(), loadScreenStrings()]))[0]);
}

// Every screen is its own chunk; the layout (needed by all) is in the entry. The home screen's
// strings are in the entry too; every other screen's arrive with it.
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/feed/HomePage'));
const ExplorePage = screen(() => import('../features/explore/ExplorePage'));
const CategoriesPage = screen(() => import('../features/categories/CategoriesPage'));
const TypesPage = screen(() => import('../features/types/TypesPage'));
const TypePage = screen(() => import('../features/types/TypePage'));
const HashtagsPage = screen(() => import('../features/hashtags/HashtagsPage'));
const HashtagPage = screen(() => import('../features/hashtags/HashtagPage'));
const OrganizationsPage = screen(() => import('../features/organizations/OrganizationsPage'));
const OrganizationPage = screen(() => import('../features/organizations/OrganizationPage'));
const PostPage = screen(() => import('../features/post/PostPage'));
const ProfilePage = screen(() => import('../features/profile/ProfilePage'));
const BookmarksPage = screen(() => import('../features/bookmarks/BookmarksPage'));
const SettingsPage = screen(() => import('../features/settings/SettingsPage'));
const LoginPage = screen(() => import('../features/auth/LoginPage'));
const SignupPage = screen(() => import('../features/auth/SignupPage'));
const ForgotPasswordPage = screen(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = screen(() => import('../features/auth/ResetPasswordPage'));
const SitePage = screen(() => import('../features/site/SitePage'));

/**
 * The route table of spec §2. Declarative routes, so the same tree runs under BrowserRouter
 * (index.tsx) and MemoryRouter (tests). Suspense for the lazy screens is inside AppLayout, so
 * the navigation stays on screen while a chunk loads.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SessionGate />}>
        <Route element={<AppLayout />}>
          <Route index element={<HomePage />} />
          <Route path="explore" element={<ExplorePage />} />
          <Route path="categories" element={<CategoriesPage />} />
          <Route path="types" element={<TypesPage />} />
          <Route path="types/:id" element={<TypePage />} />
          <Route path="hashtags" element={<HashtagsPage />} />
          <Route path="hashtags/:slug" element={<HashtagPage />} />
          <Route path="organizations" element={<OrganizationsPage />} />
          <Route path="organizations/:code" element={<OrganizationPage />} />
          <Route path="post/:slug" element={<PostPage />} />
          <Route path="profile/:username" element={<ProfilePage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="about" element={<SitePage topic="about" />} />
          <Route path="privacy" element={<SitePage topic="privacy" />} />
          <Route path="terms" element={<SitePage topic="terms" />} />
          <Route element={<RequireAuth />}>
            <Route path="bookmarks" element={<BookmarksPage />} />
            <Route path="settings" element={<SettingsPage />} />
          </Route>
          <Route element={<GuestOnly />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignupPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
