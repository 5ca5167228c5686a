/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { PostRelation } from '../../api/posts';
import type { PostVersionSummary } from '../../api/postVersions';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch } from '../../test/fetchMock';
import { post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { postsApi } from '../../api/posts';
import { PostArticle } from './PostArticle';
import { PostHistory } from './PostHistory';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const SLUG = 'لائحة-الاستثمار-60';
const VERSIONS: PostVersionSummary[] = [
  { version: 1, kind: 'first', note: '', note_ar: '', created_at: '2026-01-05T09:00:00Z' },
  { version: 2, kind: 'minor', note: 'Typo.', note_ar: 'خطأ مطبعي.', created_at: '2026-01-20T09:00:00Z' },
  { version: 3, kind: 'major', note: 'Article 3 corrected.', note_ar: '', created_at: '2026-03-01T09:00:00Z' },
];

let api: ReturnType<typeof mockFetch>;
const serveVersions = (answer = () => json(200, VERSIONS)) => {
  api = mockFetch((_req, path) => (path === `/content/posts/${encodeURIComponent(SLUG)}/versions/` ? answer() : json(404, { detail: 'Not found.' })));
};

afterEach(() => {
  applyDocumentLanguage('ar');
});

describe('PostHistory', () => {
  it("lists the versions newest first, each linking to its stable page and to its comparison with the one before, the slug encoded once", async () => {
    serveVersions();
    renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} />);
    const history = within(screen.getByRole('region', { name: 'سجل النسخ' }));
    const items = await history.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      // No Arabic note: the English one rather than none.
      'النسخة 3 (الحالية) · تصحيح جوهري · 1 مارس 2026 · مقارنة بالنسخة 2Article 3 corrected.',
      'النسخة 2 · تصحيح طفيف · 20 يناير 2026 · مقارنة بالنسخة 1خطأ مطبعي.',
      // The first has nothing before it.
      'النسخة 1 · النشر الأول · 5 يناير 2026',
    ]);
    const post = `/post/${encodeURIComponent(SLUG)}`;
    expect(history.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      `${post}/versions/3`,
      `${post}/compare/2/3`,
      `${post}/versions/2`,
      `${post}/compare/1/2`,
      `${post}/versions/1`,
    ]);
    expect(history.getByRole('link', { name: 'مقارنة بالنسخة 2' })).toHaveAttribute('href', `${post}/compare/2/3`);
    expect(history.queryByTestId('post-amendments')).not.toBeInTheDocument();
    expect(api.paths()).toEqual([`GET /content/posts/${encodeURIComponent(SLUG)}/versions/`]);
  });

  it('marks the version being read', async () => {
    serveVersions();
    renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} shownVersion={2} />);
    expect(await screen.findByRole('link', { name: 'النسخة 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'النسخة 3' })).not.toHaveAttribute('aria-current');
  });

  it('reads in English for an English reader', async () => {
    serveVersions();
    renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} />, { preloadedState: { preferences: { language: 'en' } } });
    const history = within(await screen.findByRole('region', { name: 'Version history' }));
    await waitFor(() =>
      expect(history.getAllByRole('listitem')[0]).toHaveTextContent('Version 3 (current) · Major correction · March 1, 2026 · Compare with version 2'),
    );
  });

  const amendedBy = (published_at: string | null): PostRelation => ({
    kind: 'amends',
    direction: 'in',
    post: {
      id: 77,
      slug: 'تعديل-اللائحة-77',
      title: 'Amendment of the investment regulation',
      title_ar: 'تعديل لائحة الاستثمار',
      document_number: '77/1447',
      published_at,
      status: 'published',
      organization_name: null,
      organization_name_ar: null,
    },
  });

  it('links an amendment to the comparison of the text before and after it, when both are on the portal', async () => {
    serveVersions();
    renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} relations={[amendedBy('2026-02-15T10:00:00Z')]} />);
    const amendments = await screen.findByTestId('post-amendments');
    expect(amendments).toHaveTextContent('عُدِّل بـ«\u2068تعديل لائحة الاستثمار\u2069» · قارن النص قبل التعديل وبعده (النسختان 2 و3)');
    expect(within(amendments).getByRole('link', { name: 'قارن النص قبل التعديل وبعده (النسختان 2 و3)' })).toHaveAttribute(
      'href',
      `/post/${encodeURIComponent(SLUG)}/compare/2/3`,
    );
  });

  it('links no amendment whose text the post never took in (no version since it)', async () => {
    serveVersions();
    renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} relations={[amendedBy('2026-04-01T00:00:00Z')]} />);
    await screen.findAllByRole('listitem');
    expect(screen.queryByTestId('post-amendments')).not.toBeInTheDocument();
  });

  it("finds the amendments in the post page's own answer, and reads them in English", async () => {
    const amended = post(60, { slug: SLUG, version: 3, relations: [amendedBy('2026-02-15T10:00:00Z')] });
    mockFetch((_req, path) =>
      path === `/content/posts/${encodeURIComponent(SLUG)}/versions/`
        ? json(200, VERSIONS)
        : path === `/content/posts/${encodeURIComponent(SLUG)}/`
          ? json(200, amended)
          : json(404, { detail: 'Not found.' }),
    );
    const { store } = renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} />, { preloadedState: { preferences: { language: 'en' } } });
    // As the post's page asks for it (PostPage): the history reads that answer, and asks for nothing more.
    await store.dispatch(postsApi.endpoints.getPost.initiate({ slug: encodeURIComponent(SLUG) }));
    const amendments = await screen.findByTestId('post-amendments');
    await waitFor(() => expect(amendments).toHaveTextContent('Amended by “\u2068Amendment of the investment regulation\u2069” · Compare the text before and after (versions 2 and 3)'));
  });

  it('says the history did not load, and asks again', async () => {
    let answers = 0;
    serveVersions(() => (++answers === 1 ? json(500, { detail: 'Database unavailable' }) : json(200, VERSIONS)));
    const { user } = renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} />);
    expect(await screen.findByText('تعذر تحميل سجل النسخ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
  });

  it('is on the post page of a corrected post, and not on one never corrected', async () => {
    serveVersions();
    const { unmount } = renderWithProviders(<PostArticle post={post(60, { slug: SLUG, version: 3 })} />);
    expect(await screen.findByRole('link', { name: 'النسخة 1' })).toBeInTheDocument();
    unmount();
    api.fn.mockClear();
    renderWithProviders(<PostArticle post={post(60, { slug: SLUG, version: 1 })} />);
    expect(screen.queryByRole('region', { name: 'سجل النسخ' })).not.toBeInTheDocument();
    expect(api.fn).not.toHaveBeenCalled();
  });
});
