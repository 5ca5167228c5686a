import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOTS, setup, type Harness, type PageOptions } from './harness';

/**
 * The post card of issue 4 in a real browser, on the home feed: the lightbox by keyboard in
 * both directions, downloads, the copy-link fallback of share, a visitor's bookmark, and how
 * cards look in both languages, both themes and both widths.
 */
describe('post card', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  /** The home feed in a language, its first card shown. */
  async function feed(language: 'ar' | 'en', opts: PageOptions = {}): Promise<Page> {
    const page = await h.newPage({ locale: language, ...opts });
    // The reader's choice of language, as the language switch stores it.
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    await page.goto('/');
    await page.locator('article h2').first().waitFor();
    return page;
  }

  /** Scrolls the feed until a card matching `selector` is rendered; returns that card. */
  async function cardWith(page: Page, selector: string): Promise<Locator> {
    const card = page.locator(`article:has(${selector})`).first();
    for (let i = 0; i < 40 && !(await card.count()); i++) {
      await page.mouse.wheel(0, 1200);
      await page.waitForTimeout(250);
    }
    // The feed is virtualized: a card found while the list still settles may be drawn anew
    // (detached) during the scroll; it is found again.
    for (let attempt = 0; ; attempt++) {
      try {
        await card.scrollIntoViewIfNeeded({ timeout: 5000 });
        break;
      } catch (err) {
        if (attempt >= 4 || !/not attached|not stable|Timeout/i.test(String(err))) throw err;
        await page.waitForTimeout(300);
      }
    }
    return card;
  }

  /** The viewport only: a full-page shot of a fixed dialog over a long feed shows little. */
  async function viewportShot(page: Page, name: string) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // Past the dialog's fade-in.
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }

  const twoImages = (label: string) => `button[aria-label^="${label}"] ~ button[aria-label^="${label}"]`;
  const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

  /**
   * Focuses the first image of a card with two and presses Enter; returns the dialog, the image
   * and how many the card has. The feed is virtualized: a card found while the list still settles
   * may be drawn again between the focus and the key press, so it is found and pressed again
   * when no dialog opened.
   */
  async function openLightbox(page: Page, label: string, dialogName: string) {
    const dialog = page.getByRole('dialog', { name: dialogName });
    const name = new RegExp(`^${label}`);
    for (let attempt = 1; ; attempt++) {
      const card = await cardWith(page, twoImages(label));
      const opener = card.getByRole('button', { name }).first();
      // Counted before opening: the dialog hides the page from the accessibility tree.
      const total = await card.getByRole('button', { name }).count();
      await opener.focus();
      await page.keyboard.press('Enter');
      const opened = await dialog.waitFor({ timeout: attempt < 3 ? 5000 : 15000 }).then(() => true, () => false);
      if (opened) return { dialog, opener, total };
      if (attempt === 3) throw new Error(`the lightbox did not open (${label})`);
    }
  }

  test('an image opens in the lightbox by keyboard; in Arabic ArrowLeft is the next image; Escape gives focus back', async () => {
    const page = await feed('ar');
    const { dialog, opener, total } = await openLightbox(page, 'فتح الصورة', 'عارض الصور');
    await dialog.getByText(`1 / ${total}`).waitFor();
    await dialog.getByRole('img').first().waitFor();
    await viewportShot(page, 'card-lightbox-ar');
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(`2 / ${total}`).waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText(`1 / ${total}`).waitFor();
    // Focus stays inside while open.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    assert.ok(await dialog.evaluate((el) => el.contains(document.activeElement)), 'focus left the dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await isFocused(opener), 'focus did not return to the image that opened the lightbox');
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('in English ArrowRight is the next image', async () => {
    const page = await feed('en', { colorScheme: 'dark' });
    const { dialog, opener, total } = await openLightbox(page, 'Open image', 'Image viewer');
    await dialog.getByText(`1 / ${total}`).waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText(`2 / ${total}`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText(`1 / ${total}`).waitFor();
    await viewportShot(page, 'card-lightbox-en-dark');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await isFocused(opener));
  });

  test('a file downloads, with the toast', async () => {
    const page = await feed('ar');
    const card = await cardWith(page, 'li a[download]');
    const link = card.locator('li a[download]').first();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.match(download.suggestedFilename(), /\.\w+$/);
    await page.getByText('جاري تنزيل الملف...').waitFor();
  });

  test('share copies the link where there is no Web Share, with the toast', async () => {
    const page = await h.newPage({ context: { permissions: ['clipboard-read', 'clipboard-write'] } });
    // Desktop Chromium on Linux has no Web Share; make sure of it whatever the build.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await page.goto('/');
    const card = page.locator('article:has(h2)').first();
    await card.waitFor();
    const postHref = await card.locator('h2 a').getAttribute('href');
    await card.getByRole('button', { name: 'مشاركة' }).click();
    await page.getByText('تم نسخ الرابط').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${h.baseURL}${postHref}`);
  });

  test('a visitor pressing bookmark is asked to sign in and sent to /login', async () => {
    const page = await feed('ar');
    // A link for a visitor: it works before the app's scripts have arrived too (see ssr.e2e.ts).
    await page.locator('article:has(h2)').first().getByRole('link', { name: 'حفظ المنشور' }).click();
    await page.getByText('يرجى تسجيل الدخول لحفظ المنشورات').first().waitFor();
    await page.waitForURL(/\/login(\?|$)/);
  });

  test('a signed-in reader bookmarks a post and removes the bookmark', async () => {
    // A reader of this file's own, so that no other test's bookmarks matter.
    const username = `card_${randomUUID().slice(0, 8)}`;
    const password = 'Card#e2e-2025';
    const res = await fetch(`${h.baseURL}/api/v1/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password, password2: password, first_name: 'Card', last_name: 'Tester', user_type: 'regular' }),
    });
    assert.equal(res.status, 201, await res.text());
    const page = await h.newPage();
    await h.signInAs(page, username, password);
    // Presses count once the stored session is confirmed by the profile call.
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/me/' && r.ok());
    await page.goto('/');
    await me;
    const card = page.locator('article:has(h2)').nth(2);
    const toggle = card.getByRole('button', { name: 'حفظ المنشور' });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    // Adding asks for an optional note first (spec §4).
    await toggle.click();
    await page.getByRole('dialog').getByRole('button', { name: 'حفظ بدون ملاحظة' }).click();
    // (A button on a link's element: see ActionButton.)
    await card.locator('[aria-pressed="true"]').waitFor();
    await toggle.click();
    await card.locator('[aria-label="حفظ المنشور"][aria-pressed="false"]').waitFor();
    await page.getByText('تم حذف الإشارة المرجعية').waitFor();
  });

  for (const language of ['ar', 'en'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of ['desktop', 'mobile'] as const) {
        test(`cards look right: ${language}, ${colorScheme}, ${viewport}`, async () => {
          const page = await feed(language, { colorScheme, viewport });
          const card = await cardWith(page, 'li a[download]');
          const name = `card-${language}-${colorScheme}-${viewport}`;
          mkdirSync(SCREENSHOTS, { recursive: true });
          // The virtualized feed may draw the card anew while it settles (seen once in CI: "not
          // attached" mid-screenshot): the locator finds it again.
          for (let attempt = 0; ; attempt++) {
            try {
              await card.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), timeout: 10_000 });
              break;
            } catch (err) {
              if (attempt >= 4 || !/not attached|not stable|Timeout/i.test(String(err))) throw err;
              await page.waitForTimeout(300);
            }
          }
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForTimeout(300);
          await viewportShot(page, `${name}-feed`);
          // The card stays within the screen's width.
          const box = await card.boundingBox();
          const width = page.viewportSize()!.width;
          assert.ok(box && box.x >= 0 && box.x + box.width <= width + 1, `card at ${box?.x}..${box && box.x + box.width} of ${width}`);
          assert.deepEqual(h.errorsOf(page), []);
        });
      }
    }
  }
});
