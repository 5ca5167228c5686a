/**
 * The app's start, once its libraries are in (src/web/index.tsx): the store, the answers the page
 * was drawn from, then the take-over of the drawn page or the first render.
 */
import { startTransition, StrictMode, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { authApi } from './api/auth';
import { baseApi, serverAnswersArrived } from './api/baseApi';
import { isFirstScreenOnly } from './api/firstScreen';
import { hashtagsApi } from './api/hashtags';
import { organizationsApi } from './api/organizations';
import { postsApi } from './api/posts';
import { AppProviders } from './app/providers';
import { firstRenderReady } from './app/firstRender';
import { AppRoutes, preloadScreen } from './app/router';
import type { PageClock } from './app/clock';
import { ScreenTakenOverContext } from './app/takeOver';
import { makeStore, startPersistence, type AppStore, type RootState } from './app/store';
import { initialSessionState } from './state/sessionSlice';
import { loadReaderParts } from './features/layout/readerParts';
import { feedArg } from './api/feedQuery';
import i18n, { loadLanguage } from './i18n';
import { APP_READY, SERVER_ANSWERS_ID } from './pageMarks';
import type { DrawnAnswers } from './serverPage';
import { registerFonts } from './theme/fonts';
import { mark, nextTask } from './app/startSteps';
import { startOfflineApp } from './pwa/boot';
import { startOutbox } from './pwa/startOutbox';

registerFonts();

const store = makeStore();
const persistor = startPersistence(store);
mark('app');

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
/**
 * Asks for the whole of each list page a drawn page carried only the first screen of
 * (src/web/firstScreenPage.ts): the rest of its posts show below the ones already drawn.
 */
function completeFirstScreen() {
  type Entry = { status?: string; endpointName?: string; originalArgs?: unknown; data?: unknown } | undefined;
  type Initiate = (args: unknown, options: { subscribe: false; forceRefetch: true }) => Parameters<AppStore['dispatch']>[0];
  const { queries } = store.getState().api as { queries: Record<string, Entry> };
  // The generated endpoints are injected into the one API at run time.
  const endpoints = baseApi.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
  for (const query of Object.values(queries)) {
    if (query?.status !== 'fulfilled' || !query.endpointName || !isFirstScreenOnly(query.data)) continue;
    const endpoint = endpoints[query.endpointName];
    if (endpoint) void store.dispatch(endpoint.initiate(query.originalArgs, { subscribe: false, forceRefetch: true }));
  }
}

const container: HTMLElement = document.getElementById('root') ?? failStart('#root is missing from index.html');
function failStart(message: string): never {
  throw new Error(message);
}

/**
 * The answers a page drawn by the server was drawn from (src/web/ssr.tsx), and what it was drawn
 * for: the store starts from them, so the first render is the server's page, which React then
 * takes over (hydration) instead of drawing it again.
 */
function serverAnswers(): DrawnAnswers | null {
  const script = document.getElementById(SERVER_ANSWERS_ID);
  if (!script) return null;
  script.remove();
  try {
    return JSON.parse(script.textContent ?? '') as DrawnAnswers;
  } catch {
    return null;
  }
}

/** A step of the start, for the browser's performance timeline (Lighthouse's user timings). */

/**
 * `<html data-app-ready>` once the app has drawn or taken over the page (its handlers are on
 * it): presses made before are replayed then (src/web/serverPage.ts), and the browser tests and
 * the benchmarks wait for it after a page load.
 */
function Interactive({ ready }: { ready: boolean }) {
  useEffect(() => {
    if (ready) document.documentElement.setAttribute(APP_READY, '');
  }, [ready]);
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

/**
 * The store as a visitor sees it: the page the server drew has nothing of a signed-in reader, so
 * the app takes it over as a visitor's, then turns to the real session (TakeOver) and fills in
 * the reader's own bits: their name and picture, their bookmarks' marks. The same state object
 * is handed back while the store's is unchanged (react-redux compares them).
 */
function visitorView(real: AppStore): AppStore {
  let seen: RootState | undefined;
  let view: RootState | undefined;
  const getState = () => {
    const state = real.getState();
    if (state !== seen) {
      seen = state;
      view = { ...state, session: initialSessionState };
    }
    return view as RootState;
  };
  return { ...real, getState };
}

/** No session, or its profile is in (the take-over reads it too, as the server snapshot). */
const profileLoaded = () => {
  const { session } = store.getState();
  return !(session.access && session.refresh) || session.user !== null;
};

/** The longest the app waits for an idle moment after the take-over (a busy page goes on anyway). */
const IDLE_WAIT_MS = 1000;

/** Calls `then` once the browser is idle (or after IDLE_WAIT_MS); returns the cancel. */
function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout: IDLE_WAIT_MS });
    return () => window.cancelIdleCallback(id);
  }
  // Without it (Safari): after the slices of the take-over that are already queued.
  const timer = setTimeout(then, 200);
  return () => clearTimeout(timer);
}

/** How long presses kept before the take-over wait for a signed-in reader's profile. */
const PROFILE_WAIT_MS = 5000;

