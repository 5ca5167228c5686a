import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { hashtagsApi } from './api/hashtags';
import { organizationsApi } from './api/organizations';
import { postsApi } from './api/posts';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { makeStore, startPersistence } from './app/store';
import { feedArg } from './features/feed/feedQuery';
import { loadLanguage } from './i18n';
import { registerFonts } from './theme/fonts';

registerFonts();

const store = makeStore();
const persistor = startPersistence(store);

/**
 * The first answers a landing screen needs (the home feed, explore, a shared post, an
 * organization) are asked for as soon as the stored session is back, so the requests carry the
 * reader's token and language, rather than after the screen's code has loaded and drawn: on a
 * slow phone that is most of a second earlier. The arguments are the screens' own (the home
 * feed's feedArg itself; explore's toListPostsArgs({}) and its sections', PostLoader's and
 * OrganizationLoader's, with page 1 for a paged list), so each screen finds the answer, or the
 * request under way, in the cache; were they ever to differ, the cost is one extra request,
 * never a wrong screen.
 */
function prefetchLandingScreen() {
  const { pathname, search } = window.location;
  // As the router hands a path segment to the screen (decoded), encoded once as the screens do.
  const segment = (prefix: string) => {
    const m = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(pathname);
    if (!m) return undefined;
    try {
      return encodeURIComponent(decodeURIComponent(m[1]));
    } catch {
      return undefined;
    }
  };
  const slug = segment('post');
  const code = segment('organizations');
  if (pathname === '/' && !search) {
    store.dispatch(postsApi.util.prefetch('listPosts', { ...feedArg(undefined), page: 1 }, {}));
  } else if (/^\/explore\/?$/.test(pathname) && !search) {
    // Explore without filters: toListPostsArgs({}) with page 1, and its sections' lists.
    store.dispatch(postsApi.util.prefetch('listPosts', { status: 'published', ordering: '-published_at', pageSize: 20, page: 1 }, {}));
    store.dispatch(postsApi.util.prefetch('listCategories', undefined, {}));
    store.dispatch(postsApi.util.prefetch('listPostTypes', undefined, {}));
    store.dispatch(hashtagsApi.util.prefetch('listTrendingHashtags', { limit: 15 }, {}));
  } else if (slug) {
    store.dispatch(postsApi.util.prefetch('getPost', { slug }, {}));
  } else if (code) {
    store.dispatch(organizationsApi.util.prefetch('getOrganization', { code }, {}));
    store.dispatch(organizationsApi.util.prefetch('listOrganizationPosts', { code, pageSize: 20, page: 1 }, {}));
  }
}
if (persistor.getState().bootstrapped) prefetchLandingScreen();
else {
  const stop = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    stop();
    prefetchLandingScreen();
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A reader who chose English gets its strings before the first render, not a flash of Arabic.
// The first render is a transition: React draws it in short slices, so a slow phone stays
// responsive (and can paint) while the screen builds, instead of running one long task.
void loadLanguage(store.getState().preferences.language).finally(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders store={store} persistor={persistor}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});
