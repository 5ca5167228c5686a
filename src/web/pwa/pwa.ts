/**
 * The installable, offline-capable app (issue 31), loaded after the page (src/web/pwa/boot.ts):
 * registers the service worker (workbox-window), offers a new version and loads it only when the
 * reader agrees and nothing typed is unsaved, keeps what the reader reads and has bookmarked, and
 * removes every signed-in thing kept on the device when the reader signs out or another signs in.
 */
import { Workbox } from 'workbox-window';
import { authApi } from '../api/auth';
import { hashtagsApi } from '../api/hashtags';
import { organizationsApi } from '../api/organizations';
import { postsApi } from '../api/posts';
import { bookmarksApi } from '../api/bookmarks';
import { BOOKMARKS_PAGE_SIZE } from '../features/bookmarks/pageSize';
import type { AppStore } from '../app/store';
import { hasUnsavedWork } from '../app/unsavedWork';
import { toast } from '../components/toast';
import i18n from '../i18n';
import { CACHES, OFFLINE_PATH, UNKEPT_PAGE } from './offlineCaches';
import { clearSignedInData, keepSavedPosts, signedInDataKept } from './offlineData';
import { addOfflineStrings } from './offlineStrings';

/** The account whose answers are kept on this device (localStorage, read before anything is shown). */
export const OWNER_KEY = 'qarar:offline-owner';
/** Bookmarked posts kept at most (pages of the bookmark list asked for). */
const SAVED_PAGE_SIZE = 50;
const SAVED_PAGES_MAX = 10;

type State = ReturnType<AppStore['getState']>;

const storage = {
  get: (): string | null => {
    try {
      return localStorage.getItem(OWNER_KEY);
    } catch {
      return null;
    }
  },
  set: (value: string | null) => {
    try {
      if (value === null) localStorage.removeItem(OWNER_KEY);
      else localStorage.setItem(OWNER_KEY, value);
    } catch {
      // Storage refused: the sign-out below still clears.
    }
  },
};

/** The writes queue (the bookmarks' outbox), emptied with the rest at sign-out. */
async function clearQueue(): Promise<void> {
  const { clearOutbox } = await import(/* webpackChunkName: "outbox" */ './outbox');
  await clearOutbox();
}

let clearing: Promise<void> = Promise.resolve();
function clearAll(): Promise<void> {
  clearing = clearing.then(() => clearSignedInData(clearQueue)).catch(() => undefined);
  return clearing;
}

/**
 * Signing out (or a session that ended, or another account signing in) removes every kept
 * signed-in answer, the offline attachments and the queue of writes; the owner is remembered so
 * that a sign-out made while this code was not loaded is caught at the next start.
 */
function watchSession(store: AppStore, onReader: () => void) {
  let last: State['session'] | undefined;
  const check = async () => {
    const { session } = store.getState();
    if (session === last) return;
    const before = last;
    last = session;
    const owner = storage.get();
    if (!session.access) {
      if (owner !== null || (before?.access ?? null) !== null || (await signedInDataKept())) {
        storage.set(null);
        await clearAll();
      }
      return;
    }
    if (!session.user) return;
    const id = String(session.user.id);
    if (owner !== null && owner !== id) await clearAll();
    storage.set(id);
    // A new reader, or their bookmarks changed (the count comes back with each change).
    const seen = before?.user;
    if (!seen || seen.id !== session.user.id || seen.bookmarks_count !== session.user.bookmarks_count) onReader();
  };
  void check();
  store.subscribe(() => void check());
}

/**
 * The reader's bookmarks kept for reading offline: the bookmarks screen's first page as that
 * screen asks for it (through the app's own query, so the address is the one it will ask for
 * offline), and the answer of every bookmarked post (all pages of the list, within bounds).
 */
async function keepBookmarked(store: AppStore) {
  if (!store.getState().session.access || !navigator.onLine || !navigator.serviceWorker.controller) return;
  // The reader's own answer, for a start offline (it was asked for before the worker took the page).
  await store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  await store.dispatch(bookmarksApi.endpoints.listBookmarks.initiate({ pageSize: BOOKMARKS_PAGE_SIZE, page: 1 }, { subscribe: false, forceRefetch: true }));
  const { session, preferences } = store.getState();
  if (!session.access) return;
  const language = preferences.language;
  const slugs: string[] = [];
  let whole = false;
  for (let page = 1; page <= SAVED_PAGES_MAX; page++) {
    const response = await fetch(`/api/v1/content/bookmarks/?page=${page}&page_size=${SAVED_PAGE_SIZE}`, {
      headers: { authorization: `Bearer ${session.access}`, 'accept-language': language },
    });
    if (!response.ok) return;
    const body = (await response.json()) as { results?: Array<{ post?: { slug?: string } }>; next?: string | null };
    for (const b of body.results ?? []) if (b.post?.slug) slugs.push(b.post.slug);
    if (!body.next) {
      whole = true;
      break;
    }
  }
  // The session may have ended meanwhile: nothing is kept for a reader who left.
  if (store.getState().session.access !== session.access) return;
  await keepSavedPosts(slugs, { access: session.access, language, whole });
}

