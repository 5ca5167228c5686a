/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Post } from '../../../api/posts';
import type { PostVersion } from '../../../api/postVersions';
import enCore from '../../../i18n/locales/en/core';
import enScreens from '../../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../../i18n';
import { json, mockFetch } from '../../../test/fetchMock';
import { post } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import PostComparePage from './PostComparePage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const SLUG = 'قرار-وزارة-التعليم-5';
const ENCODED = encodeURIComponent(SLUG);

const text = (over: Partial<Post>) => post(5, { slug: SLUG, title_ar: 'قرار بشان مواعيد الدوام', title: 'Decision on working hours', ...over });

const version = (n: number, kind: PostVersion['kind'], created_at: string, p: Post, note = '', note_ar = ''): PostVersion => ({
  version: n,
  kind,
  note,
  note_ar,
  created_at,
  current_version: 3,
  post: { ...p, version: n },
  signed: null,
});

const VERSIONS: Record<string, PostVersion> = {
  1: version(
    1,
    'first',
    '2026-01-05T09:00:00Z',
    text({
      content_ar: 'تلتزم الجهات بالتنفيذ خلال مدة لا تتجاوز 30 يومًا من تاريخ الصدور.\n\nيُعمل بهذا القرار من تاريخه.',
      content: 'Bodies shall comply within 30 days of issue.',
    }),
  ),
  3: version(
    3,
    'major',
    '2026-03-01T09:00:00Z',
    text({
      title_ar: 'قرار بشأن مواعيد الدوام',
      summary_ar: 'تعديل مدة التنفيذ.',
      content_ar: 'تلتزم الجهات المعنية بالتنفيذ خلال مدة لا تتجاوز 60 يومًا من تاريخ الصدور.\n\nيُعمل بهذا القرار من تاريخه.',
      content: 'Bodies shall comply within 60 days of issue.',
    }),
    'Implementation period corrected.',
    'صُحّحت مدة التنفيذ.',
  ),
};

let api: ReturnType<typeof mockFetch>;
beforeEach(() => {
  api = mockFetch((_req, path) => {
    const match = new RegExp(`^/content/posts/${ENCODED}/versions/([^/]+)/$`).exec(path);
    const found = match ? VERSIONS[match[1]] : undefined;
    return found ? json(200, found) : json(404, { detail: 'Not found.' });
  });
});
afterEach(() => applyDocumentLanguage('ar'));

const app = (
  <Routes>
    <Route path="/post/:slug/compare/:a/:b" element={<PostComparePage />} />
  </Routes>
);

