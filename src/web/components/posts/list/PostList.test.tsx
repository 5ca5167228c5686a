import '../../../test/textEncoding';
import { act, screen, within } from '@testing-library/react';
import type { Post } from '../../../api/posts';
import { post } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { forgetLists } from './listMemory';
import { LOAD_AHEAD_PX, PostList } from './PostList';
import { VIRTUALIZE_AFTER } from './useFeedRows';
import type { InfinitePages } from './useInfinitePages';

const posts = (n: number, from = 1) => Array.from({ length: n }, (_, i) => post(from + i));

const pagesOf = (over: Partial<InfinitePages<Post>> = {}): InfinitePages<Post> => ({
  items: [],
  count: undefined,
  isLoading: false,
  isFetchingMore: false,
  hasMore: false,
  error: undefined,
  loadMore: jest.fn(),
  retry: jest.fn(),
  key: 'listPosts({})',
  ...over,
});

const feed = () => screen.getByRole('feed', { name: 'الرئيسية' });

// The card's content is its own chunk (PostCard.tsx): loaded once, before the cards render.
beforeAll(() => import('../card/PostCardContent'));
beforeEach(() => forgetLists());

describe('PostList', () => {
  it('shows three skeleton rows while the first page loads, in a busy feed', () => {
    renderWithProviders(<PostList pages={pagesOf({ isLoading: true })} label="الرئيسية" />);
    expect(feed()).toHaveAttribute('aria-busy', 'true');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('جاري التحميل…');
    expect(status.querySelector('[aria-hidden]')!.children).toHaveLength(3);
    expect(screen.queryByText('لا يوجد المزيد من المنشورات')).not.toBeInTheDocument();
    expect(screen.queryByText(/لم يتم العثور على منشورات/)).not.toBeInTheDocument();
  });

  it('lists the posts as articles with their place in the whole (the server count)', () => {
    renderWithProviders(<PostList pages={pagesOf({ items: posts(3), count: 42, hasMore: true })} label="الرئيسية" />);
    expect(feed()).toHaveAttribute('aria-busy', 'false');
    const articles = within(feed()).getAllByRole('article');
    expect(articles).toHaveLength(3);
    expect(articles[0]).toHaveAttribute('aria-posinset', '1');
    expect(articles[2]).toHaveAttribute('aria-posinset', '3');
    expect(articles[2]).toHaveAttribute('aria-setsize', '42');
    expect(articles[0]).toHaveAttribute('tabindex', '0');
    expect(articles[0]).toHaveAccessibleName('منشور 1');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the end message when a non-empty list is complete', () => {
    renderWithProviders(<PostList pages={pagesOf({ items: posts(2), count: 2 })} label="الرئيسية" />);
    expect(screen.getByText('لا يوجد المزيد من المنشورات')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'تحميل المزيد من المنشورات' })).not.toBeInTheDocument();
  });

  it('shows the empty message, the home feed’s by default or the one given', () => {
    const { unmount } = renderWithProviders(<PostList pages={pagesOf({ count: 0 })} label="الرئيسية" />);
    expect(screen.getByText('لم يتم العثور على منشورات. يرجى التحقق لاحقاً أو تجربة تصنيف مختلف.')).toBeInTheDocument();
    expect(screen.queryByText('لا يوجد المزيد من المنشورات')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PostList pages={pagesOf({ count: 0 })} label="الرئيسية" emptyMessage="لا توجد منشورات بعد" />);
    expect(screen.getByText('لا توجد منشورات بعد')).toBeInTheDocument();
  });

  it('shows the error banner with the message, and retries', async () => {
    const pages = pagesOf({ items: posts(2), hasMore: true, error: { status: 503, message: 'الخدمة غير متاحة' } });
    const { user } = renderWithProviders(<PostList pages={pages} label="الرئيسية" />);
    expect(screen.getByRole('alert')).toHaveTextContent('خطأ في تحميل المنشورات: الخدمة غير متاحة');
    // The server's message may be in the other language: it keeps its own direction (issue 18).
    expect(screen.getByText('الخدمة غير متاحة').tagName).toBe('BDI');
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(pages.retry).toHaveBeenCalledTimes(1);
    // No load-more and no end message while a page has failed.
    expect(screen.queryByRole('button', { name: 'تحميل المزيد من المنشورات' })).not.toBeInTheDocument();
    expect(screen.queryByText('لا يوجد المزيد من المنشورات')).not.toBeInTheDocument();
  });

  it('in button mode, loads more with the button, which stays focusable while the page loads', async () => {
    const pages = pagesOf({ items: posts(2), count: 5, hasMore: true });
    const { user, rerender } = renderWithProviders(<PostList pages={pages} label="الرئيسية" mode="button" />);
    await user.click(screen.getByRole('button', { name: 'تحميل المزيد من المنشورات' }));
    expect(pages.loadMore).toHaveBeenCalledTimes(1);

    rerender(<PostList pages={{ ...pages, isFetchingMore: true }} label="الرئيسية" mode="button" />);
    const busy = screen.getByRole('button', { name: 'تحميل المزيد من المنشورات' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(feed()).toHaveAttribute('aria-busy', 'true');
  });

  describe('infinite mode', () => {
    let observe: jest.Mock;
    let callbacks: IntersectionObserverCallback[];
    let options: (IntersectionObserverInit | undefined)[];
    beforeEach(() => {
      callbacks = [];
      options = [];
      observe = jest.fn();
      (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = jest.fn((cb: IntersectionObserverCallback, init?: IntersectionObserverInit) => {
        callbacks.push(cb);
        options.push(init);
        return { observe, disconnect: jest.fn(), unobserve: jest.fn(), takeRecords: () => [] };
      });
    });
    afterEach(() => {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    const approach = (isIntersecting: boolean) =>
      act(() => callbacks.at(-1)!([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver));

    it('asks for the next page 300 px before the end, and keeps a button for keyboard users', () => {
      const pages = pagesOf({ items: posts(10), count: 30, hasMore: true });
      renderWithProviders(<PostList pages={pages} label="الرئيسية" />);
      expect(options.at(-1)).toEqual({ rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` });
      expect(LOAD_AHEAD_PX).toBe(300);
      approach(false);
      expect(pages.loadMore).not.toHaveBeenCalled();
      approach(true);
      expect(pages.loadMore).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'تحميل المزيد من المنشورات' })).toBeVisible();
    });

    it('does not watch while a page loads, after an error, or at the end', () => {
      const { rerender } = renderWithProviders(<PostList pages={pagesOf({ items: posts(10), hasMore: true, isFetchingMore: true })} label="الرئيسية" />);
      rerender(<PostList pages={pagesOf({ items: posts(10), hasMore: true, error: { status: 500, message: 'x' } })} label="الرئيسية" />);
      rerender(<PostList pages={pagesOf({ items: posts(10), hasMore: false })} label="الرئيسية" />);
      expect(observe).not.toHaveBeenCalled();
    });

    it('watches again after each page, so a short page that leaves the end in range still loads the next', () => {
      const pages = pagesOf({ items: posts(10), hasMore: true });
      const { rerender } = renderWithProviders(<PostList pages={pages} label="الرئيسية" />);
      rerender(<PostList pages={{ ...pages, items: posts(20) }} label="الرئيسية" />);
      expect(observe).toHaveBeenCalledTimes(2);
    });

    it('watches only once the rest of a drawn first screen is on screen: three short cards must not ask for page 2', () => {
      // What the sentinel's place is when each watch starts: the articles drawn above it.
      const drawnAtWatch: number[] = [];
      observe.mockImplementation(() => drawnAtWatch.push(within(feed()).getAllByRole('article').length));
      const pages = pagesOf({ items: posts(3), count: 30, hasMore: true, isCompleting: true });
      const { rerender } = renderWithProviders(<PostList pages={pages} label="الرئيسية" />);
      expect(observe).not.toHaveBeenCalled();
      rerender(<PostList pages={{ ...pages, items: posts(10), isCompleting: false }} label="الرئيسية" />);
      expect(drawnAtWatch).toEqual([10]);
    });
  });

  it('moves between articles with Page Down and Page Up', async () => {
    const { user } = renderWithProviders(<PostList pages={pagesOf({ items: posts(3), count: 3 })} label="الرئيسية" />);
    const articles = within(feed()).getAllByRole('article');
    await user.click(articles[0]);
    articles[0].focus();
    await user.keyboard('{PageDown}');
    expect(articles[1]).toHaveFocus();
    await user.keyboard('{PageDown}{PageDown}');
    expect(articles[2]).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(articles[1]).toHaveFocus();
  });

  it('comes back to the same place in the same history entry (Back)', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const pages = pagesOf({ items: posts(10), count: 30, hasMore: true });
    const first = renderWithProviders(<PostList pages={pages} label="الرئيسية" />);
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    first.unmount();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });

    // The pages come back (from the cache) one render later: the offset waits for them.
    const again = renderWithProviders(<PostList pages={{ ...pages, items: [], isLoading: true }} label="الرئيسية" />);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(feed()).toHaveAttribute('aria-busy', 'true');
    again.rerender(<PostList pages={pages} label="الرئيسية" />);
    expect(scrollTo).toHaveBeenCalledWith(0, 900);
    expect(within(feed()).getAllByRole('article')).toHaveLength(10);
    scrollTo.mockRestore();
  });

  describe(`past ${VIRTUALIZE_AFTER} items`, () => {
    const ROW = 200;
    let rect: jest.SpyInstance;
    beforeEach(() => {
      // jsdom lays nothing out: each row is ROW px tall, the feed starts at the top.
      rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        const height = this.dataset.index !== undefined ? ROW : 0;
        return { top: 0, height, width: 600, bottom: height, left: 0, right: 600, x: 0, y: 0, toJSON: () => ({}) };
      });
    });
    afterEach(() => rect.mockRestore());

    it('renders only the rows near the viewport, with space standing for the others', async () => {
      const items = posts(40);
      renderWithProviders(<PostList pages={pagesOf({ items, count: 40, hasMore: true })} label="الرئيسية" />);
      expect(within(feed()).getAllByRole('article')).toHaveLength(40);
      // Then the virtualizer's chunk arrives and takes over.
      await act(() => new Promise((r) => setTimeout(r, 100)));
      const articles = within(feed()).getAllByRole('article');
      expect(articles.length).toBeLessThan(20);
      expect(articles[0]).toHaveAttribute('aria-posinset', '1');
      const shown = articles.length;
      expect(feed().style.paddingTop).toBe('0px');
      expect(feed().style.paddingBottom).toBe(`${(40 - shown) * ROW}px`);
    });
  });
});
