/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n, { applyDocumentLanguage } from '../../../i18n';
import enCore from '../../../i18n/locales/en/core';
import { installMatchMedia } from '../../../test/matchMedia';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { attachment, image } from '../card/attachmentFixture';
import { Attachments } from '../card/Attachments';

i18n.addResourceBundle('en', 'translation', enCore, true, false);

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
});
afterEach(() => {
  media.uninstall();
  applyDocumentLanguage('ar');
});

// A file between the images: the viewer shows the post's images only.
const attachments = [image(1), attachment(2), image(3), image(4)];

/** Opens an image of the grid with the keyboard, as a keyboard user would. */
async function openByKeyboard(user: ReturnType<typeof renderWithProviders>['user'], name: RegExp) {
  const opener = await screen.findByRole('button', { name });
  opener.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog');
  return { opener, dialog };
}

const counter = (dialog: HTMLElement, text: string) => within(dialog).getByText(text);

describe('Lightbox', () => {
  it('opens on the chosen image, labelled, with the counter, thumbnails, download and close', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />);
    const { dialog } = await openByKeyboard(user, /صورة 3/);
    expect(dialog).toHaveAccessibleName('عارض الصور');
    expect(counter(dialog, '2 / 3')).toBeInTheDocument();
    const shown = within(dialog).getByRole('img', { name: 'صورة 3' });
    expect(shown).toHaveAttribute('src', 'http://localhost/media/attachments/3/image.png');
    // Renditions up to the screen's size; the original is the widest candidate only when wider.
    expect(shown.getAttribute('srcset')).toMatch(/^http:\/\/localhost\/media\/renditions\/3\/320\.webp 320w, .* 1080w$/);
    expect(shown).toHaveAttribute('sizes', 'min(100vw, 150.0vh)');
    expect(within(dialog).getByRole('button', { name: 'الصورة 2' })).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getAllByRole('button', { name: /^الصورة \d$/ })).toHaveLength(3);
    expect(within(dialog).getByRole('link', { name: 'تنزيل الصورة' })).toHaveAttribute('href', 'http://localhost/media/attachments/3/image.png');
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
    // Focus is inside the dialog while it is open.
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('moves with the arrow keys mirrored in Arabic: ArrowLeft is the next image', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />);
    const { dialog } = await openByKeyboard(user, /صورة 1/);
    await user.keyboard('{ArrowLeft}');
    expect(counter(dialog, '2 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(counter(dialog, '3 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(counter(dialog, '2 / 3')).toBeInTheDocument();
  });

  it('moves with ArrowRight to the next image in English, wrapping around', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />, { preloadedState: { preferences: { language: 'en' } } });
    const { dialog } = await openByKeyboard(user, /Open image: Image 4/);
    expect(counter(dialog, '3 / 3')).toBeInTheDocument();
    // The image's English title; the Arabic for one without.
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', 'Image 4');
    expect(dialog).toHaveTextContent('Image 4');
    await user.keyboard('{ArrowRight}');
    expect(counter(dialog, '1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(counter(dialog, '3 / 3')).toBeInTheDocument();
  });

  it('names an image without an English title by its Arabic one in English', async () => {
    const untitled = [image(1, { title: null }), image(2)];
    const { user } = renderWithProviders(<Attachments attachments={untitled} />, { preloadedState: { preferences: { language: 'en' } } });
    const { dialog } = await openByKeyboard(user, /Open image: صورة 1/);
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', 'صورة 1');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img')).toHaveAttribute('alt', 'Image 2');
  });

  it('moves with the previous/next buttons and the thumbnails', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />);
    const { dialog } = await openByKeyboard(user, /صورة 1/);
    await user.click(within(dialog).getByRole('button', { name: 'الصورة التالية' }));
    expect(counter(dialog, '2 / 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'الصورة السابقة' }));
    await user.click(within(dialog).getByRole('button', { name: 'الصورة السابقة' }));
    expect(counter(dialog, '3 / 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'الصورة 2' }));
    expect(counter(dialog, '2 / 3')).toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to the image that opened it', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />);
    const { opener } = await openByKeyboard(user, /صورة 3/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes with the close button, returning the focus too', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />);
    const { opener, dialog } = await openByKeyboard(user, /صورة 1/);
    await user.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('says so when an image fails to load, and shows the others', async () => {
    const { user } = renderWithProviders(<Attachments attachments={attachments} />);
    const { dialog } = await openByKeyboard(user, /صورة 1/);
    fireEvent.error(within(dialog).getByRole('img', { name: 'صورة 1' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('تعذر تحميل الصورة');
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'صورة 3' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no previous/next for a single image', async () => {
    const { user } = renderWithProviders(<Attachments attachments={[image(1)]} />);
    const { dialog } = await openByKeyboard(user, /صورة 1/);
    expect(counter(dialog, '1 / 1')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'الصورة التالية' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(counter(dialog, '1 / 1')).toBeInTheDocument();
  });

  it('downloads the image shown with a toast', async () => {
    const stop = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stop);
    try {
      const { user } = renderWithProviders(<Attachments attachments={attachments} />);
      const { dialog } = await openByKeyboard(user, /صورة 1/);
      await user.click(within(dialog).getByRole('link', { name: 'تنزيل الصورة' }));
      expect(await screen.findByText('جاري تنزيل الملف...')).toBeInTheDocument();
    } finally {
      document.removeEventListener('click', stop);
    }
  });
});
