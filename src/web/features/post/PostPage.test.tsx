/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import PostPage from './PostPage';
import PostComparePage from './compare/PostComparePage';
import PostPrintPage from './print/PostPrintPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const ARABIC_SLUG = 'لائحة-وزارة-الاستثمار-60-2026';

const full = post(60, {
  slug: ARABIC_SLUG,
  title: 'Investment regulation',
  title_ar: 'لائحة تنظيم الاستثمار',
  summary: 'The regulation in brief.',
  summary_ar: 'ملخص اللائحة.',
  content: 'Article one.\nArticle two.',
  content_ar: 'المادة الأولى: نص.\nالمادة الثانية: نص.',
  type: { id: 9, name: 'regulation', name_ar: 'لائحة' },
  organization: { id: 5, code: 'MISA', name: 'Ministry of Investment', name_ar: 'وزارة الاستثمار', is_verified: true },
  organization_name: 'Ministry of Investment',
  organization_name_ar: 'وزارة الاستثمار',
  subsidiary_name: 'Investor services',
  subsidiary_name_ar: 'خدمات المستثمرين',
  categories: [3],
  categories_data: [{ id: 3, slug: 'economy', name: 'Economy', name_ar: 'الاقتصاد' }],
  subcategories: [{ id: 8, slug: 'investment', category: 'economy', name: 'Investment', name_ar: 'الاستثمار' }],
  hashtags: [
    { id: 1, name: 'رؤية_2030', slug: 'رؤية-2030' },
    { id: 2, name: 'Vision2030', slug: 'vision2030' },
  ],
  author: { id: 4, username: 'misa_media', first_name: 'وزارة الاستثمار', last_name: '', user_type: 'publisher', is_verified: true, profile_picture: null },
  view_count: 1234,
  reading_time: 3,
  language: 'ar',
});

/** Shows where the router is, for assertions. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/" element={<h1>home</h1>} />
      <Route path="/elsewhere" element={<Link to="/post/missing">open the post</Link>} />
      <Route path="/post/:slug" element={<PostPage />} />
    </Routes>
    <Where />
  </>
);

/** Answers the post detail with `answer`; anything else is a 404. */
const posts =
  (answer: (slug: string) => Response): Handler =>
  (_req, path) => {
    const match = /^\/content\/posts\/([^/]+)\/$/.exec(path);
    return match ? answer(decodeURIComponent(match[1])) : json(404, { detail: 'Not found.' });
  };

afterEach(() => {
  applyDocumentLanguage('ar');
});

