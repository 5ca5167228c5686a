import { createSelector } from '@reduxjs/toolkit';
import { skipToken, type ApiEndpointQuery, type QueryDefinition, type SkipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { normalizeError, type NormalizedError } from '../../../api/normalizeError';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { isFirstScreenOnly } from '../../../api/firstScreen';
import { RENDERING_ON_SERVER } from '../../../app/serverSide';
import type { RootState } from '../../../app/store';
import { recallList, rememberList, useListMemoryKey } from './listMemory';

/** The state of a paged list read page by page (interface agreed; implemented by the list helper). */
export interface InfinitePages<T> {
  /** Every loaded item, in order. */
  items: T[];
  /** The total the server reports, once the first page arrived. */
  count: number | undefined;
  /** The first page is loading, or the arg is still `skipToken` (show the three skeleton rows). */
  isLoading: boolean;
  /** A further page is loading. */
  isFetchingMore: boolean;
  hasMore: boolean;
  /**
   * The first page holds only the first screen's posts (a page drawn by the server,
   * src/web/firstScreenPage.ts) until the app has asked for the whole of it: no more is loaded
   * meanwhile, and the list says neither that there is more nor that it ends.
   */
  isCompleting?: boolean;
  /** The error of the page last asked for. */
  error: NormalizedError | undefined;
  /** Asks for the next page; does nothing while a page loads or when there is none. */
  loadMore(): void;
  /** Asks again for the page that failed. */
  retry(): void;
  /** Identity of the current query: a change starts again at page 1. */
  key: string;
  /**
   * The `?page=` a link to more of the list opens, for a reader without scripts (PostList): the
   * whole first page of a list drawn with its first screen's posts only, else the page after the
   * last one open; none at the end, while loading, after an error, or past MAX_LINKED_PAGES.
   */
  linkedMore?: number;
}

/**
 * A list opened by a link with `?page=N` shows its pages 1 to N, whole (src/web/ssr.tsx draws
 * them uncut): how a reader without scripts reads on. At most this many, so a link cannot make
 * the server draw a list of any length.
 */
export const MAX_LINKED_PAGES = 10;

/** The pages a link's `?page=` opens (0 when it names none). */
export function pagesOfLink(search: string): number {
  const pages = Math.trunc(Number(new URLSearchParams(search).get('page')));
  return pages >= 1 ? Math.min(pages, MAX_LINKED_PAGES) : 0;
}

/** A DRF page, as every paged endpoint of the contract answers. */
export interface Paged<Item> {
  count: number;
  next: string | null;
  results: Item[];
}

// Any query endpoint answering pages of `Item`; its own argument type is read back from it (below).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PagedEndpoint<Item = any> = ApiEndpointQuery<QueryDefinition<any, any, any, any, any>, any> & {
  Types: { ResultType: Paged<Item> };
};
/** The endpoint's argument without `page`, which the hook sets. */
export type PagedArg<E extends PagedEndpoint> = Omit<E['Types']['QueryArg'], 'page'>;
export type PagedItem<E extends PagedEndpoint> = E['Types']['ResultType'] extends Paged<infer Item> ? Item : never;

interface PageState<Item> {
  data?: Paged<Item>;
  error?: unknown;
  isError: boolean;
}

/** What the hook keeps of `initiate`'s answer. */
interface Subscription {
  unsubscribe(): void;
  refetch(): unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The arg as RTK Query keys its cache: keys sorted, undefined dropped, so `{a, b}` ≡ `{b, a}`. */
function stableKey(endpointName: string, arg: object): string {
  const sorted = (_key: string, value: unknown) =>
    isPlainObject(value) ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, value[k]])) : value;
  return `${endpointName}(${JSON.stringify(arg, sorted)})`;
}

const idOf = (item: unknown) => (isPlainObject(item) ? item.id : undefined);

/** Reads the loaded pages in order: their items (each once), the total, and what is pending. */
function combine<Item>(pages: PageState<Item>[]) {
  const items: Item[] = [];
  const seen = new Set<unknown>();
  let count: number | undefined;
  let pending = -1;
  let failed = -1;
  let next: string | null = null;
  let completing = false;
  for (let i = 0; i < pages.length; i++) {
    const { data, error, isError } = pages[i];
    // A page past the end (the list shrank since the page count was remembered): the end.
    if (isError && i > 0 && !data && normalizeError(error).status === 404) {
      next = null;
      break;
    }
    if (isError && failed < 0) failed = i;
    if (!data) {
      if (!isError && pending < 0) pending = i;
      continue;
    }
    count ??= data.count;
    next = data.next;
    if (isFirstScreenOnly(data)) completing = true;
    // A malformed answer (no results array) lists nothing; the screens' §5 checks report it.
    for (const item of Array.isArray(data.results) ? data.results : []) {
      // Offset pages shift when posts are published meanwhile: an item seen on an earlier page
      // is not listed twice.
      const id = idOf(item);
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      items.push(item);
    }
  }
  return {
    items,
    count,
    isLoading: pending === 0,
    isFetchingMore: pending > 0,
    failedPage: failed,
    error: failed >= 0 ? normalizeError(pages[failed].error) : undefined,
    hasMore: failed < 0 ? pending >= 0 || next !== null : true,
    isCompleting: completing,
  };
}

const WAITING = {
  items: [],
  count: undefined,
  isLoading: true,
  isFetchingMore: false,
  failedPage: -1,
  error: undefined,
  hasMore: false,
  isCompleting: false,
};

