/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PostVersion, PostVersionSummary } from '../../api/postVersions';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import PostPage from './PostPage';
import PostVersionPage from './PostVersionPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const SLUG = 'قرار-وزارة-التعليم-5';
const ENCODED = encodeURIComponent(SLUG);

const VERSIONS: PostVersionSummary[] = [
  { version: 1, kind: 'first', note: '', note_ar: '', created_at: '2026-01-05T09:00:00Z' },
  { version: 2, kind: 'major', note: 'Dates corrected.', note_ar: 'صُحّحت التواريخ.', created_at: '2026-02-01T09:00:00Z' },
  { version: 3, kind: 'major', note: 'Article 3 corrected.', note_ar: 'صُحّحت المادة الثالثة.', created_at: '2026-03-01T09:00:00Z' },
];

const current = post(5, { slug: SLUG, title_ar: 'القرار كما هو اليوم', title: 'The decision today', version: 3 });
const second: PostVersion = {
  ...VERSIONS[1],
  current_version: 3,
  post: post(5, { slug: SLUG, title_ar: 'القرار كما كان في النسخة الثانية', title: 'The decision as version 2', version: 2 }),
  signed: null,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/post/:slug" element={<PostPage />} />
      <Route path="/post/:slug/versions/:version" element={<PostVersionPage />} />
    </Routes>
    <Where />
  </>
);

let api: ReturnType<typeof mockFetch>;
const serve = (version: (n: string) => Response = (n) => (n === '2' ? json(200, second) : json(404, { detail: 'Not found.' }))) => {
  const handler: Handler = (_req, path) => {
    if (path === `/content/posts/${ENCODED}/`) return json(200, current);
    if (path === `/content/posts/${ENCODED}/versions/`) return json(200, VERSIONS);
    const match = new RegExp(`^/content/posts/${ENCODED}/versions/([^/]+)/$`).exec(path);
    return match ? version(match[1]) : json(404, { detail: 'Not found.' });
  };
  api = mockFetch(handler);
};

afterEach(() => {
  applyDocumentLanguage('ar');
});

describe('PostVersionPage', () => {
  it('shows the post as it read in that version, under a banner leading to the current one', async () => {
    serve();
    const { user } = renderWithProviders(app, { route: `/post/${ENCODED}/versions/2` });
    expect(await screen.findByRole('heading', { level: 1, name: 'القرار كما كان في النسخة الثانية' })).toBeInTheDocument();
    expect(api.paths()).toContain(`GET /content/posts/${ENCODED}/versions/2/`);

    const banner = screen.getByTestId('version-banner');
    expect(banner).toHaveTextContent('أنت تقرأ النسخة 2 من 3، المنشورة في 1 فبراير 2026. اقرأ النسخة الحالية');
    const back = within(banner).getByRole('link', { name: 'اقرأ النسخة الحالية' });
    expect(back).toHaveAttribute('href', `/post/${ENCODED}`);

    // The history marks the version on screen.
    expect(await screen.findByRole('link', { name: 'النسخة 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'القرار كما هو اليوم' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/post/${ENCODED}`);
    expect(screen.queryByTestId('version-banner')).not.toBeInTheDocument();
  });

  it("says the latest version's page is the current version, and shows no view count on a saved version", async () => {
    const third: PostVersion = { ...VERSIONS[2], current_version: 3, post: { ...current, view_count: 0 }, signed: null };
    serve((n) => (n === '3' ? json(200, third) : json(200, second)));
    renderWithProviders(app, { route: `/post/${ENCODED}/versions/3` });
    expect(await screen.findByRole('heading', { level: 1, name: 'القرار كما هو اليوم' })).toBeInTheDocument();
    // Before: 'You are reading version 3 of 3 … Read the current version', and 'Views: 0'.
    const banner = screen.getByTestId('version-banner');
    expect(banner).toHaveTextContent('أنت تقرأ النسخة 3 من 3، المنشورة في 1 مارس 2026، وهي النسخة الحالية. فتح صفحة المنشور');
    expect(within(banner).getByRole('link', { name: 'فتح صفحة المنشور' })).toHaveAttribute('href', `/post/${ENCODED}`);
    expect(screen.queryByText(/المشاهدات/)).not.toBeInTheDocument();
  });

  it('reads the banner in English to an English reader', async () => {
    serve();
    renderWithProviders(app, { route: `/post/${ENCODED}/versions/2`, preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'The decision as version 2' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('version-banner')).toHaveTextContent('You are reading version 2 of 3, published on February 1, 2026. Read the current version'),
    );
  });

  it('is reached from the history of the post page', async () => {
    serve();
    const { user } = renderWithProviders(app, { route: `/post/${ENCODED}` });
    await user.click(await screen.findByRole('link', { name: 'النسخة 2' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'القرار كما كان في النسخة الثانية' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/post/${ENCODED}/versions/2`);
  });

  it.each(['0', 'abc', '2.5', '-1'])('says the address is invalid for version %j, without asking the server', async (version) => {
    serve();
    renderWithProviders(app, { route: `/post/${ENCODED}/versions/${version}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'رابط النسخة غير صالح' })).toBeInTheDocument();
    expect(api.fn).not.toHaveBeenCalled();
  });

  it('says not found for a version the post does not have', async () => {
    serve();
    renderWithProviders(app, { route: `/post/${ENCODED}/versions/9` });
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يتم العثور على المنشور' })).toBeInTheDocument();
  });
});
