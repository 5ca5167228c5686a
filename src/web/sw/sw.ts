/// <reference lib="webworker" />
/**
 * The service worker (issue 31), built by Workbox's InjectManifest (webpack.config.ts) into
 * /sw.js. What it keeps, and for how long, is in src/web/pwa/offlineCaches.ts:
 * - the app's files, precached by their hashed names (the build's list);
 * - pages: network first with a short wait, then the kept copy; a page not kept opens the app
 *   (when what it shows is kept) or the offline page, in the reader's language;
 * - public API lists stale-while-revalidate (the app is told when a fresher answer came); a
 *   post's answer network first; images cache first within a byte limit;
 * - a signed-in reader's answers only where offline reading needs them (the bookmarks, the reader,
 *   a post as they read it), all dropped at sign-out; nothing else marked private, nothing from
 *   the workspace or /auth, and no write, is ever kept.
 * A new version waits until the reader agrees (the app posts SKIP_WAITING) or the next visit.
 */
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  API_NETWORK_TIMEOUT_SECONDS,
  CACHES,
  IMAGES_MAX_BYTES,
  IMAGES_MAX_ENTRIES,
  KEEP_HEADER,
  LISTS_MAX_AGE_SECONDS,
  LISTS_MAX_ENTRIES,
  MEDIA,
  NOT_A_PAGE,
  OFFLINE_PATH,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  POST_ANSWER,
  postAnswerPath,
  postSlugOf,
  PRIVATE_KEPT,
  PUBLIC_LIST,
  RECENT_MAX_AGE_SECONDS,
  RECENT_MAX_BYTES,
  RECENT_MAX_ENTRIES,
  CLEARED_AT_SIGN_OUT,
  UNKEPT_PAGE,
  type ToWorker,
} from '../pwa/offlineCaches';
import { byteLimit } from './byteLimit';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The app's shell: index.html, precached with the build's revision. */
const SHELL = '/index.html';

// No directory index or clean URLs: '/' is the drawn home page, never the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/**
 * Bumped at sign-out: an answer to a request that left before it is not stored (it would bring
 * the previous reader's data back into a cache just emptied).
 */
let generation = 0;
const sameSession: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = generation;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) => (response.status === 200 && state?.generation === generation ? response : null),
};

const cacheControlOf = (response: Response) => (response.headers.get('cache-control') ?? '').toLowerCase();
/** Only a whole public answer is kept by the public caches: nothing marked private or no-store. */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !/\b(private|no-store)\b/.test(cacheControlOf(response)) ? response : null),
};
/** A page is kept when it was drawn: the app's empty page is the precached shell's business. */
const drawnOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.headers.get('x-page') === 'app' ? null : response),
};
const recent = (cacheName: string) => [
  new ExpirationPlugin({ maxEntries: RECENT_MAX_ENTRIES, maxAgeSeconds: RECENT_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
  byteLimit(cacheName, RECENT_MAX_BYTES),
];

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
  // Drawn pages vary by cookie (language, theme): offline, the copy last drawn is the one.
  matchOptions: { ignoreVary: true },
  plugins: [publicOnly, drawnOnly, ...recent(CACHES.pages)],
});

/** Whether the app can show this page offline from what is kept (a post's answer, the bookmarks). */
async function appCanShow(url: URL): Promise<boolean> {
  const slug = postSlugOf(url.pathname);
  const answers = [CACHES.privatePosts, CACHES.saved, CACHES.posts];
  if (slug) {
    const path = new URL(postAnswerPath(slug), url.origin).href;
    for (const cacheName of answers) if (await caches.match(path, { cacheName, ignoreVary: true })) return true;
    return false;
  }
  if (/^\/bookmarks\/?$/.test(url.pathname)) return (await caches.open(CACHES.private).then((c) => c.keys())).some((r) => new URL(r.url).pathname === '/api/v1/content/bookmarks/');
  return url.pathname === OFFLINE_PATH;
}

/** A page the network did not give: the app when it can show it, else the offline page (the app too, at /offline). */
async function pageOffline(url: URL): Promise<Response> {
  const shell = await matchPrecache(SHELL);
  if (!shell) return Response.error();
  if (await appCanShow(url)) return shell;
  const offline = new URL(OFFLINE_PATH, url.origin);
  offline.searchParams.set('from', url.pathname + url.search);
  return Response.redirect(offline.href, 302);
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !NOT_A_PAGE.test(url.pathname),
  async (options: RouteHandlerCallbackOptions) => {
    const { url, request } = options;
    if (UNKEPT_PAGE.test(url.pathname)) {
      try {
        return await fetch(request);
      } catch {
        return pageOffline(url);
      }
    }
    try {
      return await pages.handle(options);
    } catch {
      return pageOffline(url);
    }
  },
);