/** Takes over the drawn page as a visitor's, then gives the app the reader's real session. */
function TakeOver({ signedIn, children }: { signedIn: boolean; children: (store: AppStore) => ReactNode }) {
  const [current, setCurrent] = useState(() => (signedIn ? visitorView(store) : store));
  const [screenTaken, setScreenTaken] = useState(false);
  // A signed-in reader's presses kept meanwhile are replayed once their profile is in (the
  // bookmark button waits for it), or after PROFILE_WAIT_MS whatever happened to it.
  const profileIn = useSyncExternalStore(store.subscribe, profileLoaded, profileLoaded);
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const sessionReady = profileIn || waitedEnough;
  const taken = useCallback(() => setScreenTaken(true), []);
  // The screen's boundary is the app's, but what it holds (explore's sections, the post's parts)
  // may still be taken over in slices: a store change meanwhile makes React take all of it over
  // at once (react-redux's updates are urgent), a long task on a slow phone. So the calls that
  // change the store wait until the browser is idle, that is until the take-over is done.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!screenTaken) return undefined;
    return whenIdle(() => setSettled(true));
  }, [screenTaken]);
  // The rest of the lists the page drew the first screen of, once it is the app's.
  useEffect(() => {
    if (settled) completeFirstScreen();
  }, [settled]);
  useEffect(() => {
    if (!settled || current === store) return;
    // In slices too: the whole page is drawn again for the reader's session.
    startTransition(() => setCurrent(store));
    // The answers were a visitor's: each post's is_bookmarked, a profile's is_following, are the
    // reader's only once asked again.
    store.dispatch(postsApi.util.invalidateTags(['Post']));
    store.dispatch(authApi.util.invalidateTags(['User']));
  }, [settled, current]);
  // The same elements while the store is the same: marking the screen taken over must not draw
  // the whole page again (a long task on a slow phone, right after the take-over).
  const tree = useMemo(() => <ScreenTakenOverContext.Provider value={taken}>{children(current)}</ScreenTakenOverContext.Provider>, [taken, children, current]);
  return (
    <>
      {tree}
      {/* Presses kept before now are replayed once the reader's session is the app's. */}
      <Interactive ready={screenTaken && current === store && sessionReady} />
    </>
  );
}

// The stored session and preferences are back before the first render (a few milliseconds:
// localStorage), so that render is the reader's own page, with no gate drawing nothing first.
async function start() {
  await nextTask();
  // The answers the page was drawn from, into the store (parsing and keeping them is a step).
  const drawn = serverAnswers();
  if (drawn) store.dispatch(serverAnswersArrived(drawn));
  mark('answers');
  await bootstrapped;
  // Bookmark writes made offline are kept and sent when the network is back (issue 31).
  startOutbox(store);
  prefetchLandingScreen();
  // The service worker, once the page has loaded (issue 31: installable, reading offline).
  startOfflineApp(store);
  const { preferences, session } = store.getState();
  // A signed-in reader's own parts of the frame (links, card, sign-out), on their way beside the rest.
  const readerParts = session.access || session.refresh ? loadReaderParts().catch(() => undefined) : undefined;
  // A page drawn for other preferences than the stored ones (no cookie yet, written now for the
  // next page): the app draws the reader's own instead of taking it over.
  const fits = !!drawn && drawn.preferences.language === preferences.language && drawn.preferences.theme === preferences.theme;
  // A reader who chose English gets its strings before the first render, not a flash of Arabic
  // (nor Arabic labels around English content while the screen's English strings arrive).
  const { language } = preferences;
  await loadLanguage(language).catch(() => undefined);
  if (i18n.language !== language) await i18n.changeLanguage(language).catch(() => undefined);
  // The screen's chunk, with its strings in that language, so the first render is the screen:
  // where the server drew it, nothing may suspend; elsewhere, no spinner for a moment. (Its
  // files were preloaded beside the entry; a failed download is tried again by the screen.)
  await preloadScreen(window.location.pathname).catch(() => undefined);
  const app = (current: AppStore, clock?: PageClock) => (
    <StrictMode>
      <AppProviders store={current} clock={clock}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  if (drawn && fits) {
    // And the chunks the screen renders directly (the post card's content).
    await firstRenderReady();
    await nextTask();
    mark('take-over');
    const signedIn = !!(session.access || session.refresh);
    // A transition: React takes the page over in short slices (yielding to the browser every few
    // milliseconds) rather than one long task, so a slow phone answers a press meanwhile, and a
    // press on a part not yet taken over takes that part over first.
    startTransition(() => {
      hydrateRoot(container, <TakeOver signedIn={signedIn}>{(current) => app(current, drawn.clock)}</TakeOver>, {
        // A difference (a relative date that turned a minute meanwhile) is mended by drawing
        // that part again; worth a note for developers, not an error for readers.
        onRecoverableError: (error, info) => console.warn('Qarar: the page drawn by the server differed here; drawn again.', error, (error as { cause?: unknown }).cause, info.componentStack),
      });
    });
    return;
  }
  // Drawn by the app itself, a signed-in reader's frame is theirs from the first render (a page
  // the server drew is a visitor's, and its reader's parts come after the take-over).
  await readerParts;
  await nextTask();
  mark('render');
  container.replaceChildren();
  // Answers of a page drawn for another reader are still good, lists cut short made whole.
  completeFirstScreen();
  const root = createRoot(container);
  // The first render is a transition: React draws it in short slices, so a slow phone stays
  // responsive (and can paint) while the screen builds, instead of running one long task.
  startTransition(() =>
    root.render(
      <>
        {app(store)}
        <Interactive ready />
      </>,
    ),
  );
}
void start();
