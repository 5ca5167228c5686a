/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import i18n, { applyDocumentLanguage } from '../../../i18n';
import enCore from '../../../i18n/locales/en/core';
import { installMatchMedia } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { attachment, image } from './attachmentFixture';
import { Attachments, PREVIEW_DESKTOP, PREVIEW_MOBILE } from './Attachments';

i18n.addResourceBundle('en', 'translation', enCore, true, false);

let media: ReturnType<typeof installMatchMedia>;
afterEach(() => media.uninstall());

// jsdom cannot follow a download link; the browser tests do.
const stopNavigation = (event: MouseEvent) => event.preventDefault();
beforeAll(() => document.addEventListener('click', stopNavigation));
afterAll(() => document.removeEventListener('click', stopNavigation));

const six = [image(1), image(2), attachment(3), attachment(4), attachment(5), attachment(6)];
const group = (name = 'المرفقات') => screen.getByRole('group', { name });
const shownCount = () => within(group()).queryAllByRole('button', { name: /^فتح الصورة/ }).length + within(group()).queryAllByRole('listitem').length;

describe('Attachments preview (spec §9: 2 on mobile, 4 on desktop)', () => {
  it('shows 4 on a desktop, then the number of the others linking to the post', () => {
    media = installMatchMedia({ width: 1280 });
    renderWithProviders(<Attachments attachments={six} preview morePath="/post/x" />);
    expect(shownCount()).toBe(PREVIEW_DESKTOP);
    expect(screen.getByRole('link', { name: 'ملفان آخران' })).toHaveAttribute('href', '/post/x');
  });

  // One markup for every width (a page the server drew fits any screen): CSS media queries pick
  // what shows; the browser tests look at both widths.
  it('holds both counts, for a phone and for wider screens, whatever the width', () => {
    media = installMatchMedia({ width: 390 });
    renderWithProviders(<Attachments attachments={six} preview morePath="/post/x" />);
    expect(six.length - PREVIEW_MOBILE).toBe(4);
    expect(screen.getByRole('link', { name: '4 ملفات أخرى' })).toBeInTheDocument();
    expect(six.length - PREVIEW_DESKTOP).toBe(2);
    expect(screen.getByRole('link', { name: 'ملفان آخران' })).toBeInTheDocument();
  });

  it('says nothing more when everything fits, and shows all without preview', () => {
    media = installMatchMedia({ width: 390 });
    const { unmount } = renderWithProviders(<Attachments attachments={six.slice(0, 2)} preview morePath="/post/x" />);
    expect(screen.queryByRole('link', { name: /آخر|أخرى/ })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<Attachments attachments={six} />);
    expect(shownCount()).toBe(6);
  });

  it('keeps the order the publisher gave', () => {
    media = installMatchMedia({ width: 1280 });
    renderWithProviders(<Attachments attachments={[attachment(2, { order: 1 }), attachment(1, { order: 0 })]} />);
    expect(within(group()).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('ملف 1'), expect.stringContaining('ملف 2')]);
  });

  it('renders nothing without attachments', () => {
    media = installMatchMedia({ width: 1280 });
    renderWithProviders(<Attachments attachments={[]} preview />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});

// Spec §9 '{n} more files', in the plural forms of each language (i18next: Arabic has six).
describe("Attachments preview: '{n} more files'", () => {
  /** `hidden` attachments more than a wider screen shows (a phone, which shows 2, has 2 more). */
  const files = (hidden: number) => Array.from({ length: PREVIEW_DESKTOP + hidden }, (_, i) => attachment(i + 1));
  beforeEach(() => {
    media = installMatchMedia({ width: 1280 });
  });
  afterEach(() => applyDocumentLanguage('ar'));

  it.each([
    [1, 'ملف آخر', '3 ملفات أخرى'],
    [2, 'ملفان آخران', '4 ملفات أخرى'],
    [3, '3 ملفات أخرى', '5 ملفات أخرى'],
    [10, '10 ملفات أخرى', '12 ملفًا آخر'],
    [11, '11 ملفًا آخر', '13 ملفًا آخر'],
    [99, '99 ملفًا آخر', '101 ملف آخر'],
    [100, '100 ملف آخر', '102 ملف آخر'],
    [101, '101 ملف آخر', '103 ملفات أخرى'],
    [998, '998 ملفًا آخر', '1,000 ملف آخر'],
  ])('says %i more in Arabic as «%s» (a phone: «%s»)', (hidden, wide, phone) => {
    renderWithProviders(<Attachments attachments={files(hidden)} preview morePath="/post/x" />);
    expect(screen.getByRole('link', { name: wide })).toHaveAttribute('href', '/post/x');
    expect(screen.getByRole('link', { name: phone })).toHaveAttribute('href', '/post/x');
  });

  it('says it in English, one file or more, the number written as English writes it', async () => {
    const { unmount } = renderWithProviders(<Attachments attachments={files(1)} preview morePath="/post/x" />, { preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('link', { name: '1 more file' })).toHaveAttribute('href', '/post/x');
    expect(screen.getByRole('link', { name: '3 more files' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Attachments attachments={files(998)} preview morePath="/post/x" />, { preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('link', { name: '998 more files' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1,000 more files' })).toBeInTheDocument();
  });

  it('says it as text, not a link, where there is nowhere to go', () => {
    renderWithProviders(<Attachments attachments={files(2)} preview />);
    expect(screen.getByText('ملفان آخران')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: /آخر|أخرى/ })).not.toBeInTheDocument();
  });
});

describe('Attachments items', () => {
  beforeEach(() => {
    media = installMatchMedia({ width: 1280 });
  });

  it('shows images by their thumbnail, with reserved size, lazily, described by their title', () => {
    renderWithProviders(<Attachments attachments={[image(1), image(2, { thumbnail_url: null })]} />);
    const [first, second] = within(group()).getAllByRole('img');
    expect(first).toHaveAttribute('src', 'http://localhost/media/thumbs/1.webp');
    expect(first).toHaveAttribute('alt', 'صورة 1');
    expect(first).toHaveAttribute('width', '1080');
    expect(first).toHaveAttribute('height', '720');
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('decoding', 'async');
    expect(second).toHaveAttribute('src', 'http://localhost/media/attachments/2/image.png');
  });

  it('lets the browser pick a rendition by the drawn width: half the column in a grid, all of it alone', () => {
    renderWithProviders(<Attachments attachments={[image(1), image(2), image(3, { renditions: [] })]} />);
    const [wide, half, plain] = within(group()).getAllByRole('img');
    expect(wide).toHaveAttribute('srcset', [320, 480, 640, 960, 1080].map((w) => `http://localhost/media/renditions/1/${w}.webp ${w}w`).join(', '));
    expect(wide).toHaveAttribute('sizes', '(min-width: 720px) 640px, calc(100vw - 64px)');
    expect(half).toHaveAttribute('sizes', '(min-width: 720px) 320px, calc(50vw - 36px)');
    // Without renditions (an older answer, an image of unknown size) the thumbnail alone.
    expect(plain).not.toHaveAttribute('srcset');
  });

  it('lists a file with its title, type and size, and downloads it with a toast', async () => {
    const { user } = renderWithProviders(<Attachments attachments={[attachment(1, { title_ar: 'الدليل الإجرائي', title: 'Procedural guide', file_size_display: '4.4 KB' })]} />);
    const row = within(group()).getByRole('listitem');
    expect(within(row).getByRole('link', { name: /^الدليل الإجرائي/ })).toHaveAttribute('target', '_blank');
    expect(row).toHaveTextContent('PDF · 4.4 KB');
    const download = within(row).getByRole('link', { name: 'تنزيل الدليل الإجرائي' });
    expect(download).toHaveAttribute('href', 'http://localhost/media/attachments/1/file.pdf');
    expect(download).toHaveAttribute('download');
    await user.click(download);
    expect(await screen.findByText('جاري تنزيل الملف...')).toBeInTheDocument();
  });
});

describe("Attachment titles in the reader's language", () => {
  const files = [
    image(1, { title_ar: 'إنفوجرافيك', title: 'Infographic' }),
    image(2, { title_ar: 'صورة من الحدث', title: null }),
    attachment(3, { title_ar: 'الأسئلة الشائعة', title: 'Frequently asked questions' }),
    attachment(4, { title_ar: 'جدول المواعيد', title: null }),
  ];
  /** The titles the files' rows and the images show, in order. */
  const titles = (name: string) => ({
    files: within(group(name)).getAllByRole('listitem').map((row) => row.querySelector('a bdi')!.textContent),
    images: within(group(name)).getAllByRole('img').map((img) => img.getAttribute('alt')),
  });
  beforeEach(() => {
    media = installMatchMedia({ width: 1280 });
  });
  afterEach(() => applyDocumentLanguage('ar'));

  it('shows an English reader the English titles, and the Arabic where a file has none', async () => {
    renderWithProviders(<Attachments attachments={files} />, { preloadedState: { preferences: { language: 'en' } } });
    // The interface's strings follow the language once the providers have switched it.
    await screen.findByRole('group', { name: 'Attachments' });
    expect(titles('Attachments')).toEqual({ files: ['Frequently asked questions', 'جدول المواعيد'], images: ['Infographic', 'صورة من الحدث'] });
    expect(screen.getByRole('button', { name: 'Open image: Infographic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Frequently asked questions' })).toBeInTheDocument();
  });

  it('shows an Arabic reader the Arabic titles', () => {
    renderWithProviders(<Attachments attachments={files} />);
    expect(titles('المرفقات')).toEqual({ files: ['الأسئلة الشائعة', 'جدول المواعيد'], images: ['إنفوجرافيك', 'صورة من الحدث'] });
    expect(screen.getByRole('link', { name: 'تنزيل الأسئلة الشائعة' })).toBeInTheDocument();
  });
});
