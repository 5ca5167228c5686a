/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { PostVersionSummary } from '../../api/postVersions';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch } from '../../test/fetchMock';
import { post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
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
  it("lists the versions newest first, each linking to its stable page, the slug encoded once", async () => {
    serveVersions();
    renderWithProviders(<PostHistory slug={SLUG} currentVersion={3} />);
    const history = within(screen.getByRole('region', { name: 'سجل النسخ' }));
    const items = await history.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      // No Arabic note: the English one rather than none.
      'النسخة 3 (الحالية) · تصحيح جوهري · 1 مارس 2026Article 3 corrected.',
      'النسخة 2 · تصحيح طفيف · 20 يناير 2026خطأ مطبعي.',
      'النسخة 1 · النشر الأول · 5 يناير 2026',
    ]);
    expect(history.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      [3, 2, 1].map((v) => `/post/${encodeURIComponent(SLUG)}/versions/${v}`),
    );
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
    await waitFor(() => expect(history.getAllByRole('listitem')[0]).toHaveTextContent('Version 3 (current) · Major correction · March 1, 2026'));
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
