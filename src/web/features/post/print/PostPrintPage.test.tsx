/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Attachment, Post } from '../../../api/posts';
import i18n, { applyDocumentLanguage } from '../../../i18n';
import { json, mockFetch } from '../../../test/fetchMock';
import { post } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import PostPrintPage from './PostPrintPage';

const SLUG = 'قرار-وزارة-التعليم-794';
const ENCODED = encodeURIComponent(SLUG);
const DIGEST = 'a'.repeat(64);
const FILE_SHA = '0123456789abcdef'.repeat(4);

const attachment = (over: Partial<Attachment>): Attachment => ({
  id: 11,
  file: 'posts/794.pdf',
  file_url: 'http://localhost/media/posts/794.pdf',
  thumbnail_url: null,
  renditions: [],
  title: 'The decision, signed',
  title_ar: 'نص القرار موقعًا',
  description: '',
  file_type: 'application/pdf',
  size: 245_760,
  file_size_display: '240.0 KB',
  file_extension: 'pdf',
  order: 0,
  created_at: '2024-05-01T00:00:00Z',
  width: null,
  height: null,
  ...over,
});

const arabic: Post = post(794, {
  slug: SLUG,
  title_ar: 'قرار بشأن مواعيد الدوام في المدارس',
  title: 'Decision on school hours',
  summary_ar: 'تحديد مواعيد الدوام للعام الدراسي.',
  content_ar: 'المادة الأولى: يبدأ الدوام في الساعة السابعة.\n\nالمادة الثانية: يُعمل بهذا القرار من تاريخه.',
  content: 'Article 1: the day starts at seven.',
  organization: { id: 3, code: 'MOE', name: 'Ministry of Education', name_ar: 'وزارة التعليم', is_verified: true },
  type: { id: 1, name: 'decision', name_ar: 'قرار' },
  document_number: '794/1446',
  issued_on: '2024-05-01',
  issued_on_hijri: '1445-10-22',
  version: 3,
  last_update: { version: 3, updated_at: '2026-03-01T09:00:00Z', note: '', note_ar: '' },
  attachments: [attachment({}), attachment({ id: 12, title_ar: 'الجدول', title: 'The timetable', order: 1, file_extension: 'xlsx', file_size_display: '12.0 KB' })],
  signature: {
    version: 3,
    alg: 'EdDSA',
    kid: 'kid-2026-a',
    digest: DIGEST,
    signature: 'c2lnbmF0dXJl',
    signed_at: '2026-03-01T09:00:05Z',
    files: [{ id: 11, sha256: FILE_SHA }],
  },
});

let api: ReturnType<typeof mockFetch>;
const serve = (answer: Post) => {
  api = mockFetch((_req, path) => (path === `/content/posts/${encodeURIComponent(answer.slug)}/` ? json(200, answer) : json(404, { detail: 'Not found.' })));
};
afterEach(() => applyDocumentLanguage('ar'));

const app = (
  <Routes>
    <Route path="/post/:slug/print" element={<PostPrintPage />} />
    <Route path="/post/:slug" element={<p>the post</p>} />
  </Routes>
);

