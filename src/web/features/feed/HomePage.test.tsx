/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Category } from '../../api/posts';
import { json, mockFetch } from '../../test/fetchMock';
import { post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { forgetLists } from '../../components/posts/list/listMemory';
import { FEED_PAGE_SIZE } from '../../api/feedQuery';
import HomePage from './HomePage';
import { NEW_POSTS_CHECK_MS } from './NewPostsPill';

const health: Category = {
  id: 3,
  slug: 'health',
  name: 'Health',
  name_ar: 'الصحة',
  description: '',
  description_ar: '',
  post_count: 2,
  subcategories: [],
};

function server({ newest = 1 } = {}) {
  return mockFetch((req, path) => {
    const url = new URL(req.url);
    if (path === '/content/categories/') return json(200, [health]);
    if (path === '/content/posts/') {
      // The feed of a category: two posts, the end. The whole feed: a first page and more.
      const category = url.searchParams.get('category');
      if (url.searchParams.get('page_size') === '1') return json(200, { count: 100, next: null, previous: null, results: [post(newest, { published_at: '2025-06-01T00:00:00Z' })] });
      const results = category ? [post(11), post(12)] : Array.from({ length: FEED_PAGE_SIZE }, (_, i) => post(i + 1));
      return json(200, { count: category ? 2 : 100, next: category ? null : 'http://localhost/api/v1/content/posts/?page=2', previous: null, results });
    }
    return json(404, { detail: 'Not found.' });
  });
}

const feedQuery = (calls: Request[]) => {
  const url = new URL(calls.find((r) => new URL(r.url).pathname.endsWith('/content/posts/'))!.url);
  return Object.fromEntries(url.searchParams);
};

// The card's content is its own chunk (PostCard.tsx): loaded once, before the cards render.
beforeAll(() => import('../../components/posts/card/PostCardContent'));
beforeEach(() => forgetLists());

describe('HomePage', () => {
  it('is titled Home and lists published posts, newest first, 10 per page', async () => {
    const { calls } = server();
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'الرئيسية' })).toBeInTheDocument();
    const feed = screen.getByRole('feed', { name: 'الرئيسية' });
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(10));
    expect(feedQuery(calls)).toEqual({ page: '1', page_size: '10', status: 'published', ordering: '-published_at' });
    // The categories are asked for only to name a category.
    expect(calls.some((r) => r.url.includes('/content/categories/'))).toBe(false);
    expect(document.title).toBe('الرئيسية · قرار');
  });

  it('narrows the feed to ?category and takes its Arabic name as title', async () => {
    const { calls } = server();
    renderWithProviders(<HomePage />, { route: '/?category=health' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الصحة' })).toBeInTheDocument();
    const feed = screen.getByRole('feed', { name: 'الصحة' });
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(2));
    expect(feedQuery(calls)).toMatchObject({ category: 'health', status: 'published', ordering: '-published_at', page_size: '10' });
    expect(screen.getByText('لا يوجد المزيد من المنشورات')).toBeInTheDocument();
  });

  it('takes the English name in English', async () => {
    server();
    renderWithProviders(<HomePage />, { route: '/?category=health', preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Health' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('feed', { name: 'Health' })).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText('No more posts')).toBeInTheDocument();
  });

  it('keeps the Home title for a category it does not know', async () => {
    server();
    renderWithProviders(<HomePage />, { route: '/?category=nothing-here' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('الرئيسية');
  });

  describe('new posts (autoRefreshPosts)', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
    afterEach(() => jest.useRealTimers());

    it('offers the newer posts a minute later, and does not change the list by itself', async () => {
      const { calls } = server({ newest: 99 });
      renderWithProviders(<HomePage />);
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
      expect(calls.filter((r) => r.url.includes('page_size=1&'))).toHaveLength(0);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NEW_POSTS_CHECK_MS);
      });
      expect(await screen.findByRole('button', { name: 'منشورات جديدة' })).toBeInTheDocument();
      expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('منشور 1');
    });

    it('stays quiet when nothing is newer, or when the preference is off', async () => {
      const quiet = server({ newest: 1 });
      const { unmount } = renderWithProviders(<HomePage />);
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NEW_POSTS_CHECK_MS + 10);
      });
      await waitFor(() => expect(quiet.calls.some((r) => new URL(r.url).searchParams.get('page_size') === '1')).toBe(true));
      expect(screen.queryByRole('button', { name: 'منشورات جديدة' })).not.toBeInTheDocument();
      unmount();

      const off = server({ newest: 99 });
      renderWithProviders(<HomePage />, { preloadedState: { preferences: { autoRefreshPosts: false } } });
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(NEW_POSTS_CHECK_MS * 2);
      });
      expect(off.calls.some((r) => new URL(r.url).searchParams.get('page_size') === '1')).toBe(false);
    });
  });
});