describe('PostPage', () => {
  it('shows a skeleton, then the post in full', async () => {
    const fetchMock = mockFetch(posts((slug) => (slug === ARABIC_SLUG ? json(200, full) : json(404, { detail: 'x' }))));
    renderWithProviders(app, { route: `/post/${encodeURIComponent(ARABIC_SLUG)}` });

    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'لائحة تنظيم الاستثمار' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'جاري التحميل…' })).not.toBeInTheDocument();
    expect(document.title).toBe('لائحة تنظيم الاستثمار · قرار');

    // The Arabic slug reaches the server percent-encoded exactly once.
    expect(new URL(fetchMock.calls[0].url).pathname).toBe(`/api/v1/content/posts/${encodeURIComponent(ARABIC_SLUG)}/`);

    expect(screen.getByText('ملخص اللائحة.')).toBeInTheDocument();
    expect(screen.getByTestId('post-content')).toHaveTextContent('المادة الأولى: نص.');
    expect(screen.getByText('المشاهدات: 1234')).toBeInTheDocument();
    expect(screen.getByText('مدة القراءة: 3 د')).toBeInTheDocument();
    const published = document.querySelector('time[datetime="2024-05-01T00:00:00Z"]');
    expect(published).toHaveTextContent(/^نُشر في /);

    const organizationLinks = screen.getAllByRole('link', { name: 'وزارة الاستثمار' });
    expect(organizationLinks.map((a) => a.getAttribute('href'))).toEqual(['/organizations/MISA', '/organizations/MISA']);
    expect(screen.getAllByText(/خدمات المستثمرين/).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'التصنيفات' })).getByRole('link', { name: 'الاقتصاد' })).toHaveAttribute('href', '/?category=economy');

    const hashtags = within(screen.getByRole('region', { name: 'الوسوم' }));
    expect(hashtags.getByRole('link', { name: '#رؤية_2030' })).toHaveAttribute('href', `/hashtags/${encodeURIComponent('رؤية-2030')}`);
    expect(hashtags.getByRole('link', { name: '#Vision2030' })).toHaveAttribute('href', '/hashtags/vision2030');

    const subcategories = within(screen.getByRole('region', { name: 'التصنيفات الفرعية' }));
    expect(subcategories.getByRole('link', { name: 'الاستثمار' })).toHaveAttribute('href', '/?category=economy');

    const info = within(screen.getByRole('region', { name: 'معلومات إضافية' }));
    expect(info.getByText('الناشر')).toBeInTheDocument();
    expect(info.getByRole('link', { name: /@misa_media/ })).toHaveAttribute('href', '/profile/misa_media');
    expect(info.getByRole('link', { name: 'لائحة' })).toHaveAttribute('href', '/types/9');
    expect(info.getByText('العربية')).toBeInTheDocument();
    expect(info.getByText('آخر تحديث')).toBeInTheDocument();
  });

  it('puts the summary in the page description while the post is shown', async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'site';
    document.head.append(meta);
    mockFetch(posts(() => json(200, full)));
    const { unmount } = renderWithProviders(app, { route: '/post/x' });
    await screen.findByRole('heading', { level: 1, name: 'لائحة تنظيم الاستثمار' });
    expect(meta.content).toBe('ملخص اللائحة.');
    unmount();
    expect(meta.content).toBe('site');
    meta.remove();
  });

  it.each([
    ['the raw Arabic address', `/post/${ARABIC_SLUG}`],
    ['an address with surrounding slashes', `/post/${encodeURIComponent(`/${ARABIC_SLUG}/`)}`],
  ])('reads %s', async (_case, route) => {
    const fetchMock = mockFetch(posts(() => json(200, full)));
    renderWithProviders(app, { route });
    await screen.findByRole('heading', { level: 1, name: 'لائحة تنظيم الاستثمار' });
    expect(new URL(fetchMock.calls[0].url).pathname).toBe(`/api/v1/content/posts/${encodeURIComponent(ARABIC_SLUG)}/`);
  });

  it('shows the post in English to an English reader', async () => {
    mockFetch(posts(() => json(200, full)));
    renderWithProviders(app, { route: '/post/x', preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Investment regulation' })).toBeInTheDocument();
    expect(screen.getByText('The regulation in brief.')).toBeInTheDocument();
    expect(screen.getByText('Views: 1234')).toBeInTheDocument();
    expect(screen.getByText('Reading time: 3 min')).toBeInTheDocument();
    const info = within(screen.getByRole('region', { name: 'Additional information' }));
    expect(info.getByRole('link', { name: 'Regulation' })).toHaveAttribute('href', '/types/9');
    expect(info.getByRole('link', { name: 'Ministry of Investment' })).toBeInTheDocument();
    expect(info.getByText('Arabic')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('says "Invalid post URL" when the address holds no slug, without asking the server', async () => {
    const fetchMock = mockFetch(posts(() => json(200, full)));
    renderWithProviders(app, { route: '/post/%2F%2F' });
    expect(await screen.findByRole('heading', { level: 1, name: 'رابط المنشور غير صالح' })).toBeInTheDocument();
    // Spec §5: the slug is required once its surrounding slashes are trimmed.
    expect(screen.getByTestId('not-found-panel')).toHaveTextContent('معرّف المنشور مطلوب');
    expect(fetchMock.fn).not.toHaveBeenCalled();
  });

  it.each(['/post/%2F', '/post/%20%2F%2F%20', '/post/%2F%2F/versions/2', '/post/%2F/print', '/post/%2F/compare/1/2'])(
    "says 'Post slug is required' in English at %s, without asking the server",
    async (route) => {
      const fetchMock = mockFetch(posts(() => json(200, full)));
      const screens = (
        <Routes>
          <Route path="/post/:slug/print" element={<PostPrintPage />} />
          <Route path="/post/:slug/compare/:a/:b" element={<PostComparePage />} />
          <Route path="/post/:slug/*" element={<PostPage />} />
        </Routes>
      );
      renderWithProviders(screens, { route, preloadedState: { preferences: { language: 'en' } } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Invalid post URL' })).toBeInTheDocument();
      expect(screen.getByTestId('not-found-panel')).toHaveTextContent('Post slug is required');
      expect(fetchMock.fn).not.toHaveBeenCalled();
    },
  );

  it('says the post was not found on a 404, and goes back to where the reader came from', async () => {
    mockFetch(posts(() => json(404, { detail: 'المنشور غير موجود' })));
    const { user } = renderWithProviders(app, { route: '/elsewhere' });
    await user.click(screen.getByRole('link', { name: 'open the post' }));
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'لم يتم العثور على المنشور' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'العودة' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere');
  });

  it('goes home from the not-found panel when the post was opened directly', async () => {
    mockFetch(posts(() => json(404, { detail: 'Not found.' })));
    const { user } = renderWithProviders(app, { route: '/post/missing' });
    await user.click(await screen.findByRole('button', { name: 'العودة' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('says the reader may not see a post on a 403', async () => {
    mockFetch(posts(() => json(403, { detail: 'forbidden' })));
    renderWithProviders(app, { route: '/post/draft' });
    expect(await screen.findByRole('heading', { level: 1, name: 'ليس لديك صلاحية لعرض هذا المنشور' })).toBeInTheDocument();
  });

  it('says the post failed to load, with the message as it is, and tries again', async () => {
    let answers = 0;
    mockFetch(posts(() => (++answers === 1 ? json(500, { detail: 'Database unavailable' }) : json(200, full))));
    const { user } = renderWithProviders(app, { route: '/post/x' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'خطأ في تحميل المنشور' })).toBeInTheDocument();
    expect(panel.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'لائحة تنظيم الاستثمار' })).toBeInTheDocument();
  });

  it('goes back from a loaded post', async () => {
    mockFetch(posts(() => json(200, full)));
    const { user } = renderWithProviders(app, { route: '/elsewhere' });
    await user.click(screen.getByRole('link', { name: 'open the post' }));
    await screen.findByRole('heading', { level: 1, name: 'لائحة تنظيم الاستثمار' });
    await user.click(screen.getByRole('button', { name: 'رجوع' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/elsewhere'));
  });
});
