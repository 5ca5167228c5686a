/**
 * No press is lost (issue 11): a reader presses a control of a drawn page the moment it shows,
 * with the app's scripts held back, and sees the answer — at once where the control works on its
 * own (a visitor's bookmark is a link to /login), or once the scripts have arrived and the app
 * has taken the page over (a kept press is replayed: the theme toggle, a signed-in reader's
 * bookmark, which asks for a note).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, registerReader, setup, signInThroughApi, storeSession, type Harness } from './harness';

let h: Harness;
before(async () => {
  h = await setup();
});
after(() => h.close());

/** A desktop browser whose app scripts wait until `release()`. */
async function heldBack(prepare?: (context: BrowserContext) => Promise<void>): Promise<{ context: BrowserContext; page: Page; release: () => void }> {
  const context = await h.browser.newContext({ baseURL: h.baseURL, viewport: DESKTOP, locale: 'ar' });
  context.setDefaultTimeout(15_000);
  if (prepare) await prepare(context);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const page = await context.newPage();
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return { context, page, release };
}

/** The drawn page is on screen and the app has not taken it over. */
async function drawnAndWaiting(page: Page, path = '/') {
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('main article').first().waitFor({ state: 'visible' });
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready')), false, 'the scripts were held back');
}

const firstBookmark = (page: Page) => page.locator('main article').first().getByLabel('حفظ المنشور');

describe('presses made before the app has taken the page over', () => {
  test('a visitor’s bookmark is a link: /login says why and remembers the page', async () => {
    const { context, page, release } = await heldBack();
    try {
      await drawnAndWaiting(page);
      await firstBookmark(page).click();
      await page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' });
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('next'), '/');
      assert.equal(url.searchParams.get('reason'), 'bookmark');
      release();
      await page.getByRole('status').filter({ hasText: 'يرجى تسجيل الدخول لحفظ المنشورات' }).waitFor();
    } finally {
      release();
      await context.close();
    }
  });

  test('a button’s press is kept, shown as under way, and answered once the app is there (theme)', async () => {
    const { context, page, release } = await heldBack();
    try {
      await drawnAndWaiting(page);
      const toggle = page.locator('[data-theme-preference]').first();
      assert.equal(await toggle.getAttribute('data-theme-preference'), 'system');
      await toggle.click();
      assert.equal(await toggle.getAttribute('data-press-kept'), '', 'the press is kept and shown');
      release();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await page.locator('[data-theme-preference="light"]').first().waitFor();
      assert.equal(await page.locator('[data-press-kept]').count(), 0);
      const cookie = (await context.cookies()).find((c) => c.name === 'qarar_prefs');
      assert.equal(cookie?.value, 'ar.light', 'the choice reaches the cookie the server draws by');
    } finally {
      release();
      await context.close();
    }
  });

  test('a signed-in reader’s bookmark press is kept, not sent to /login, and asks for the note once the app is there', async () => {
    const reader = await registerReader(h.baseURL, 'press');
    const tokens = await signInThroughApi(h.baseURL, reader.username, reader.password);
    const { context, page, release } = await heldBack((c) => storeSession(c, tokens));
    try {
      await drawnAndWaiting(page);
      await firstBookmark(page).click();
      assert.equal(new URL(page.url()).pathname, '/', 'no trip to /login for a signed-in reader');
      release();
      await page.getByRole('dialog', { name: 'حفظ المنشور' }).waitFor();
    } finally {
      release();
      await context.close();
    }
  });
});
