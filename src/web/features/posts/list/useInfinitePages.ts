import type { NormalizedError } from '../../../api/normalizeError';

/** The state of a paged list read page by page (interface agreed; implemented by the list helper). */
export interface InfinitePages<T> {
  /** Every loaded item, in order. */
  items: T[];
  /** The total the server reports, once the first page arrived. */
  count: number | undefined;
  /** The first page is loading (show the three skeleton rows). */
  isLoading: boolean;
  /** A further page is loading. */
  isFetchingMore: boolean;
  hasMore: boolean;
  /** The error of the page last asked for. */
  error: NormalizedError | undefined;
  /** Asks for the next page; does nothing while a page loads or when there is none. */
  loadMore(): void;
  /** Asks again for the page that failed. */
  retry(): void;
  /** Identity of the current query: a change starts again at page 1. */
  key: string;
}

/**
 * STUB (interface agreed): reads `endpoint` (a generated RTK Query endpoint whose answer is a
 * DRF page: { count, next, results }) page by page for `arg` (without `page`), e.g.
 *   useInfinitePages(postsApi.endpoints.listPosts, { category, pageSize: 10 })
 *   useInfinitePages(organizationsApi.endpoints.listOrganizationPosts, { code, pageSize: 20 })
 * `skipToken` as arg waits. Implemented by the list helper.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useInfinitePages<Item>(_endpoint: any, _arg: object | symbol): InfinitePages<Item> {
  return { items: [], count: undefined, isLoading: true, isFetchingMore: false, hasMore: false, error: undefined, loadMore() {}, retry() {}, key: '' };
}
