import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { serverAnswersArrived } from './api/baseApi';
import { hashtagsApi } from './api/hashtags';
import { organizationsApi } from './api/organizations';
import { postsApi } from './api/posts';
import { AppProviders } from './app/providers';
import { firstRenderReady } from './app/firstRender';
import { AppRoutes, preloadScreen } from './app/router';
import { makeStore, startPersistence } from './app/store';
import { feedArg } from './features/feed/feedQuery';
import i18n, { loadLanguage } from './i18n';
import { APP_READY, SERVER_ANSWERS_ID, SERVER_PAGE_OFF } from './serverPage';
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
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The answers a page drawn by the server was drawn from (src/web/ssr.tsx), when the check at
 * the top of <body> kept that page (src/web/serverPage.ts): the store starts from them, so the
 * first render is the server's page, which React then takes over (hydration) instead of
 * drawing it again. Otherwise the drawn page (if any) is dropped and the app draws its own.
 */
function serverAnswers(): { api: unknown } | null {
  const script = document.getElementById(SERVER_ANSWERS_ID);
  if (!script) return null;
  script.remove();
  if (document.documentElement.hasAttribute(SERVER_PAGE_OFF)) return null;
  try {
    return JSON.parse(script.textContent ?? '') as { api: unknown };
  } catch {
    return null;
  }
}
const drawn = serverAnswers();
if (drawn) store.dispatch(serverAnswersArrived(drawn));

/**
 * `<html data-app-ready>` once the app has drawn or taken over the page (its handlers are on
 * it): what the browser tests and the benchmarks wait for after a page load.
 */
function Interactive() {
  useEffect(() => document.documentElement.setAttribute(APP_READY, ''), []);
  return null;
}

const bootstrapped = new Promise<void>((resolve) => {
  if (persistor.getState().bootstrapped) return resolve();
  const stop = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    stop();
    resolve();
  });
});

// The stored session and preferences are back before the first render (a few milliseconds:
// localStorage), so that render is the reader's own page, with no gate drawing nothing first.
void bootstrapped.then(async () => {
  prefetchLandingScreen();
  // A reader who chose English gets its strings before the first render, not a flash of Arabic
  // (nor Arabic labels around English content while the screen's English strings arrive).
  const { language } = store.getState().preferences;
  await loadLanguage(language).catch(() => undefined);
  if (i18n.language !== language) await i18n.changeLanguage(language).catch(() => undefined);
  // The screen's chunk, with its strings in that language, so the first render is the screen:
  // where the server drew it, nothing may suspend; elsewhere, no spinner for a moment. (Its
  // files were preloaded beside the entry; a failed download is tried again by the screen.)
  await preloadScreen(window.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
      <Interactive />
    </StrictMode>
  );
  if (drawn) {
    // And the chunks the screen renders directly (the post card's content).
    await firstRenderReady();
    hydrateRoot(container, app, {
      // A difference (a relative date that turned a minute meanwhile) is mended by drawing
      // that part again; worth a note for developers, not an error for readers.
      onRecoverableError: (error) => console.warn('Qarar: the page drawn by the server differed here; drawn again.', error),
    });
    return;
  }
  container.replaceChildren();
  document.documentElement.removeAttribute(SERVER_PAGE_OFF);
  const root = createRoot(container);
  // The first render is a transition: React draws it in short slices, so a slow phone stays
  // responsive (and can paint) while the screen builds, instead of running one long task.
  startTransition(() => root.render(app));
});