/**
 * The page the app was opened at, kept as drawn: it was fetched before the worker took the page,
 * so the worker did not see it. A page the reader opens later passes through the worker.
 */
async function keepOpenedPage() {
  const { pathname, href } = window.location;
  if (UNKEPT_PAGE.test(pathname) || pathname === OFFLINE_PATH) return;
  const cache = await caches.open(CACHES.pages);
  if (await cache.match(href, { ignoreVary: true })) return;
  const response = await fetch(href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  const control = response.headers.get('cache-control') ?? '';
  if (response.status === 200 && response.headers.get('x-page') !== 'app' && !/private|no-store/i.test(control)) await cache.put(href, response);
}

/** Whether this tab's reader agreed to the new version (then its taking over reloads the page). */
let accepted = false;
/** The offer on screen: one at a time (a new one replaces it). */
let offered: ReturnType<typeof toast.offer> | undefined;

function offer(onAction: () => void) {
  if (offered !== undefined) toast.dismiss(offered);
  // A key of its own each time: the one just closed may still be leaving the screen.
  offered = toast.offer(i18n.t('offline.update.available'), i18n.t('offline.update.reload'), onAction, { closeLabel: i18n.t('toast.dismiss') });
}

function offerUpdate(wb: Workbox) {
  offer(() => {
    // Never over a form holding unsaved text: say so, and offer again for when it is saved.
    if (hasUnsavedWork()) {
      toast.info(i18n.t('offline.update.unsaved'));
      offerUpdate(wb);
      return;
    }
    accepted = true;
    wb.messageSkipWaiting();
  });
}

/**
 * A public list is shown from what the worker kept while a fresh answer is fetched behind it
 * (stale-while-revalidate): when that answer differs, the worker says so (workbox-broadcast-update)
 * and the lists on screen are asked for again, which the worker now answers with the fresh one.
 */
function refreshListsWhenUpdated(store: AppStore) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ meta?: string; type?: string }>) => {
    if (event.data?.meta !== 'workbox-broadcast-update' || event.data.type !== 'CACHE_UPDATED') return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      store.dispatch(postsApi.util.invalidateTags([{ type: 'Post', id: 'LIST' }, { type: 'Category', id: 'LIST' }, { type: 'PostType', id: 'LIST' }]));
      store.dispatch(hashtagsApi.util.invalidateTags([{ type: 'Hashtag', id: 'LIST' }]));
      store.dispatch(organizationsApi.util.invalidateTags([{ type: 'Organization', id: 'LIST' }]));
    }, 300);
  });
}

export function startPwa(store: AppStore): void {
  addOfflineStrings();
  const wb = new Workbox('/sw.js');
  refreshListsWhenUpdated(store);
  // The reader's bookmarks are kept when they change, when the network is back, and once the
  // worker first takes the page (before, nothing it fetched would be kept).
  let keeping: ReturnType<typeof setTimeout> | undefined;
  const keepSoon = () => {
    clearTimeout(keeping);
    keeping = setTimeout(() => void keepBookmarked(store).catch(() => undefined), 2000);
  };
  watchSession(store, keepSoon);
  window.addEventListener('online', keepSoon);
  wb.addEventListener('waiting', () => offerUpdate(wb));
  // Workbox's isUpdate tells whether a worker controlled the page when it was registered; a
  // version installed during this visit and then replaced is an update all the same.
  let controlled = !!navigator.serviceWorker.controller;
  wb.addEventListener('controlling', () => {
    const before = controlled;
    controlled = true;
    if (!before) {
      // The first version took this page: from now on what it reads is kept.
      void keepOpenedPage().catch(() => undefined);
      keepSoon();
      return;
    }
    // A new version took over (this reader agreed, or did in another tab): its files replace
    // this page's, so the page reloads, unless a form holds unsaved text.
    if (accepted || !hasUnsavedWork()) window.location.reload();
    else offer(() => window.location.reload());
  });
  wb.register().then(
    () => {
      if (navigator.serviceWorker.controller) void keepOpenedPage().catch(() => undefined);
    },
    // A browser that refuses workers (a private window, a policy, a test that blocks them): the
    // portal works on as a site, with nothing kept.
    () => undefined,
  );

}
