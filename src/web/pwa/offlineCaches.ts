/**
 * What the service worker keeps, shared by the worker (src/web/sw/sw.ts) and the app (sign-out
 * clears the signed-in part, the offline page lists what can be read). Pure data and URL tests:
 * no DOM, no worker globals.
 */

/** Every cache the worker writes besides Workbox's precache; the prefix names them all. */
export const CACHE_PREFIX = 'qarar-';
export const CACHES = {
  /** Drawn pages and the app's pages, as last fetched (network first). Public. */
  pages: 'qarar-pages',
  /** Public API lists (stale while revalidate). */
  lists: 'qarar-lists',
  /** A post's public answer, as a visitor last read it (network first). */
  posts: 'qarar-posts',
  /** Images (cache first, within a byte limit). */
  images: 'qarar-images',
  /** The drawn pages' stylesheets and other hashed files not precached. */
  assets: 'qarar-assets',
  /** Signed in: the reader's own answers the offline reading needs (bookmarks, the reader). */
  private: 'qarar-private',
  /** Signed in: a post's answer as this reader last read it (carries their bookmark). */
  privatePosts: 'qarar-private-posts',
  /** Signed in: the answers of the reader's bookmarked posts, kept while bookmarked. */
  saved: 'qarar-saved',
  /** Signed in: attachments the reader made available offline. */
  files: 'qarar-files',
} as const;

/** The caches that hold a signed-in reader's answers or files: all gone at sign-out. */
export const SIGNED_IN_CACHES: readonly string[] = [CACHES.private, CACHES.privatePosts, CACHES.saved, CACHES.files];
/**
 * What sign-out removes: those, and the pages kept (public, but which posts were read is the
 * reader's own: the next reader of a shared phone does not find the list on the offline page).
 */
export const CLEARED_AT_SIGN_OUT: readonly string[] = [...SIGNED_IN_CACHES, CACHES.pages];

/** Recently read (pages and post answers): this many at most, none older than 30 days, within the bytes. */
export const RECENT_MAX_ENTRIES = 150;
export const RECENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const RECENT_MAX_BYTES = 25 * 1024 * 1024;
export const LISTS_MAX_ENTRIES = 120;
export const LISTS_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const IMAGES_MAX_ENTRIES = 400;
export const IMAGES_MAX_BYTES = 40 * 1024 * 1024;
/** How long a page waits for the network before the kept copy is shown. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 3;
export const API_NETWORK_TIMEOUT_SECONDS = 4;

/** The request header by which the app asks for a bookmarked post's answer to be kept while bookmarked. */
export const KEEP_HEADER = 'x-qarar-keep';

/** The offline page's path: what the worker shows for a page not kept, in the reader's language. */
export const OFFLINE_PATH = '/offline';

/** Pages never kept: the workspace, signing in and up, password and alert links (one-time tokens). */
export const UNKEPT_PAGE = /^\/(studio|login|signup|forgot-password|reset-password|alerts|settings)(\/|$)/;

/** A post's own answer: /api/v1/content/posts/{slug}/ (not its versions, bookmark or anything below). */
export const POST_ANSWER = /^\/api\/v1\/content\/posts\/([^/]+)\/$/;
/** Public lists kept stale-while-revalidate: posts, organizations, hashtags, categories and types, search. */
export const PUBLIC_LIST =
  /^\/api\/v1\/(content\/(posts|categories|post-types|search|hashtags|hashtags\/(trending|popular)|hashtags\/[^/]+(\/(posts|related))?)\/$|producers\/organizations\/([^/]+\/(posts|subsidiaries|departments)?\/?)?$)/;
/** A signed-in reader's answers kept for reading offline: the bookmarks and the reader. */
export const PRIVATE_KEPT = /^\/api\/v1\/(content\/bookmarks\/(\d+\/)?|auth\/me\/)$/;
/** Not a page: a file's address (a feed, open data, a key set) has an extension, as the server tells them apart. */
export const NOT_A_PAGE = /^\/(api|media|data|feeds|\.well-known)\/|\.[A-Za-z0-9]+$/;
/** Uploaded files (attachments, images, their renditions). */
export const MEDIA = /^\/media\//;

/** The path of a post's page or answer, for the offline page's list: its slug, or null. */
export function postSlugOf(pathname: string): string | null {
  const page = /^\/post\/([^/]+)\/?$/.exec(pathname);
  const answer = POST_ANSWER.exec(pathname);
  const raw = page?.[1] ?? answer?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** A post's answer's path, as the app asks for it (src/web/api/generated/posts.gen.ts). */
export const postAnswerPath = (slug: string) => `/api/v1/content/posts/${encodeURIComponent(slug)}/`;

/** Messages from the app to the worker, and the worker's answers. */
export type ToWorker = { type: 'SKIP_WAITING' } | { type: 'SIGNED_OUT' };
export type FromWorker = { type: 'SIGNED_OUT_DONE' };
