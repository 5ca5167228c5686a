/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { Hashtag } from '../../api/hashtags';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n from '../../i18n';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { hashtag } from '../../test/frameApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import HashtagsPage, { hashtagListArg } from './HashtagsPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const tags = (from: number, n: number) => Array.from({ length: n }, (_, i) => hashtag(from + i));
const listPage = (results: Hashtag[], count: number, next: string | null = null) => ({ count, next, previous: null, results });

/** Answers /content/hashtags/ with `answer(query)`; records the queries. */
function hashtagsApi(answer: (query: URLSearchParams) => Response | Promise<Response>) {
  const queries: URLSearchParams[] = [];
  const handler: Handler = (req, path) => {
    if (path !== '/content/hashtags/') return json(404, { detail: 'Not found.' });
    const query = new URL(req.url).searchParams;
    queries.push(query);
    return answer(query);
  };
  return { handler, queries };
}

/** The list's own failure block (a failed call also raises a toast, another alert). */
const failure = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]')!;

const cards = () => within(screen.getByRole('list', { name: 'الوسوم' })).getAllByRole('link');

describe('hashtag list arguments (§7, §9)', () => {
  it('lists 100 per page, searches 20 per page without the leading #, and clears on blank text', () => {
    expect(hashtagListArg('')).toEqual({ pageSize: 100, ordering: '-post_count' });
    expect(hashtagListArg('   ')).toEqual({ pageSize: 100, ordering: '-post_count' });
    expect(hashtagListArg('#')).toEqual({ pageSize: 100, ordering: '-post_count' });
    expect(hashtagListArg(' #رؤية ')).toEqual({ search: 'رؤية', pageSize: 20, ordering: '-post_count' });
    expect(hashtagListArg('covid')).toEqual({ search: 'covid', pageSize: 20, ordering: '-post_count' });
  });
});

describe('/hashtags', () => {
  it('shows skeletons, then cards with #name, trending badge, post count and last use, linking by encoded name', async () => {
    const api = hashtagsApi(() =>
      json(200, listPage([{ ...hashtag(1), name: 'رؤية_2030', post_count: 42, last_used: '2024-05-07T10:00:00Z' }, { ...hashtag(2), is_trending: false }], 2)),
    );
    mockFetch(api.handler);
    renderWithProviders(<HashtagsPage />, { route: '/hashtags' });

    expect(screen.getByRole('heading', { level: 1, name: 'الوسوم' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));

    const [first, second] = cards();
    expect(first).toHaveAttribute('href', `/hashtags/${encodeURIComponent('رؤية_2030')}`);
    expect(within(first).getByText('#رؤية_2030')).toBeInTheDocument();
    expect(within(first).getByText('رائج')).toBeInTheDocument();
    expect(within(first).getByText('عدد المنشورات: 42')).toBeInTheDocument();
    expect(within(first).getByText(/^آخر استخدام /)).toBeInTheDocument();
    expect(within(second).queryByText('رائج')).not.toBeInTheDocument();
    expect(screen.getByText('عدد الوسوم: 2')).toBeInTheDocument();

    expect(api.queries[0].get('page_size')).toBe('100');
    expect(api.queries[0].get('ordering')).toBe('-post_count');
    expect(api.queries[0].get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'تحميل المزيد' })).not.toBeInTheDocument();
  });

  it('keeps a Latin name in its own direction inside the Arabic page (#COVID19, never COVID19#)', async () => {
    mockFetch(hashtagsApi(() => json(200, listPage([{ ...hashtag(1), name: 'COVID19', slug: 'covid19' }], 1))).handler);
    renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    const name = await screen.findByText('#COVID19');
    expect(name.tagName).toBe('BDI');
    expect(cards()[0]).toHaveAttribute('href', '/hashtags/COVID19');
  });

  it('loads the next page with the load-more button while there is one', async () => {
    const api = hashtagsApi((query) =>
      query.get('page') === '1'
        ? json(200, listPage(tags(1, 3), 5, 'http://localhost/api/v1/content/hashtags/?page=2'))
        : json(200, listPage(tags(4, 2), 5)),
    );
    mockFetch(api.handler);
    const { user } = renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'تحميل المزيد' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    // The keyboard carries on from the first new card.
    await waitFor(() => expect(cards()[3]).toHaveFocus());
    expect(api.queries.map((q) => q.get('page'))).toEqual(['1', '2']);
    expect(api.queries[1].get('page_size')).toBe('100');
    expect(screen.queryByRole('button', { name: 'تحميل المزيد' })).not.toBeInTheDocument();
  });

  it('searches by name 20 per page without the #, and a cleared box lists everything again', async () => {
    const api = hashtagsApi((query) =>
      query.get('search') ? json(200, listPage([{ ...hashtag(9), name: 'الصحة' }], 1)) : json(200, listPage(tags(1, 4), 4)),
    );
    mockFetch(api.handler);
    const { user } = renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    await waitFor(() => expect(cards()).toHaveLength(4));

    const box = screen.getByRole('combobox', { name: 'البحث في الوسوم' });
    await user.type(box, '#الصحة{Enter}');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const searched = api.queries.find((q) => q.get('search'))!;
    expect(searched.get('search')).toBe('الصحة');
    expect(searched.get('page_size')).toBe('20');

    await user.click(screen.getByRole('button', { name: 'مسح' }));
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(box).toHaveValue('');
  });

  it('says so when no hashtag matches', async () => {
    mockFetch(hashtagsApi(() => json(200, listPage([], 0))).handler);
    renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    expect(await screen.findByText('لم يتم العثور على وسوم')).toBeInTheDocument();
  });

  it('shows a failed call with its message and tries again', async () => {
    let fail = true;
    mockFetch(hashtagsApi(() => (fail ? json(500, { detail: 'الخادم مشغول' }) : json(200, listPage(tags(1, 2), 2)))).handler);
    const { user } = renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    const alert = await failure('فشل في جلب الوسوم');
    expect(alert).toHaveTextContent('الخادم مشغول');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it.each([
    ['not an object', [hashtag(1)], 'تنسيق استجابة الخادم غير صالح'],
    ['without results', { count: 1, next: null, previous: null }, 'استجابة الخادم لا تحتوي على قائمة النتائج'],
  ])('reports an answer %s as a format error (§5)', async (_case, body, message) => {
    mockFetch(hashtagsApi(() => json(200, body)).handler);
    renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    const alert = await failure('فشل في جلب الوسوم');
    expect(alert).toHaveTextContent(message);
  });

  it('asks again after a malformed answer', async () => {
    let malformed = true;
    mockFetch(hashtagsApi(() => (malformed ? json(200, { count: 2 }) : json(200, listPage(tags(1, 2), 2)))).handler);
    const { user } = renderWithProviders(<HashtagsPage />, { route: '/hashtags' });
    const alert = await failure('فشل في جلب الوسوم');
    malformed = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByText('فشل في جلب الوسوم')).not.toBeInTheDocument();
  });

  it('speaks English to an English reader, format errors included', async () => {
    mockFetch(hashtagsApi(() => json(200, { count: 1 })).handler);
    renderWithProviders(<HashtagsPage />, { route: '/hashtags', preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hashtags' })).toBeInTheDocument();
    const alert = await failure('Failed to fetch hashtags');
    expect(alert).toHaveTextContent('Response missing results array');
  });
});
