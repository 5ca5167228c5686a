import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { FIRST_SCREEN_POSTS } from '../src/web/api/firstScreen';
import { MOBILE, PHONE_BROWSER, setup, type Harness } from './harness';

/**
 * Public screens arrive drawn by the server (src/web/ssr.tsx) and the app takes them over
 * (src/web/start.tsx): readable before (and without) any script, taken over without asking the
 * API again, and never shown to a reader they were not drawn for (src/web/serverPage.ts).
 */

interface ApiPost {
  slug: string;
  title_ar: string;
}

describe('pages drawn by the server', () => {
  let h: Harness;
  let post: ApiPost;
  before(async () => {
    h = await setup();
    const res = await fetch(`${h.baseURL}/api/v1/content/posts/?status=published&page_size=1`);
    post = ((await res.json()) as { results: ApiPost[] }).results[0];
  });
  after(async () => {
    await h?.close();
  });

  /** API calls a page makes, and the warnings it logs, from its first request on. */
  const watch = (page: Page) => {
    const calls: string[] = [];
    const warnings: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}${url.search}`);
    });
    page.on('console', (m) => {
      // Playwright says so when it blocks the service worker (the harness does, e2e/harness.ts): the test's, not the page's.
      if (m.text() === 'Service Worker registration blocked by Playwright') return;
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    return { calls, warnings };
  };

  test('a public page reads without JavaScript, its links are links', async () => {
    const context = await h.browser.newContext({ baseURL: h.baseURL, javaScriptEnabled: false, locale: 'ar', viewport: MOBILE, userAgent: PHONE_BROWSER });
    try {
      const page = await context.newPage();
      await page.goto('/');
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
      // The first screen's posts (the app, when there is one, adds the rest of the page).
      assert.equal(await page.locator('[role="feed"] article').count(), FIRST_SCREEN_POSTS);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // A card's link is an address the server draws too.
      const link = page.locator('[role="feed"] article a[href^="/post/"]').first();
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.goto(`/post/${encodeURIComponent(post.slug)}`);
      assert.equal((await page.getByRole('heading', { level: 1 }).first().textContent())?.trim(), post.title_ar);
      await page.goto('/explore');
      assert.ok((await page.locator('article').count()) > 0, 'explore lists posts');
    } finally {
      await context.close();
    }
  });

  test('without JavaScript a list reads on by links: ?page=N draws its pages whole, filters kept', async () => {
    const context = await h.browser.newContext({ baseURL: h.baseURL, javaScriptEnabled: false, locale: 'ar', viewport: MOBILE, userAgent: PHONE_BROWSER });
    try {
      const page = await context.newPage();
      const articles = page.locator('[role="feed"] article');
      const more = page.getByRole('link', { name: 'تحميل المزيد من المنشورات' });
      await page.goto('/');
      assert.equal(await articles.count(), FIRST_SCREEN_POSTS);
      // The list's first screen links to its first two pages, whole.
      await more.click();
      await page.waitForURL((url) => url.search === '?page=2');
      assert.equal(await articles.count(), 20);
      assert.equal(await more.getAttribute('href'), '?page=3');
      // The app's own button answers only with scripts: not shown without them.
      assert.equal(await page.getByRole('button', { name: 'تحميل المزيد من المنشورات' }).isVisible(), false);
      await more.click();
      await page.waitForURL((url) => url.search === '?page=3');
      assert.equal(await articles.count(), 30);
      // A search's filters stay in its links.
      await page.goto('/explore?search=%D9%82%D8%B1%D8%A7%D8%B1&sortBy=newest');
      const first = await articles.count();
      assert.ok(first > 0 && first <= FIRST_SCREEN_POSTS, `explore's first screen: ${first}`);
      const href = new URLSearchParams((await more.getAttribute('href'))!.slice(1));
      assert.deepEqual(Object.fromEntries(href), { search: 'قرار', sortBy: 'newest', page: '2' });
    } finally {
      await context.close();
    }
  });

  test('the app takes over a page opened at ?page=2 with its two pages, asking for neither again', async () => {
    const page = await h.newPage({ viewport: 'mobile' });
    const { calls, warnings } = watch(page);
    await page.goto('/?page=2');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('[role="feed"] article').count(), 20);
    assert.deepEqual(calls.filter((c) => /^GET \/api\/v1\/content\/posts\//.test(c)), [], 'the drawn pages are the app’s');
    assert.deepEqual(warnings, []);
    assert.deepEqual(h.errorsOf(page), []);
  });

  for (const look of ['phone', 'desktop'] as const) {
    test(`the app takes the page over without asking again for what it shows (${look})`, async () => {
      const page = await h.newPage(look === 'phone' ? { viewport: 'mobile' } : {});
      const { calls, warnings } = watch(page);
      await page.goto('/');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // The page carries the feed's first screen of posts; the rest of its first page follows.
      const drawn = await (await fetch(`${h.baseURL}/`)).text();
      assert.equal(drawn.match(/<article/g)?.length, FIRST_SCREEN_POSTS, 'the drawn page’s posts');
      const feed = page.locator('[role="feed"] article');
      await feed.nth(FIRST_SCREEN_POSTS).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await feed.count(), 10, 'the whole first page once the app has the page');
      // The right column's lists come with its code, on wide screens only (their answers are not in the page).
      const rightColumn = /^GET \/api\/v1\/(producers\/organizations\/\?|content\/categories\/|content\/hashtags\/trending\/)/;
      const firstPage = /^GET \/api\/v1\/content\/posts\/\?(.*&)?page=1(&|$)/;
      const asked = calls.filter((c) => !rightColumn.test(c));
      assert.equal(asked.length, 1, `one API call for the page, the rest of the feed's first page: ${asked.join(', ')}`);
      assert.match(asked[0], firstPage);
      if (look === 'phone') assert.deepEqual(calls, asked, 'a phone never asks for the right column');
      // One page for every width: CSS shows the phone's top bar or the navigation column.
      assert.equal(await page.locator('header').first().isVisible(), look === 'phone');
      assert.equal(await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).isVisible(), look === 'desktop');
      // The app has the page: following a card is a navigation inside the same document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const link = page.locator('[role="feed"] article a[href^="/post/"]').first();
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
      assert.deepEqual(warnings, []);
      assert.deepEqual(h.errorsOf(page), []);
    });
  }

  test('a dark device gets the same drawn page in dark; English stored before the cookie existed gets the app’s own', async () => {
    const dark = await h.newPage({ colorScheme: 'dark', viewport: 'mobile' });
    const seen = watch(dark);
    await dark.goto('/');
    // Dark from the first paint (the colour-scheme script in <head>), before the app took over.
    assert.equal(await dark.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(11, 18, 32)');
    await dark.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Taken over, not drawn again: the posts the page carried are not asked for again (only the rest of the first page is).
    await dark.locator('[role="feed"] article').nth(FIRST_SCREEN_POSTS).waitFor();
    assert.equal(seen.calls.filter((c) => c.startsWith('GET /api/v1/content/posts/')).length, 1, seen.calls.join(', '));

    const english = await h.newPage();
    await english.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    await english.goto(`/post/${encodeURIComponent(post.slug)}`);
    assert.equal(await english.locator('html').getAttribute('lang'), 'en');
    await english.getByRole('link', { name: /home/i }).first().waitFor();
    assert.deepEqual(h.errorsOf(dark), []);
    assert.deepEqual(h.errorsOf(english), []);
  });
});
