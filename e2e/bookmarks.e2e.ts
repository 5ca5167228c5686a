import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerReader, setup, type Harness, type PageOptions } from './harness';

describe('bookmarks', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  async function readerPage(tag: string, opts: PageOptions & { english?: boolean } = {}): Promise<Page> {
    const reader = await registerReader(h.baseURL, tag);
    const page = await h.newPage(opts);
    if (opts.english) await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    await h.signInAs(page, reader.username, reader.password);
    return page;
  }

  test('from the feed: with a note and without, then notes edited, cleared and a bookmark removed (Arabic, desktop)', async () => {
    const page = await readerPage('bf');
    await page.goto('/');
    const cards = page.getByRole('feed').getByRole('article');
    await cards.first().waitFor();
    const firstTitle = (await cards.nth(0).getByRole('heading').first().textContent())!.trim();
    const secondTitle = (await cards.nth(1).getByRole('heading').first().textContent())!.trim();

    // With a note.
    const save1 = cards.nth(0).getByRole('button', { name: 'حفظ المنشور' });
    await save1.click();
    const dialog = page.getByRole('dialog', { name: 'حفظ المنشور' });
    await dialog.waitFor();
    await dialog.getByRole('textbox').fill('  لمراجعة الموعد النهائي  ');
    await dialog.getByText(`${'  لمراجعة الموعد النهائي  '.length}/500`).waitFor();
    await h.screenshot(page, 'bookmarks-popover-ar-desktop-light');
    await dialog.getByRole('button', { name: 'حفظ مع الملاحظة' }).click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await save1.elementHandle());

    // Escape closes without saving; then without a note.
    const save2 = cards.nth(1).getByRole('button', { name: 'حفظ المنشور' });
    await save2.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await save2.getAttribute('aria-pressed'), 'false');
    await save2.click();
    await dialog.getByRole('button', { name: 'حفظ بدون ملاحظة' }).click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await save2.elementHandle());

    await page.goto('/bookmarks');
    await page.getByText('عدد المنشورات المحفوظة: 2').waitFor();
    const saved = page.locator('ul[aria-label="المحفوظات"] > li');
    assert.equal(await saved.count(), 2);
    const withNote = saved.filter({ hasText: firstTitle });
    await withNote.getByText('لمراجعة الموعد النهائي', { exact: true }).waitFor();
    await saved.filter({ hasText: secondTitle }).getByText('لا توجد ملاحظات').waitFor();
    await h.screenshot(page, 'bookmarks-list-ar-desktop-light');

    // Edit, then clear the note.
    await withNote.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await withNote.getByRole('textbox').fill('تمت المراجعة');
    await withNote.getByRole('button', { name: 'حفظ', exact: true }).click();
    await page.getByText('تم تحديث الملاحظات').first().waitFor();
    await withNote.getByText('تمت المراجعة', { exact: true }).waitFor();
    await withNote.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await withNote.getByRole('textbox').fill('');
    await withNote.getByRole('button', { name: 'حفظ', exact: true }).click();
    await withNote.getByText('لا توجد ملاحظات').waitFor();

    // Search the notes and titles.
    await page.getByRole('searchbox', { name: 'البحث في المحفوظات' }).fill(secondTitle);
    await page.getByRole('searchbox', { name: 'البحث في المحفوظات' }).press('Enter');
    await page.waitForURL(/search=/);
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="المحفوظات"] > li').length === 1);
    await page.getByRole('button', { name: 'مسح البحث' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="المحفوظات"] > li').length === 2);

    // Remove one: it leaves the list at once.
    await withNote.getByRole('button', { name: 'حفظ المنشور' }).click();
    await page.getByText('تم حذف الإشارة المرجعية').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="المحفوظات"] > li').length === 1);
    await page.reload();
    await page.getByText('عدد المنشورات المحفوظة: 1').waitFor();
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('from a post page; a failing call puts the button back with §4’s message (English, phone, dark)', async () => {
    const page = await readerPage('bp', { viewport: 'mobile', colorScheme: 'dark', locale: 'en', english: true });
    await page.goto('/');
    const first = page.getByRole('feed').getByRole('article').first();
    await first.waitFor();
    await first.getByRole('heading').first().getByRole('link').click();
    await page.waitForURL(/\/post\//);
    const save = page.getByRole('main').getByRole('button', { name: 'Save post' }).first();
    await save.waitFor();

    // The server fails: the post shows saved at once, then goes back, with the message.
    await page.route('**/api/v1/content/posts/*/bookmark/', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }));
    await save.click();
    await page.getByRole('dialog').getByRole('button', { name: /without/i }).click();
    await page.getByText('Failed to add the bookmark').waitFor();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'false', await save.elementHandle());
    await page.unroute('**/api/v1/content/posts/*/bookmark/');

    // Now for real, with a note.
    await save.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Read before Sunday');
    await h.screenshot(page, 'bookmarks-popover-en-mobile-dark');
    await dialog.getByRole('button', { name: /with note/i }).click();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await save.elementHandle());

    // Removing fails too: it comes back.
    await page.route('**/api/v1/content/bookmarks/*/', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await save.click();
    await page.getByText('Failed to delete the bookmark').waitFor();
    await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await save.elementHandle());
    await page.unroute('**/api/v1/content/bookmarks/*/');

    await page.goto('/bookmarks');
    await page.getByText('Read before Sunday').waitFor();
    await h.screenshot(page, 'bookmarks-list-en-mobile-dark');
  });
});