/**
 * Reads a generated RTK Query endpoint answering DRF pages ({ count, next, results }) page by
 * page for `arg` (the endpoint's argument without `page`):
 *   useInfinitePages(postsApi.endpoints.listPosts, { category, pageSize: 10 })
 *   useInfinitePages(organizationsApi.endpoints.listOrganizationPosts, code ? { code, pageSize: 20 } : skipToken)
 *
 * Each page is its own cache entry, subscribed with `initiate` and read back with `select`, so
 * the cache's patches (a bookmark toggled on a card) show at once, and an answer to an older
 * arg lands in that arg's entry, never in the list now shown: a stale answer cannot win.
 * A new arg (compared by its stable JSON) starts again at page 1. The page count is remembered
 * per history entry, so Back returns to as many pages as were open.
 * `skipToken` waits (reported as loading).
 *
 * Why not RTK Query's infinite queries (build.infiniteQuery, RTK 2.6+; weighed for issue 28):
 * they keep all pages in one cache entry ({ pages, pageParams }), where this list needs each page
 * to be the plain `listPosts({…, page})` entry that everything else already shares — the entry
 * start.tsx asks for before the screen's code arrives, the entries a drawn page carries and the
 * app takes over (src/web/ssr.tsx, the first page cut to the first screen's posts until it is
 * asked for whole: isFirstScreenOnly), the entries a card's bookmark patches (api/bookmarks.ts).
 * They also fetch pages one after another, where a `?page=N` link or a remembered page count
 * opens pages 1…N at once, and they retry or refetch the entry as a whole, where a failed page is
 * retried alone and a page past a shrunken list's end (404) means the end. Moving would change
 * the drawn-page contract and every one of those places at once.
 */
export function useInfinitePages<E extends PagedEndpoint>(endpoint: E, arg: PagedArg<E> | SkipToken): InfinitePages<PagedItem<E>>;
/** With the item type given (`useInfinitePages<Post>(…)`), the arg is checked less closely. */
export function useInfinitePages<Item, E extends PagedEndpoint<Item> = PagedEndpoint<Item>>(endpoint: E, arg: PagedArg<E> | SkipToken): InfinitePages<Item>;
export function useInfinitePages<Item>(endpoint: PagedEndpoint<Item>, arg: object | SkipToken): InfinitePages<Item> {
  const dispatch = useAppDispatch();
  const key = arg === skipToken ? '' : stableKey(endpoint.name, arg);
  // The arg as first seen for this key: callers pass a new object on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableArg = useMemo(() => arg, [key]);
  const memoryKey = useListMemoryKey(key);
  const linked = pagesOfLink(useLocation().search);
  const firstOpen = () => Math.max(recallList(memoryKey)?.pages ?? 1, linked);

  const [opened, setOpened] = useState(() => ({ memoryKey, pages: firstOpen() }));
  const pageCount = opened.memoryKey === memoryKey ? opened.pages : firstOpen();

  // One subscription per page, dropped together when the query or the history entry changes.
  const subscriptions = useRef(new Map<number, Subscription>());
  useEffect(() => {
    if (stableArg === skipToken) return;
    const mine = new Map<number, Subscription>();
    subscriptions.current = mine;
    return () => mine.forEach((s) => s.unsubscribe());
  }, [endpoint, stableArg, memoryKey]);
  useEffect(() => {
    if (stableArg === skipToken) return;
    const mine = subscriptions.current;
    for (let page = 1; page <= pageCount; page++) {
      if (!mine.has(page)) mine.set(page, dispatch(endpoint.initiate({ ...stableArg, page })));
    }
    rememberList(memoryKey, { pages: pageCount });
  }, [dispatch, endpoint, stableArg, memoryKey, pageCount]);

  // The server's renderer runs no effect: it asks for the open pages while rendering, awaits
  // them and renders again (src/web/ssr.tsx); the store is dropped with its subscriptions.
  if (RENDERING_ON_SERVER && stableArg !== skipToken) {
    for (let page = 1; page <= pageCount; page++) void dispatch(endpoint.initiate({ ...stableArg, page }));
  }

  const selectPages = useMemo(() => {
    if (stableArg === skipToken) return () => undefined;
    const selectors = Array.from(
      { length: pageCount },
      (_, i) => endpoint.select({ ...stableArg, page: i + 1 }) as unknown as (state: RootState) => PageState<Item>,
    );
    return createSelector(selectors, (...pages: PageState<Item>[]) => pages);
  }, [endpoint, stableArg, pageCount]);
  const pages = useAppSelector(selectPages);
  const state = useMemo(() => (pages ? combine(pages) : WAITING), [pages]);

  const latest = useRef({ state, pageCount, memoryKey });
  latest.current = { state, pageCount, memoryKey };

  const loadMore = useCallback(() => {
    const { state: s, pageCount: n, memoryKey: k } = latest.current;
    if (s.isLoading || s.isFetchingMore || s.isCompleting || s.error || !s.hasMore) return;
    setOpened({ memoryKey: k, pages: n + 1 });
  }, []);

  const retry = useCallback(() => {
    const { failedPage } = latest.current.state;
    if (failedPage >= 0) void subscriptions.current.get(failedPage + 1)?.refetch();
  }, []);

  const settled = !state.isLoading && !state.isFetchingMore && !state.error;
  const more = !settled ? 0 : state.isCompleting ? (state.hasMore ? 2 : 1) : state.hasMore ? pageCount + 1 : 0;
  const linkedMore = more > 0 && more <= MAX_LINKED_PAGES ? more : undefined;

  return useMemo(
    () => ({
      items: state.items,
      count: state.count,
      isLoading: state.isLoading,
      isFetchingMore: state.isFetchingMore,
      hasMore: state.hasMore,
      isCompleting: state.isCompleting,
      error: state.error,
      loadMore,
      retry,
      key,
      linkedMore,
    }),
    [state, loadMore, retry, key, linkedMore],
  );
}
