import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../features/layout/AppLayout';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { SessionGate } from './guards/SessionGate';

// Every screen is its own chunk; the layout (needed by all) is in the entry.
const HomePage = lazy(() => import('../features/feed/HomePage'));
const ExplorePage = lazy(() => import('../features/explore/ExplorePage'));
const CategoriesPage = lazy(() => import('../features/categories/CategoriesPage'));
const TypesPage = lazy(() => import('../features/types/TypesPage'));
const TypePage = lazy(() => import('../features/types/TypePage'));
const HashtagsPage = lazy(() => import('../features/hashtags/HashtagsPage'));
const HashtagPage = lazy(() => import('../features/hashtags/HashtagPage'));
const OrganizationsPage = lazy(() => import('../features/organizations/OrganizationsPage'));
const OrganizationPage = lazy(() => import('../features/organizations/OrganizationPage'));
const PostPage = lazy(() => import('../features/post/PostPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const BookmarksPage = lazy(() => import('../features/bookmarks/BookmarksPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));

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
