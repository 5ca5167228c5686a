import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import path from 'node:path';
import { SCREENSHOTS, setup, type Harness } from './harness';

/**
 * The home feed of issue 4 against the seeded server: infinite scroll past three pages (only
 * the rows near the viewport stay in the DOM), the end of a short category, the feed by
 * keyboard, and Back from a post to the same place; Arabic and English, desktop and phone.
 */

/** The seed's smallest category (61 published posts): seven pages of ten. */
const SHORT_CATEGORY = { slug: 'sports', ar: 'الرياضة والشباب', en: 'Sport and Youth' };

const articles = (page: Page) => page.locator('[role="feed"] [aria-posinset]');
const lastPosition = (page: Page) =>
  page.evaluate(() => Math.max(0, ...Array.from(document.querySelectorAll('[role="feed"] [aria-posinset]'), (a) => Number(a.getAttribute('aria-posinset')))));

/** Scrolls to the bottom until `done` holds (each scroll lets the next page load). */
async function scrollUntil(page: Page, done: () => Promise<boolean>, rounds = 40) {
  for (let i = 0; i < rounds; i++) {
    if (await done()) return;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
    await page.waitForFunction(() => document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false');
  }
  assert.ok(await done(), 'the list stopped growing');
}

/** The viewport only: a virtualized feed's full page is mostly the space standing for rows. */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

/** The article nearest the top of the viewport: its title and where it is on screen. */
const topArticle = (page: Page) =>
  page.evaluate(() => {
    const list = Array.from(document.querySelectorAll<HTMLElement>('[role="feed"] [aria-posinset]'));
    const first = list.find((a) => a.getBoundingClientRect().bottom > 80)!;
    return { position: first.getAttribute('aria-posinset'), name: first.querySelector('h2')?.textContent, y: Math.round(first.getBoundingClientRect().top) };
  });

describe('home feed', () => {
  let h: Harness;
  /** A page in the given language (the app starts in Arabic whatever the browser's language). */
  const open = async (opts: Parameters<Harness['newPage']>[0] & { locale?: 'ar' | 'en' }) => {
    const page = await h.newPage(opts);
    if (opts.locale === 'en') await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    return page;
  };
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  test('scrolls past three pages (ar, desktop): 30+ articles, only those near the viewport in the DOM', async () => {
    const page = await open({ viewport: 'desktop' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'الرئيسية' }).waitFor();
    const feed = page.getByRole('feed', { name: 'الرئيسية' });
    await feed.getByRole('article').first().waitFor();
    // The drawn page carries the first screen's posts; the rest of the first page follows.
    await feed.getByRole('article').nth(9).waitFor();
    await h.screenshot(page, 'feed-desktop-ar-light');
    assert.equal(await articles(page).count(), 10);
    assert.equal(await articles(page).first().getAttribute('aria-setsize'), await articles(page).last().getAttribute('aria-setsize'));

    await scrollUntil(page, async () => (await lastPosition(page)) > 30);
    const rendered = await articles(page).count();
    assert.ok(rendered < 25, `${rendered} articles in the DOM after scrolling past 30`);
    assert.ok(Number(await articles(page).first().getAttribute('aria-posinset')) > 1, 'the first rows left the DOM');
    await page.evaluate(() => window.scrollBy(0, -600));
    await page.waitForTimeout(200);
    await shot(page, 'feed-desktop-ar-scrolled');
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('a short category ends with the end message (en, phone, dark)', async () => {
    const page = await open({ viewport: 'mobile', locale: 'en', colorScheme: 'dark' });
    await page.goto(`/?category=${SHORT_CATEGORY.slug}`);
    await page.getByRole('heading', { level: 1, name: SHORT_CATEGORY.en }).waitFor();
    await page.getByRole('feed', { name: SHORT_CATEGORY.en }).getByRole('article').first().waitFor();
    await h.screenshot(page, 'feed-mobile-en-dark-category');
    // The seed's dates follow today's, so how many are published by now is asked of the API.
    const answer = await fetch(`${h.baseURL}/api/v1/content/posts/?category=${SHORT_CATEGORY.slug}&page_size=1`);
    const { count } = (await answer.json()) as { count: number };
    assert.ok(count > 30 && count < 100, `the short category has ${count} posts: more than three pages of 10, few enough to reach the end`);
    const end = page.getByText('No more posts');
    // isVisible is true once the message is rendered, wherever it is: scroll on until the last
    // row is drawn too (only rows near the viewport exist).
    await scrollUntil(page, async () => (await end.isVisible()) && (await lastPosition(page)) === count);
    assert.equal(await lastPosition(page), count);
    assert.equal(await articles(page).last().getAttribute('aria-setsize'), String(count));
    assert.equal(await page.getByRole('button', { name: 'Load more posts' }).count(), 0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
    await shot(page, 'feed-mobile-en-dark-end');
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('the category title is in Arabic in Arabic (phone)', async () => {
    const page = await open({ viewport: 'mobile' });
    await page.goto(`/?category=${SHORT_CATEGORY.slug}`);
    await page.getByRole('heading', { level: 1, name: SHORT_CATEGORY.ar }).waitFor();
    await page.getByRole('feed', { name: SHORT_CATEGORY.ar }).getByRole('article').first().waitFor();
    await h.screenshot(page, 'feed-mobile-ar-light-category');
  });

  test('the feed by keyboard (en, desktop): Tab reaches an article, Page Down moves on, the button loads more', async () => {
    const page = await open({ viewport: 'desktop', locale: 'en' });
    await page.goto('/');
    const feed = page.getByRole('feed', { name: 'Home' });
    await feed.getByRole('article').first().waitFor();
    // Tab from the page's heading region into the feed.
    await page.getByRole('heading', { level: 1, name: 'Home' }).click();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('aria-posinset') === '1');
    }
    assert.ok(reached, 'Tab reaches the first article');
    await h.screenshot(page, 'feed-desktop-en-focus');
    await page.keyboard.press('PageDown');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-posinset')), '2');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageUp');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-posinset')), '2');

    // The fallback button, by keyboard: focus it and press Enter.
    const button = page.getByRole('button', { name: 'Load more posts' });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[role="feed"] [aria-posinset]').length >= 20);
    assert.deepEqual(h.errorsOf(page), []);
  });

  for (const { locale, viewport } of [
    { locale: 'ar', viewport: 'desktop' },
    { locale: 'en', viewport: 'mobile' },
  ] as const) {
    test(`Back from a post returns to the same pages and place (${locale}, ${viewport})`, async () => {
      const page = await open({ viewport, locale });
      await page.goto('/');
      await page.getByRole('feed').getByRole('article').first().waitFor();
      await scrollUntil(page, async () => (await lastPosition(page)) > 30);
      // Back up a little, into the third page.
      await page.evaluate(() => window.scrollBy(0, -1.5 * window.innerHeight));
      await page.waitForTimeout(400);
      const before = { scrollY: await page.evaluate(() => window.scrollY), top: await topArticle(page), last: await lastPosition(page) };
      assert.ok(Number(before.top.position) > 20, `top article ${before.top.position}`);

      const opened = page.locator(`[role="feed"] [aria-posinset="${Number(before.top.position) + 1}"]`);
      // A click without Playwright's scrolling into view, so the place left is the place measured.
      await opened.locator('h2 a').evaluate((a: HTMLElement) => a.click());
      await page.waitForURL(/\/post\//);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator(`[role="feed"] [aria-posinset="${before.top.position}"]`).waitFor();
      await page.waitForTimeout(300);
      const after = { scrollY: await page.evaluate(() => window.scrollY), top: await topArticle(page), last: await lastPosition(page) };
      assert.ok(Math.abs(after.scrollY - before.scrollY) <= 2, `scrollY ${before.scrollY} → ${after.scrollY}`);
      assert.equal(after.top.position, before.top.position);
      assert.equal(after.top.name, before.top.name);
      assert.equal(after.last, before.last);
      assert.ok(Math.abs(after.top.y - before.top.y) <= 2, `top article at ${before.top.y} → ${after.top.y}`);
      await shot(page, `feed-${viewport}-${locale}-back`);

      // A fresh visit (the Home link, a new history entry) starts at the top with one page.
      if (viewport === 'desktop') {
        await page.getByRole('navigation').getByRole('link', { name: locale === 'ar' ? 'الرئيسية' : 'Home' }).click();
      } else {
        await page.goto('/');
      }
      await page.waitForFunction(() => window.scrollY === 0);
      await page.locator('[role="feed"] [aria-posinset="1"]').waitFor();
      assert.deepEqual(h.errorsOf(page), []);
    });
  }
});
