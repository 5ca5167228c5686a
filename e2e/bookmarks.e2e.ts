import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { registerReader, setup, SCREENSHOTS, type Harness, type PageOptions } from './harness';

describe('bookmarks', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  /** A page signed in as a reader of its own (files share one database). */
  async function readerPage(tag: string, opts: PageOptions & { english?: boolean } = {}): Promise<Page> {
    const reader = await registerReader(h.baseURL, tag);
    const page = await h.newPage(opts);
    if (opts.english) await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    await h.signInAs(page, reader.username, reader.password);
    return page;
  }

  /**
   * A full load, returning once the reader's profile (GET /auth/me/) has arrived: until then the
   * bookmark button ignores presses (a stored session is not trusted before it is confirmed).
   */
  async function load(page: Page, url?: string) {
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/me/' && r.ok());
    await (url === undefined ? page.reload() : page.goto(url));
    await me;
  }

  /**
   * Opens a feed card's post page and returns its bookmark button. The router keeps the feed on
   * screen until the post screen's chunk arrives, although the address has changed already: wait
   * for the post's own heading, or a 'Save post' of the feed could be pressed.
   */
  async function openPost(page: Page, card: Locator, saveName: string): Promise<{ title: string; save: Locator }> {
    const title = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('heading').first().getByRole('link').click();
    await page.waitForURL(/\/post\//);
    await page.getByRole('main').getByRole('heading', { level: 1, name: title }).waitFor();
    return { title, save: page.getByRole('main').getByRole('button', { name: saveName }).first() };
  }

  const pressedIs = async (page: Page, button: Locator, pressed: boolean) =>
    page.waitForFunction(([el, want]) => el?.getAttribute('aria-pressed') === want, [await button.elementHandle(), String(pressed)] as const);

  /** The note popover, opened and done growing in (a screenshot mid-transition shows it faded). */
  async function openNote(page: Page, button: Locator): Promise<Locator> {
    await button.click();
    const dialog = page.getByRole('dialog');
    try {
      await dialog.waitFor();
    } catch (error) {
      // What the press did instead, for the one who reads the failure.
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, 'bookmarks-no-note-dialog.png') }).catch(() => undefined);
      const state = await button.evaluate((el) => `aria-pressed=${el.getAttribute('aria-pressed')} title=${el.getAttribute('title')}`).catch((e: Error) => e.message);
      const said = await page.locator('#notistack-snackbar, [role="alert"]').allTextContents();
      throw new Error(`no note dialog after the press (the button: ${state}; said: ${JSON.stringify(said)})`, { cause: error });
    }
    await page.waitForFunction(() => {
      const d = document.querySelector('[role="dialog"]');
      return !!d && getComputedStyle(d).opacity === '1' && getComputedStyle(d).transform === 'none';
    });
    return dialog;
  }

  /** What the reader sees around the popover: the viewport, not the whole (long) feed. */
  async function viewportShot(page: Page, name: string) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }

  const savedItems = (page: Page, name: string) => page.getByRole('list', { name, exact: true }).locator(':scope > li');
  const countIs = (page: Page, name: string, n: number) =>
    page.waitForFunction(([label, want]) => document.querySelectorAll(`ul[aria-label="${label}"] > li`).length === want, [name, n] as const);

  test('from the feed: with a note and without, then notes edited, cleared, searched and a bookmark removed (Arabic, desktop, light)', async () => {
    const page = await readerPage('bf');
    await load(page, '/');
    const cards = page.getByRole('feed').getByRole('article');
    await cards.nth(1).waitFor();
    const firstTitle = (await cards.nth(0).getByRole('heading').first().textContent())!.trim();
    const secondTitle = (await cards.nth(1).getByRole('heading').first().textContent())!.trim();

    // With a note: the counter follows, the note is saved trimmed.
    const save1 = cards.nth(0).getByRole('button', { name: 'حفظ المنشور' });
    let dialog = await openNote(page, save1);
    // A dialog named by its title, with the focus in the note.
    await page.getByRole('dialog', { name: 'حفظ المنشور' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await dialog.getByRole('textbox').fill('  لمراجعة الموعد النهائي  ');
    await dialog.getByText(`${'  لمراجعة الموعد النهائي  '.length}/500`).waitFor();
    await viewportShot(page, 'bookmarks-popover-ar-desktop-light');
    await dialog.getByRole('button', { name: 'حفظ مع الملاحظة' }).click();
    await pressedIs(page, save1, true);
    // The server's own message.
    await page.getByText('تم حفظ المنشور في المحفوظات').waitFor();

    // Escape and a click outside close it, saving nothing, and the focus goes back to the button.
    const save2 = cards.nth(1).getByRole('button', { name: 'حفظ المنشور' });
    dialog = await openNote(page, save2);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await save2.evaluate((el) => el === document.activeElement), true);
    dialog = await openNote(page, save2);
    await page.mouse.click(5, 790);
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await save2.getAttribute('aria-pressed'), 'false');
    // Then without a note.
    dialog = await openNote(page, save2);
    await dialog.getByRole('button', { name: 'حفظ بدون ملاحظة' }).click();
    await pressedIs(page, save2, true);

    await load(page, '/bookmarks');
    await page.getByRole('heading', { level: 1, name: 'المحفوظات' }).waitFor();
    await page.getByText('عدد المنشورات المحفوظة: 2').waitFor();
    const saved = savedItems(page, 'المحفوظات');
    assert.equal(await saved.count(), 2);
    const withNote = saved.filter({ hasText: firstTitle });
    await withNote.getByText('لمراجعة الموعد النهائي', { exact: true }).waitFor();
    await saved.filter({ hasText: secondTitle }).getByText('لا توجد ملاحظات').waitFor();
    await withNote.getByText(/^تم الحفظ في \d+ \S+ \d{4}$/).waitFor();
    await h.screenshot(page, 'bookmarks-list-ar-desktop-light');

    // Search the notes, then the titles; the search is kept in the address.
    const searchBox = page.getByRole('searchbox', { name: 'البحث في المحفوظات' });
    await searchBox.fill('الموعد');
    await searchBox.press('Enter');
    await page.waitForURL(/\?search=/);
    await countIs(page, 'المحفوظات', 1);
    await saved.filter({ hasText: firstTitle }).waitFor();
    await page.getByText('نتائج البحث: 1').waitFor();
    await searchBox.fill(secondTitle);
    await searchBox.press('Enter');
    await saved.filter({ hasText: secondTitle }).waitFor();
    await countIs(page, 'المحفوظات', 1);
    await searchBox.fill('لا يوجد شيء كهذا');
    await searchBox.press('Enter');
    await page.getByText('لا توجد محفوظات تطابق بحثك').waitFor();
    await h.screenshot(page, 'bookmarks-no-match-ar-desktop-light');
    await page.goBack();
    await saved.filter({ hasText: secondTitle }).waitFor();
    assert.equal(await searchBox.inputValue(), secondTitle);
    await page.getByRole('button', { name: 'مسح البحث' }).click();
    await countIs(page, 'المحفوظات', 2);

    // Edit (cancel discards), save, then clear the note.
    await withNote.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await withNote.getByRole('textbox').fill('لن تحفظ');
    await withNote.getByRole('button', { name: 'إلغاء' }).click();
    await withNote.getByText('لمراجعة الموعد النهائي', { exact: true }).waitFor();
    await withNote.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await withNote.getByRole('textbox').fill('  تمت المراجعة ');
    await withNote.getByText('15/500').waitFor();
    await withNote.getByRole('button', { name: 'حفظ', exact: true }).click();
    await page.getByText('تم تحديث الملاحظات').first().waitFor();
    await withNote.getByText('تمت المراجعة', { exact: true }).waitFor();
    await withNote.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await withNote.getByRole('textbox').fill('');
    await withNote.getByRole('button', { name: 'حفظ', exact: true }).click();
    await withNote.getByText('لا توجد ملاحظات').waitFor();
    await load(page);
    await saved.filter({ hasText: firstTitle }).getByText('لا توجد ملاحظات').waitFor();

    // Remove one: it leaves the list at once, and stays gone.
    await saved.filter({ hasText: firstTitle }).getByRole('button', { name: 'حفظ المنشور' }).click();
    await page.getByText('تم حذف الإشارة المرجعية').waitFor();
    await countIs(page, 'المحفوظات', 1);
    await load(page);
    await page.getByText('عدد المنشورات المحفوظة: 1').waitFor();
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('from a post page; failing calls put the button and the list back with §4’s messages (English, phone, dark)', async () => {
    const page = await readerPage('bp', { viewport: 'mobile', colorScheme: 'dark', locale: 'en', english: true });
    await load(page, '/');
    const first = page.getByRole('feed').getByRole('article').first();
    await first.waitFor();
    const { title, save } = await openPost(page, first, 'Save post');

    // The server fails: the post shows saved at once, then goes back, with the message.
    await page.route('**/api/v1/content/posts/*/bookmark/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }));
    let dialog = await openNote(page, save);
    await dialog.getByRole('button', { name: 'Save without note' }).click();
    await page.getByText('Failed to add the bookmark').waitFor();
    await pressedIs(page, save, false);
    await page.unroute('**/api/v1/content/posts/*/bookmark/');

    // Now for real, with a note.
    dialog = await openNote(page, save);
    await dialog.getByRole('textbox').fill('Read before Sunday');
    await dialog.getByText('18/500').waitFor();
    await viewportShot(page, 'bookmarks-popover-en-mobile-dark');
    await dialog.getByRole('button', { name: 'Save with note' }).click();
    await pressedIs(page, save, true);
    await page.getByText('Post saved to your bookmarks.').waitFor();

    // Removing fails too: it comes back.
    const failDeletes = (route: import('playwright-core').Route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue();
    await page.route('**/api/v1/content/bookmarks/*/', failDeletes);
    await save.click();
    await page.getByText('Failed to delete the bookmark').waitFor();
    await pressedIs(page, save, true);

    // On the bookmarks screen the item leaves at once and returns when the call fails.
    await load(page, '/bookmarks');
    const saved = savedItems(page, 'Bookmarks');
    const item = saved.filter({ hasText: title });
    await item.getByText('Read before Sunday').waitFor();
    await page.getByText('Saved posts: 1').waitFor();
    await item.getByText(/^Bookmarked on \S+ \d+, \d{4}$/).waitFor();
    await h.screenshot(page, 'bookmarks-list-en-mobile-dark');
    await item.getByRole('button', { name: 'Save post' }).click();
    await page.getByText('Failed to delete the bookmark').first().waitFor();
    await item.getByText('Read before Sunday').waitFor();
    await page.unroute('**/api/v1/content/bookmarks/*/', failDeletes);

    // For real: the list is empty, with a way back to the posts.
    await item.getByRole('button', { name: 'Save post' }).click();
    await page.getByText('No bookmarks yet').waitFor();
    await page.getByText('Bookmark deleted').waitFor();
    // Gone for good (and the shot without the toasts).
    await load(page, '/bookmarks');
    await page.getByText('No bookmarks yet').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Browse posts' }).waitFor();
    await h.screenshot(page, 'bookmarks-empty-en-mobile-dark');
    await page.getByRole('main').getByRole('link', { name: 'Browse posts' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The browser logs the three 500s answered on purpose; nothing else may appear.
    const unexpected = h.errorsOf(page).filter((e) => !/Failed to load resource: .* 500 /.test(e));
    assert.deepEqual(unexpected, []);
    assert.equal(h.errorsOf(page).length, 3);
  });

  test('from a post page without a note, edited on the list (Arabic, phone, dark)', async () => {
    const page = await readerPage('bm', { viewport: 'mobile', colorScheme: 'dark' });
    await load(page, '/bookmarks');
    await page.getByText('لا توجد محفوظات بعد').waitFor();
    await h.screenshot(page, 'bookmarks-empty-ar-mobile-dark');

    await load(page, '/');
    const second = page.getByRole('feed').getByRole('article').nth(1);
    await second.waitFor();
    const { save } = await openPost(page, second, 'حفظ المنشور');
    const dialog = await openNote(page, save);
    await dialog.getByRole('textbox').fill('ملاحظة قصيرة');
    await viewportShot(page, 'bookmarks-popover-ar-mobile-dark');
    await dialog.getByRole('button', { name: 'حفظ بدون ملاحظة' }).click();
    await pressedIs(page, save, true);

    await load(page, '/bookmarks');
    const item = savedItems(page, 'المحفوظات').first();
    await item.getByText('لا توجد ملاحظات').waitFor();
    await item.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await item.getByRole('textbox').fill('أضيفت من قائمة المحفوظات');
    // A full-page shot of a scrolled page draws the sticky bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.screenshot(page, 'bookmarks-edit-ar-mobile-dark');
    await item.getByRole('button', { name: 'حفظ', exact: true }).click();
    await item.getByText('أضيفت من قائمة المحفوظات', { exact: true }).waitFor();
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('the bookmarks screen in English on a desktop, light (with and without a note, search of the notes)', async () => {
    const page = await readerPage('be', { locale: 'en', english: true });
    await load(page, '/');
    const cards = page.getByRole('feed').getByRole('article');
    await cards.nth(3).waitFor();
    // Each card by its post's address, not its place: the list may still be completed or asked
    // again for this reader meanwhile (src/web/start.tsx).
    const saveOf = async (n: number) => {
      const href = await cards.nth(n).getByRole('heading').first().getByRole('link').getAttribute('href');
      return cards.filter({ has: page.locator(`h2 a[href="${href}"], h3 a[href="${href}"]`) }).getByRole('button', { name: 'Save post' });
    };
    const [third, fourth] = [await saveOf(2), await saveOf(3)];
    const dialog = await openNote(page, third);
    await dialog.getByRole('textbox').fill('Check the annex on page 3');
    await viewportShot(page, 'bookmarks-popover-en-desktop-light');
    await dialog.getByRole('button', { name: 'Save with note' }).click();
    await pressedIs(page, third, true);
    await (await openNote(page, fourth)).getByRole('button', { name: 'Save without note' }).click();
    await pressedIs(page, fourth, true);

    await load(page, '/bookmarks');
    await page.getByText('Saved posts: 2').waitFor();
    await page.getByText('My Notes').first().waitFor();
    await h.screenshot(page, 'bookmarks-list-en-desktop-light');
    await load(page, '/bookmarks?search=annex');
    await page.getByText('Check the annex on page 3').waitFor();
    await countIs(page, 'Bookmarks', 1);
    assert.equal(await page.getByRole('searchbox', { name: 'Search bookmarks' }).inputValue(), 'annex');
    assert.deepEqual(h.errorsOf(page), []);
  });
});
