import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { setup, storePreferences, type Harness } from './harness';

/**
 * Issue 15's feeds as a reader finds them: the drawn page names its list's feeds in its head,
 * the screen's feed button offers them (entries in the reader's language), and what they point
 * to is a feed a feed reader can read, answered 304 when polled again unchanged.
 */

let h: Harness;
before(async () => {
  h = await setup();
});
after(() => h.close());

const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" type="(application\/(?:atom|rss)\+xml)"[^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]);

test('the home feed names its feeds, and its button opens them (ar, desktop)', async () => {
  const drawn = await (await fetch(`${h.baseURL}/`)).text();
  assert.deepEqual(alternates(drawn), [
    ['application/atom+xml', `${h.baseURL}/api/v1/feeds/posts.atom?lang=ar`],
    ['application/rss+xml', `${h.baseURL}/api/v1/feeds/posts.rss?lang=ar`],
  ]);

  const page = await h.newPage({ locale: 'ar' });
  await page.goto('/');
  await page.getByRole('button', { name: 'الخلاصات' }).click();
  const atom = page.getByRole('menuitem', { name: 'خلاصة Atom' });
  const href = await atom.getAttribute('href');
  assert.equal(href, '/api/v1/feeds/posts.atom?lang=ar');
  await h.screenshot(page, 'feeds-menu-ar-desktop-light');

  const res = await fetch(`${h.baseURL}${href}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/atom+xml; charset=utf-8');
  const feed = parseFeed(await res.text());
  assert.equal(feed.language, 'ar');
  assert.equal(feed.items.length, 50);
  // The same posts, newest first, as the feed on the screen.
  const firstCard = await page.locator('article h2, article h3').first().textContent();
  assert.equal(feed.items[0].title, firstCard?.trim());
  // Polled again with its validator: nothing sent.
  const again = await fetch(`${h.baseURL}${href}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
  assert.equal(again.status, 304);
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});

test('an organization’s feed in English keeps its filter, also after moving there inside the app (en, phone, dark)', async () => {
  const page = await h.newPage({ locale: 'en', viewport: 'mobile', colorScheme: 'dark' });
  await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'system' });
  await page.goto('/organizations/MOH');
  await page.getByRole('button', { name: 'Feeds' }).click();
  const href = await page.getByRole('menuitem', { name: 'RSS feed' }).getAttribute('href');
  assert.equal(href, '/api/v1/feeds/posts.rss?organization_code=MOH&lang=en');
  await h.screenshot(page, 'feeds-menu-en-mobile-dark');
  const feed = parseFeed(await (await fetch(`${h.baseURL}${href}`)).text());
  assert.equal(feed.meta.type, 'rss');
  assert.equal(feed.title, 'Qarar — Ministry of Health');
  assert.ok(feed.items.length > 0);
  assert.ok(feed.items.every((item) => item.authors.some((a) => a.name === 'Ministry of Health')));
  await page.keyboard.press('Escape');

  // Inside the app to a hashtag: the head now names that list's feeds, not the organization's.
  await page.goto('/hashtags');
  await page.locator('a[href^="/hashtags/"]').first().click();
  await page.waitForURL(/\/hashtags\/.+/);
  await page.getByRole('button', { name: 'Feeds' }).waitFor();
  const links = await page.evaluate(() => [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => l.getAttribute('href')));
  assert.equal(links.length, 2);
  assert.ok(links.every((l) => l?.includes('hashtag=') && l.includes('lang=en')), String(links));
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});
