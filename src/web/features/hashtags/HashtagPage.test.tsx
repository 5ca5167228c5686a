/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Hashtag } from '../../api/hashtags';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n from '../../i18n';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { page, post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import HashtagPage from './HashtagPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const vision: Hashtag = {
  id: 5,
  name: 'رؤية_2030',
  slug: 'رؤية-2030',
  post_count: 37,
  is_trending: true,
  last_used: '2024-05-01T00:00:00Z',
  created_at: '2024-01-01T00:00:00Z',
};
const covid: Hashtag = { ...vision, id: 6, name: 'COVID19', slug: 'covid19', is_trending: false, post_count: 3 };
const health: Hashtag = { ...vision, id: 7, name: 'الصحة', slug: 'الصحة' };

/** The one hashtag the API knows, found by slug or by name as the server does. */
function hashtagApi(tag: Hashtag, over: { detail?: () => Response; related?: Hashtag[]; posts?: () => Response } = {}): Handler {
  const known = new Set([tag.slug, tag.name].map((s) => `/content/hashtags/${encodeURIComponent(s)}`));
  return (_req, path) => {
    const match = /^(\/content\/hashtags\/[^/]+)\/(related\/|posts\/)?$/.exec(path);
    if (!match || !known.has(match[1])) return json(404, { detail: 'لم يتم العثور على الوسم.' });
    if (match[2] === 'related/') return json(200, over.related ?? []);
    if (match[2] === 'posts/') return over.posts ? over.posts() : json(200, page([post(1), post(2)]));
    return over.detail ? over.detail() : json(200, tag);
  };
}

const app = (
  <Routes>
    <Route path="/hashtags/:slug" element={<HashtagPage />} />
  </Routes>
);

const pathsOf = (calls: Request[]) => calls.map((r) => new URL(r.url).pathname.replace(/^\/api\/v1/, ''));
// The heading isolates '#name' (U+2068 … U+2069) so that it keeps its own direction.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name: `\u2068${name}\u2069` });

describe('/hashtags/{slug}', () => {
  it('shows a skeleton, then #name, the trending badge and the total, asking for its posts 20 at a time', async () => {
    const fetchMock = mockFetch(hashtagApi(vision));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}` });
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();

    expect(await heading('#رؤية_2030')).toBeInTheDocument();
    expect(screen.getByText('إجمالي المنشورات: 37')).toBeInTheDocument();
    expect(screen.getByText('رائج')).toBeInTheDocument();
    expect(document.title).toContain('#رؤية_2030');

    const posts = fetchMock.calls.find((r) => r.url.includes('/posts/'))!;
    expect(new URL(posts.url).pathname).toBe(`/api/v1/content/hashtags/${encodeURIComponent(vision.slug)}/posts/`);
    expect(new URL(posts.url).searchParams.get('page_size')).toBe('20');
    expect(new URL(posts.url).searchParams.get('page')).toBe('1');
  });

  it('lists its posts in a feed under a posts heading', async () => {
    mockFetch(hashtagApi(vision));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}` });
    const feed = await screen.findByRole('feed', { name: 'منشورات الوسم #رؤية_2030' });
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 2, name: 'المنشورات' })).toBeInTheDocument();
  });

  it('says "No posts yet" (in Arabic) when the hashtag has none', async () => {
    mockFetch(hashtagApi(vision, { posts: () => json(200, page([])) }));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}` });
    expect(await screen.findByText('لا توجد منشورات بعد')).toBeInTheDocument();
  });

  it('is reached by the encoded name as well as by the slug, encoded once', async () => {
    const fetchMock = mockFetch(hashtagApi(vision));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.name)}` });
    expect(await heading('#رؤية_2030')).toBeInTheDocument();
    const paths = pathsOf(fetchMock.calls);
    expect(paths).toContain(`/content/hashtags/${encodeURIComponent(vision.name)}/`);
    expect(paths).toContain(`/content/hashtags/${encodeURIComponent(vision.name)}/posts/`);
    expect(paths.join(' ')).not.toContain('%25');
  });

  it('takes the raw (browser-decoded) Arabic address too', async () => {
    mockFetch(hashtagApi(vision));
    renderWithProviders(app, { route: `/hashtags/${vision.name}` });
    expect(await heading('#رؤية_2030')).toBeInTheDocument();
  });

  it('keeps a Latin name in its own direction in the Arabic heading', async () => {
    mockFetch(hashtagApi(covid));
    renderWithProviders(app, { route: '/hashtags/covid19' });
    const h1 = await heading('#COVID19');
    expect(h1.textContent).toBe('\u2068#COVID19\u2069');
    expect(screen.queryByText('رائج')).not.toBeInTheDocument();
  });

  it('offers related hashtags as chips linking by slug, without the hashtag itself', async () => {
    mockFetch(hashtagApi(vision, { related: [vision, health, covid] }));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}` });
    const related = within(await screen.findByRole('region', { name: 'وسوم ذات صلة' }));
    const links = related.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['#الصحة', '#COVID19']);
    expect(links[0]).toHaveAttribute('href', `/hashtags/${encodeURIComponent('الصحة')}`);
    expect(links[1]).toHaveAttribute('href', '/hashtags/covid19');
    expect(related.getByText('#COVID19').tagName).toBe('BDI');
  });

  it('shows the not-found panel with go back for an unknown hashtag', async () => {
    mockFetch(hashtagApi(vision));
    renderWithProviders(app, { route: '/hashtags/no-such-tag' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'لم يتم العثور على الوسم' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'العودة' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
  });

  it('shows a server failure in the panel with its message and tries again', async () => {
    let fail = true;
    mockFetch(hashtagApi(vision, { detail: () => (fail ? json(503, { detail: 'الخدمة غير متاحة' }) : json(200, vision)) }));
    const { user } = renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}` });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByText('الخدمة غير متاحة')).toBeInTheDocument();
    fail = false;
    await user.click(panel.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await heading('#رؤية_2030')).toBeInTheDocument();
  });

  it.each([
    ['an empty object', {}],
    ['a wrapper without the hashtag', { detail: 'ok' }],
    ['nothing', null],
  ])('reports an answer holding %s as missing hashtag data (§5)', async (_case, body) => {
    mockFetch(hashtagApi(vision, { detail: () => json(200, body) }));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}` });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'لم يتم العثور على الوسم' })).toBeInTheDocument();
    expect(panel.getByText('لم يتم العثور على بيانات الوسم في الاستجابة')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    mockFetch(hashtagApi(vision, { detail: () => json(200, {}) }));
    renderWithProviders(app, { route: '/hashtags/x', preloadedState: { preferences: { language: 'en' } } });
    const panel = within(await screen.findByTestId('not-found-panel'));
    await waitFor(() => expect(panel.getByRole('heading', { level: 1, name: 'Hashtag not found' })).toBeInTheDocument());
  });

  it('shows the English texts of a found hashtag', async () => {
    mockFetch(hashtagApi(vision));
    renderWithProviders(app, { route: `/hashtags/${encodeURIComponent(vision.slug)}`, preloadedState: { preferences: { language: 'en' } } });
    await waitFor(() => expect(screen.getByText('Total posts: 37')).toBeInTheDocument());
    expect(screen.getByText('Trending')).toBeInTheDocument();
  });
});
