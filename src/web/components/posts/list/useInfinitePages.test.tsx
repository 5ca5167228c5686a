/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { skipToken } from '@reduxjs/toolkit/query';
import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { bookmarksApi } from '../../../api/bookmarks';
import { FIRST_SCREEN } from '../../../api/firstScreen';
import { hashtagsApi } from '../../../api/hashtags';
import { postsApi, type ListPostsApiArg } from '../../../api/posts';
import { json, mockFetch } from '../../../test/fetchMock';
import { post, user } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { forgetLists } from './listMemory';
import { MAX_LINKED_PAGES, pagesOfLink, useInfinitePages, type InfinitePages } from './useInfinitePages';

const PAGE_SIZE = 3;

/** Answers /content/posts/ like the server: `total` posts per category, `next` while more remain. */
function postsServer({ total = 7, hold }: { total?: number; hold?: (url: URL) => Promise<void> | undefined } = {}) {
  return mockFetch(async (req, path) => {
    const url = new URL(req.url);
    if (path !== '/content/posts/') return json(404, { detail: 'Not found.' });
    await hold?.(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const category = url.searchParams.get('category') ?? 'all';
    const base = category === 'all' ? 0 : 1000;
    const from = (page - 1) * PAGE_SIZE;
    if (from >= total && page > 1) return json(404, { detail: 'Invalid page.' });
    const ids = Array.from({ length: Math.max(0, Math.min(PAGE_SIZE, total - from)) }, (_, i) => base + from + i + 1);
    const next = from + PAGE_SIZE < total ? `http://localhost/api/v1/content/posts/?page=${page + 1}` : null;
    return json(200, { count: total, next, previous: null, results: ids.map((id) => post(id, { slug: `${category}-${id}` })) });
  });
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

/** Renders the hook for an arg that the test can change; `current()` is the latest answer. */
function renderPages(initial: Omit<ListPostsApiArg, 'page'> | typeof skipToken, options: Parameters<typeof renderWithProviders>[1] = {}) {
  let latest!: InfinitePages<ReturnType<typeof post>>;
  let setArg!: (arg: Omit<ListPostsApiArg, 'page'> | typeof skipToken) => void;
  function Probe() {
    const [arg, set] = useState(initial);
    setArg = set;
    latest = useInfinitePages(postsApi.endpoints.listPosts, arg === skipToken ? arg : { ...arg, pageSize: PAGE_SIZE });
    return null;
  }
  const view = renderWithProviders(<Probe />, options);
  return { ...view, current: () => latest, setArg: (arg: Omit<ListPostsApiArg, 'page'> | typeof skipToken) => act(() => setArg(arg)) };
}

const ids = (pages: InfinitePages<{ id: number }>) => pages.items.map((p) => p.id);

beforeEach(() => forgetLists());

describe('useInfinitePages', () => {
  it('loads the first page, then one more page per loadMore, and stops at the end', async () => {
    const server = postsServer({ total: 7 });
    const { current } = renderPages({});
    expect(current().isLoading).toBe(true);
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3]));
    expect(current()).toMatchObject({ count: 7, hasMore: true, isLoading: false, isFetchingMore: false, error: undefined });

    act(() => current().loadMore());
    expect(current().isFetchingMore).toBe(true);
    // Blocked while a page loads: a second call asks for nothing more.
    act(() => current().loadMore());
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3, 4, 5, 6]));

    act(() => current().loadMore());
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3, 4, 5, 6, 7]));
    expect(current().hasMore).toBe(false);
    // No next page: loadMore does nothing.
    act(() => current().loadMore());
    expect(server.paths()).toHaveLength(3);
    expect(server.calls.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('waits for the whole first page when a drawn page carried only its first screen, then goes on', async () => {
    // The first answer is cut to the first screen, as a page drawn by the server carries it.
    let cut = true;
    const server = mockFetch(async (req, path) => {
      if (path !== '/content/posts/') return json(404, { detail: 'Not found.' });
      const page = Number(new URL(req.url).searchParams.get('page') ?? 1);
      const whole = { count: 7, next: `http://localhost/api/v1/content/posts/?page=${page + 1}`, previous: null, results: [1, 2, 3].map((i) => post((page - 1) * 3 + i)) };
      if (page === 1 && cut) {
        cut = false;
        return json(200, { ...whole, results: whole.results.slice(0, 2), [FIRST_SCREEN]: true });
      }
      return json(200, whole);
    });
    const { current, store } = renderPages({});
    await waitFor(() => expect(ids(current())).toEqual([1, 2]));
    expect(current()).toMatchObject({ isCompleting: true, hasMore: true, isLoading: false });
    // Without scripts, more is read on a link: the first two pages whole.
    expect(current().linkedMore).toBe(2);
    // Nothing more is loaded until the first page is whole.
    act(() => current().loadMore());
    expect(server.calls.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1']);
    await act(() => store.dispatch(postsApi.endpoints.listPosts.initiate({ pageSize: PAGE_SIZE, page: 1 }, { subscribe: false, forceRefetch: true })));
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3]));
    expect(current().isCompleting).toBe(false);
    expect(current().linkedMore).toBe(2);
    act(() => current().loadMore());
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3, 4, 5, 6]));
    expect(current().linkedMore).toBe(3);
  });

  it('opens pages 1 to N for a link with ?page=N (a reader without scripts), at most MAX_LINKED_PAGES', async () => {
    expect([pagesOfLink(''), pagesOfLink('?page=3'), pagesOfLink('?page=x'), pagesOfLink('?page=-2'), pagesOfLink('?page=2.7'), pagesOfLink('?page=99999')]).toEqual([0, 3, 0, 0, 2, MAX_LINKED_PAGES]);
    const server = postsServer({ total: 7 });
    const { current } = renderPages({}, { route: '/?page=2' });
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3, 4, 5, 6]));
    expect(server.calls.map((r) => new URL(r.url).searchParams.get('page')).sort()).toEqual(['1', '2']);
    expect(current()).toMatchObject({ hasMore: true, linkedMore: 3 });
    act(() => current().loadMore());
    await waitFor(() => expect(ids(current())).toEqual([1, 2, 3, 4, 5, 6, 7]));
    // The end: no link to more.
    expect(current()).toMatchObject({ hasMore: false, linkedMore: undefined });
  });

  it('offers no link past MAX_LINKED_PAGES, nor while a page loads or has failed', async () => {
    postsServer({ total: 100 });
    const { current } = renderPages({}, { route: `/?page=${MAX_LINKED_PAGES}` });
    expect(current().linkedMore).toBeUndefined();
    await waitFor(() => expect(current().items).toHaveLength(MAX_LINKED_PAGES * PAGE_SIZE));
    expect(current()).toMatchObject({ hasMore: true, linkedMore: undefined });
  });

  it('starts again at page 1 when the arg changes, keyed by its content rather than its identity', async () => {
    const server = postsServer({ total: 9 });
    const { current, setArg } = renderPages({ ordering: '-published_at', status: 'published' });
    await waitFor(() => expect(current().items).toHaveLength(3));
    act(() => current().loadMore());
    await waitFor(() => expect(current().items).toHaveLength(6));
    const firstKey = current().key;

    // The same content in another order and another object: nothing changes.
    setArg({ status: 'published', ordering: '-published_at' });
    expect(current().key).toBe(firstKey);
    expect(current().items).toHaveLength(6);

    setArg({ ordering: '-published_at', status: 'published', category: 'health' });
    expect(current().key).not.toBe(firstKey);
    await waitFor(() => expect(ids(current())).toEqual([1001, 1002, 1003]));
    expect(server.calls.at(-1)!.url).toContain('page=1');
  });

  it('ignores the answer to an older arg that arrives after the newer one', async () => {
    const slowAll = deferred();
    postsServer({ total: 9, hold: (url) => (url.searchParams.get('category') ? undefined : slowAll.promise) });
    const { current, setArg } = renderPages({});
    expect(current().isLoading).toBe(true);

    setArg({ category: 'health' });
    await waitFor(() => expect(ids(current())).toEqual([1001, 1002, 1003]));
    // The first request answers only now.
    await act(async () => {
      slowAll.resolve();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(ids(current())).toEqual([1001, 1002, 1003]);
    expect(current().count).toBe(9);
  });

  it('reports a failed page, normalised, blocks loadMore, and retry asks for that page again', async () => {
    let failPage2 = true;
    postsServer({
      total: 9,
      hold: async (url) => {
        if (url.searchParams.get('page') === '2' && failPage2) throw new Error('offline');
      },
    });
    // The thrown error above is a network failure for fetchBaseQuery (FETCH_ERROR).
    const { current } = renderPages({});
    await waitFor(() => expect(current().items).toHaveLength(3));
    act(() => current().loadMore());
    await waitFor(() => expect(current().error).toBeDefined());
    expect(current().error).toMatchObject({ status: 500, messageKey: 'errors.unexpected' });
    expect(current().items).toHaveLength(3);
    expect(current().isFetchingMore).toBe(false);

    act(() => current().loadMore()); // blocked: the failed page comes first
    failPage2 = false;
    act(() => current().retry());
    await waitFor(() => expect(current().items).toHaveLength(6));
    expect(current().error).toBeUndefined();
  });

  it('reports a first page that fails with the server message', async () => {
    mockFetch(() => json(503, { detail: 'Service unavailable' }));
    const { current } = renderPages({});
    await waitFor(() => expect(current().error).toEqual({ status: 503, message: 'Service unavailable' }));
    expect(current()).toMatchObject({ isLoading: false, items: [], hasMore: true });
  });

  it('waits on skipToken without asking, then loads when given an arg', async () => {
    const server = postsServer();
    const { current, setArg } = renderPages(skipToken);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(server.calls).toHaveLength(0);
    expect(current()).toMatchObject({ isLoading: true, items: [], hasMore: false, key: '' });
    act(() => current().loadMore());
    expect(server.calls).toHaveLength(0);

    setArg({});
    await waitFor(() => expect(current().items).toHaveLength(3));
  });

  it('unsubscribes every page on unmount', async () => {
    postsServer({ total: 9 });
    const { current, unmount, store } = renderPages({});
    await waitFor(() => expect(current().items).toHaveLength(3));
    act(() => current().loadMore());
    await waitFor(() => expect(current().items).toHaveLength(6));
    const subscribed = () => Object.values(store.getState().api.subscriptions as Record<string, object | undefined>).filter((s) => s && Object.keys(s).length).length;
    // RTK Query copies its subscriptions into the store a moment later.
    await waitFor(() => expect(subscribed()).toBe(2));
    unmount();
    await waitFor(() => expect(subscribed()).toBe(0));
  });

  it('shows a bookmark toggled elsewhere at once (reads the cache, which the bookmark call patches)', async () => {
    postsServer({ total: 3 });
    const { current, store } = renderPages({}, { preloadedState: { session: { access: 'a', refresh: 'r', user: user() } } });
    await waitFor(() => expect(current().items).toHaveLength(3));
    mockFetch(() => new Promise<Response>(() => {})); // the bookmark call never answers
    act(() => {
      void store.dispatch(bookmarksApi.endpoints.bookmarkPost.initiate({ slug: 'all-2', bookmarkNotes: {} }));
    });
    // Before any answer (the store batches its notifications to the next frame).
    await waitFor(() => expect(current().items.find((p) => p.id === 2)?.is_bookmarked).toBe(true));
  });

  it('comes back to as many pages as were open in the same history entry (Back)', async () => {
    const server = postsServer({ total: 9 });
    const first = renderPages({});
    await waitFor(() => expect(first.current().items).toHaveLength(3));
    act(() => first.current().loadMore());
    await waitFor(() => expect(first.current().items).toHaveLength(6));
    first.unmount();

    // Same history entry (MemoryRouter's location key), fresh store: both pages asked at once.
    const again = renderPages({});
    await waitFor(() => expect(again.current().items).toHaveLength(6));
    expect(server.calls.slice(2).map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('treats a remembered page past the end (the list shrank) as the end, not an error', async () => {
    const first = renderPages({});
    postsServer({ total: 9 });
    await waitFor(() => expect(first.current().items).toHaveLength(3));
    act(() => first.current().loadMore());
    await waitFor(() => expect(first.current().items).toHaveLength(6));
    act(() => first.current().loadMore());
    await waitFor(() => expect(first.current().items).toHaveLength(9));
    first.unmount();

    postsServer({ total: 4 });
    const again = renderPages({});
    await waitFor(() => expect(again.current().isFetchingMore).toBe(false));
    await waitFor(() => expect(ids(again.current())).toEqual([1, 2, 3, 4]));
    expect(again.current()).toMatchObject({ hasMore: false, error: undefined });
  });

  it('reads any paged endpoint, items typed from its results', async () => {
    mockFetch(() =>
      json(200, { count: 1, next: null, previous: null, results: [{ id: 5, name: 'صحة', slug: 'sehha', post_count: 3, is_trending: true, last_used: null, created_at: '' }] }),
    );
    let names: string[] = [];
    function Tags() {
      names = useInfinitePages(hashtagsApi.endpoints.listHashtags, { pageSize: 100 }).items.map((h) => h.name);
      return null;
    }
    renderWithProviders(<Tags />);
    await waitFor(() => expect(names).toEqual(['صحة']));
  });
});