const isApi = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/api/v1/');
const signedIn = (request: Request) => request.headers.has('authorization');

// A signed-in reader's bookmarks and own answer: network first, kept for reading offline.
registerRoute(
  ({ request, url }) => isApi(url) && signedIn(request) && PRIVATE_KEPT.test(url.pathname),
  new NetworkFirst({ cacheName: CACHES.private, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS, matchOptions: { ignoreVary: true }, plugins: [sameSession] }),
);

/**
 * A post's answer as a signed-in reader reads it: kept among the recently read, or while
 * bookmarked when the app asks with KEEP_HEADER. Offline, either copy serves.
 */
// Offline, an answer in the other language is better than none (answers vary by Accept-Language).
const privatePost = new NetworkFirst({
  cacheName: CACHES.privatePosts,
  networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: [
    sameSession,
    ...recent(CACHES.privatePosts),
    { handlerDidError: async ({ request }) => (await caches.match(request, { cacheName: CACHES.saved, ignoreVary: true })) ?? undefined },
  ],
});
const savedPost = new NetworkFirst({ cacheName: CACHES.saved, networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS, matchOptions: { ignoreVary: true }, plugins: [sameSession] });
registerRoute(
  ({ request, url }) => isApi(url) && signedIn(request) && POST_ANSWER.test(url.pathname),
  (options) => (options.request.headers.has(KEEP_HEADER) ? savedPost : privatePost).handle(options),
);

// A visitor's post answer: network first, kept among the recently read.
registerRoute(
  ({ request, url }) => isApi(url) && !signedIn(request) && POST_ANSWER.test(url.pathname),
  new NetworkFirst({
    cacheName: CACHES.posts,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [publicOnly, ...recent(CACHES.posts)],
  }),
);

// Public lists: the kept answer at once, a fresh one fetched behind it; the app is told when it differs.
registerRoute(
  ({ request, url }) => isApi(url) && !signedIn(request) && PUBLIC_LIST.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: CACHES.lists,
    plugins: [
      publicOnly,
      new ExpirationPlugin({ maxEntries: LISTS_MAX_ENTRIES, maxAgeSeconds: LISTS_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      new BroadcastUpdatePlugin({ headersToCheck: ['etag', 'content-length'] }),
    ],
  }),
);

// Files the reader made available offline come from their cache; the rest from the network.
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && MEDIA.test(url.pathname) && request.destination !== 'image',
  async ({ request }) => (await caches.match(request, { cacheName: CACHES.files, ignoreSearch: true, ignoreVary: true })) ?? fetch(request),
);

// Images, cache first within a byte limit (an image under /media/ never changes at its address).
registerRoute(
  ({ request, url }) => url.origin === self.location.origin && request.destination === 'image',
  new CacheFirst({
    cacheName: CACHES.images,
    matchOptions: { ignoreVary: true },
    plugins: [
      publicOnly,
      new ExpirationPlugin({ maxEntries: IMAGES_MAX_ENTRIES, purgeOnQuotaError: true }),
      byteLimit(CACHES.images, IMAGES_MAX_BYTES),
      // Offline, an attachment image the reader kept.
      { handlerDidError: async ({ request }) => (await caches.match(request, { cacheName: CACHES.files, ignoreSearch: true })) ?? undefined },
    ],
  }),
);

// The drawn pages' stylesheets (named by their content) and the install icons and manifests.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/styles\//.test(url.pathname),
  new CacheFirst({ cacheName: CACHES.assets, plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 30, purgeOnQuotaError: true })] }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/(icons\/|favicon\.svg$|manifest(\.en)?\.webmanifest$)/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: CACHES.assets, plugins: [publicOnly] }),
);

async function signedOut() {
  generation++;
  await Promise.all(CLEARED_AT_SIGN_OUT.map((name) => caches.delete(name)));
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as ToWorker | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'SIGNED_OUT') {
    const done = signedOut().then(() => event.ports[0]?.postMessage({ type: 'SIGNED_OUT_DONE' }));
    event.waitUntil(done);
  }
});

// The first version takes the open pages at once, so what they read from now on is kept (a new
// version waits for the reader's word, above; once it is given, it takes them too).
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});