describe('PostComparePage', () => {
  it('compares two versions word by word, inline, with a summary a screen reader speaks', async () => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/1/3` });
    expect(await screen.findByRole('heading', { level: 1, name: 'مقارنة النسختين 1 و3' })).toBeInTheDocument();
    const summary = await screen.findByText('أُضيفت 7 كلمات وحُذفت 3 كلمات');
    expect(summary).toHaveAttribute('role', 'status');
    expect(api.paths().sort()).toEqual([`GET /content/posts/${ENCODED}/versions/1/`, `GET /content/posts/${ENCODED}/versions/3/`]);

    // The post's own language first: Arabic title, summary and text, then the English text.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'النسخة 1',
      'النسخة 3 (الحالية)',
      'العنوان (العربية)',
      'الملخص (العربية)',
      'النص (العربية)',
      'العنوان (الإنجليزية)',
      'النص (الإنجليزية)',
    ]);

    // A corrected hamza: the whole word changed, never a split word.
    const title = screen.getByTestId('field-title-ar');
    expect(within(title).getByTestId('diff-text')).toHaveAttribute('lang', 'ar');
    expect(title.querySelector('del')).toHaveTextContent(/^بشان$/);
    expect(title.querySelector('ins')).toHaveTextContent(/^بشأن$/);
    expect(title).toHaveTextContent('أُضيفت كلمة واحدة وحُذفت كلمة واحدة');

    const content = screen.getByTestId('field-content-ar');
    expect([...content.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['المعنية', '60']);
    expect([...content.querySelectorAll('del')].map((e) => e.textContent)).toEqual(['30']);
    // Paragraphs kept as the text has them.
    expect(within(content).getByTestId('diff-text').textContent).toContain('من تاريخ الصدور.\n\nيُعمل');

    const english = screen.getByTestId('field-content-en');
    expect(within(english).getByTestId('diff-text')).toHaveAttribute('lang', 'en');
    expect(within(english).getByTestId('diff-text')).toHaveAttribute('dir', 'ltr');
    // The English title is the same in both: said so, and shown.
    expect(screen.getByTestId('field-title-en')).toHaveTextContent('دون تغيير');
  });

  it('names each version, with its kind, date and note, and links to it', async () => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/1/3` });
    const older = await screen.findByTestId('version-older');
    expect(older).toHaveTextContent('الأقدمالنسخة 1النشر الأول · 5 يناير 2026المشطوب: في النسخة 1 وحدهااقرأ النسخة 1');
    expect(within(older).getByRole('link', { name: 'اقرأ النسخة 1' })).toHaveAttribute('href', `/post/${ENCODED}/versions/1`);
    const newer = screen.getByTestId('version-newer');
    expect(newer).toHaveTextContent('الأحدثالنسخة 3 (الحالية)تصحيح جوهري · 1 مارس 2026صُحّحت مدة التنفيذ.المسطَّر: في النسخة 3 وحدها');
    // The key to the marks: the word drawn as the mark is.
    expect(older.querySelector('span')).toHaveTextContent(/^المشطوب$/);
    expect(within(newer).getByRole('link', { name: 'اقرأ النسخة 3' })).toHaveAttribute('href', `/post/${ENCODED}/versions/3`);
    expect(screen.getByRole('link', { name: 'قرار بشأن مواعيد الدوام' })).toHaveAttribute('href', `/post/${ENCODED}`);
  });

  it('reads from the older to the newer when the address names the newer first, and says so', async () => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/3/1` });
    expect(await screen.findByRole('heading', { level: 1, name: 'مقارنة النسختين 1 و3' })).toBeInTheDocument();
    expect(screen.getByText(/ذُكرت النسخة الأحدث أولًا في الرابط/)).toBeInTheDocument();
    expect(await screen.findByText('أُضيفت 7 كلمات وحُذفت 3 كلمات')).toBeInTheDocument();
    expect(screen.getByTestId('field-content-ar').querySelector('del')).toHaveTextContent('30');
  });

  it('reads in English for an English reader, the Arabic text still in Arabic', async () => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/1/3`, preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Versions 1 and 3 compared' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('compare-summary')).toHaveTextContent('7 words added, 3 words removed'));
    expect(screen.getByRole('heading', { level: 2, name: 'Text (Arabic)' })).toBeInTheDocument();
    expect(within(screen.getByTestId('field-content-ar')).getByTestId('diff-text')).toHaveAttribute('dir', 'rtl');
  });

  it('has nothing to compare between a version and itself', async () => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/2/2` });
    expect(await screen.findByText(/الطرفان هما النسخة 2 نفسها/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اقرأ النسخة 2' })).toHaveAttribute('href', `/post/${ENCODED}/versions/2`);
    expect(api.fn).not.toHaveBeenCalled();
  });

  it.each([
    ['0', '1'],
    ['1', 'abc'],
    ['2.5', '3'],
  ])('says the address is invalid for versions %s and %s, without asking the server', async (a, b) => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/${a}/${b}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'رابط النسخة غير صالح' })).toBeInTheDocument();
    expect(api.fn).not.toHaveBeenCalled();
  });

  it('says not found for a version the post does not have', async () => {
    renderWithProviders(app, { route: `/post/${ENCODED}/compare/1/9` });
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يتم العثور على المنشور' })).toBeInTheDocument();
  });
});