describe('PostPrintPage', () => {
  it('prints the post as an official page: issuer, type and number, both dates, title, text, attachments with their digests', async () => {
    serve(arabic);
    renderWithProviders(app, { route: `/post/${ENCODED}/print` });
    const sheet = await screen.findByTestId('print-sheet');
    expect(api.paths()).toEqual([`GET /content/posts/${ENCODED}/`]);
    expect(sheet).toHaveAttribute('lang', 'ar');
    expect(sheet).toHaveAttribute('dir', 'rtl');
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent('قرار بشأن مواعيد الدوام في المدارس');
    expect(sheet).toHaveTextContent('وزارة التعليم');
    expect(sheet).toHaveTextContent('قرار رقم 794/1446');
    expect(sheet).toHaveTextContent('التاريخ:1 مايو 2024');
    expect(sheet).toHaveTextContent('الموافق:22 شوال 1445 هـ');
    expect(within(sheet).getByText('1 مايو 2024').closest('time')).toHaveAttribute('datetime', '2024-05-01');
    expect(sheet).toHaveTextContent('تحديد مواعيد الدوام للعام الدراسي.');
    expect(within(sheet).getByTestId('sheet-content')).toHaveTextContent('المادة الأولى: يبدأ الدوام في الساعة السابعة.');

    const files = within(sheet).getAllByTestId('sheet-attachment');
    expect(files.map((f) => f.textContent)).toEqual([
      `1. نص القرار موقعًا (PDF, 240.0 KB)SHA-256:${FILE_SHA}`,
      // A file the signature does not name (not signed yet): no digest claimed.
      '2. الجدول (XLSX, 12.0 KB)SHA-256:لم يُوقَّع بعد',
    ]);
  });

  it("ends with the version, its signature's key and digest, and a QR code of that version's address", async () => {
    serve(arabic);
    renderWithProviders(app, { route: `/post/${ENCODED}/print` });
    const sheet = await screen.findByTestId('print-sheet');
    const verification = within(sheet).getByRole('region', { name: 'التحقق' });
    expect(verification).toHaveTextContent('النسخة 3، المنشورة في 1 مارس 2026');
    expect(verification).toHaveTextContent('التوقيعEd25519، المفتاح kid-2026-a');
    expect(within(verification).getByTestId('sheet-digest')).toHaveTextContent(DIGEST);
    const address = `http://localhost/post/${ENCODED}/versions/3`;
    const qr = within(verification).getByRole('img', { name: 'رمز QR لرابط النسخة 3' });
    expect(qr).toHaveAttribute('data-address', address);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    // Written out too, readable.
    expect(verification).toHaveTextContent(`http://localhost/post/${SLUG}/versions/3`);
  });

  it('offers to print and the way back, on screen only', async () => {
    serve(arabic);
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderWithProviders(app, { route: `/post/${ENCODED}/print` });
    const button = await screen.findByRole('button', { name: 'طباعة' });
    expect(button.closest('[data-print-hidden]')).not.toBeNull();
    await user.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: 'العودة إلى المنشور' }));
    expect(await screen.findByText('the post')).toBeInTheDocument();
    print.mockRestore();
  });

  it("prints an English post in English, left to right, for an Arabic reader (the post's language, loaded for it)", async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    const english = { ...arabic, slug: 'moe-decision-794', language: 'en' as const, content: 'Article 1: the day starts at seven.' };
    serve(english);
    renderWithProviders(app, { route: '/post/moe-decision-794/print' });
    const sheet = await screen.findByTestId('print-sheet', undefined, { timeout: 5000 });
    expect(sheet).toHaveAttribute('lang', 'en');
    expect(sheet).toHaveAttribute('dir', 'ltr');
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent('Decision on school hours');
    expect(sheet).toHaveTextContent('Ministry of Education');
    expect(sheet).toHaveTextContent('Decision No. 794/1446');
    expect(sheet).toHaveTextContent('Date:May 1, 2024');
    expect(sheet).toHaveTextContent('Hijri date:Shawwal 22, 1445 AH');
    expect(within(sheet).getByRole('region', { name: 'Verification' })).toHaveTextContent('Version 3, published on March 1, 2026');
    // The screen around it stays in the reader's language.
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
  });

  it('claims no signature for a version not signed yet', async () => {
    serve({ ...arabic, signature: null });
    renderWithProviders(app, { route: `/post/${ENCODED}/print` });
    const sheet = await screen.findByTestId('print-sheet');
    expect(within(sheet).getByRole('region', { name: 'التحقق' })).toHaveTextContent('لم تُوقَّع هذه النسخة بعد: تحقّق منها على البوابة.');
    expect(within(sheet).queryByTestId('sheet-digest')).not.toBeInTheDocument();
    expect(within(sheet).getAllByTestId('sheet-attachment')[0]).toHaveTextContent('SHA-256:لم يُوقَّع بعد');
  });

  it("claims no digest from a signature of another version than the one printed", async () => {
    serve({ ...arabic, signature: { ...arabic.signature!, version: 2 } });
    renderWithProviders(app, { route: `/post/${ENCODED}/print` });
    const sheet = await screen.findByTestId('print-sheet');
    expect(within(sheet).queryByTestId('sheet-digest')).not.toBeInTheDocument();
    expect(within(sheet).getAllByTestId('sheet-attachment')[0]).toHaveTextContent('SHA-256:لم يُوقَّع بعد');
  });

  it('says so when the post does not exist', async () => {
    serve(arabic);
    renderWithProviders(app, { route: '/post/no-such-post/print' });
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يتم العثور على المنشور' })).toBeInTheDocument();
  });
});
