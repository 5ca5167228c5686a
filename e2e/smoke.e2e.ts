import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setup, type Harness } from './harness';

/** The built app is served by the real server: page, API, deep links, cached assets. */
describe('smoke', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  test('the API answers /healthz', async () => {
    const res = await fetch(`${h.baseURL}/healthz`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
  });

  test('the home page loads in Arabic, right to left, and the app renders', async () => {
    const page = await h.newPage({ locale: 'ar' });
    const res = await page.goto('/');
    assert.equal(res?.status(), 200);
    const html = page.locator('html');
    assert.equal(await html.getAttribute('lang'), 'ar');
    assert.equal(await html.getAttribute('dir'), 'rtl');
    // Something mounted into the root element.
    await page.locator('#root > *').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    assert.equal(await html.getAttribute('dir'), 'rtl');
    await h.screenshot(page, 'smoke-home-desktop-ar');
    assert.deepEqual(h.errorsOf(page).filter((e) => e.startsWith('pageerror')), []);
  });

  test('the home page loads on a phone', async () => {
    const page = await h.newPage({ viewport: 'mobile', colorScheme: 'dark' });
    const res = await page.goto('/');
    assert.equal(res?.status(), 200);
    await page.locator('#root > *').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => window.innerWidth), 390);
    await h.screenshot(page, 'smoke-home-mobile-dark');
    assert.deepEqual(h.errorsOf(page).filter((e) => e.startsWith('pageerror')), []);
  });

  test('every route has its strings in both languages, the first time it is opened', async () => {
    const routes = ['/', '/explore', '/categories', '/types', '/types/1', '/hashtags', '/organizations', '/post/no-such-post', '/profile/reader', '/login', '/signup', '/forgot-password', '/about', '/privacy', '/terms'];
    for (const language of ['ar', 'en']) {
      const page = await h.newPage({ viewport: 'desktop' });
      await page.addInitScript((lng) => localStorage.setItem('qarar:language', lng), language);
      for (const route of routes) {
        await page.goto(route);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
      }
      const problems = h.errorsOf(page).filter((e) => e.startsWith('pageerror') || e.includes('i18n: missing'));
      assert.deepEqual(problems, [], `${language}: ${problems.join('; ')}`);
    }
  });

  test('a deep link serves index.html, never kept by the browser without asking', async () => {
    // A screen the server does not draw: never cached.
    const app = await fetch(`${h.baseURL}/settings`);
    assert.equal(app.status, 200);
    assert.match(app.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(app.headers.get('cache-control'), 'no-cache');
    assert.match(await app.text(), /id="?root"?/);
    // A drawn page: asked again every time (a 304 while it is valid), kept briefly by shared caches.
    const res = await fetch(`${h.baseURL}/`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.headers.get('cache-control') ?? '', /^public, max-age=0, s-maxage=\d+/);
    assert.ok(res.headers.get('etag'), 'a validator');
    const body = await res.text();
    assert.match(body, /<html lang="?ar"? dir="?rtl"?/);
    assert.match(body, /id="?root"?/);

    const page = await h.newPage();
    const nav = await page.goto('/');
    assert.equal(nav?.status(), 200);
    assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
  });

  test('hashed assets are immutable and pre-compressed', async () => {
    // A screen the app draws names its scripts in tags; a page drawn by the server starts the
    // same scripts after its first paint, named in the inline starter.
    const html = await (await fetch(`${h.baseURL}/login`)).text();
    const scripts = [...html.matchAll(/<script[^>]+src="?([^"\s>]+)"?/g)].map((m) => m[1]);
    assert.ok(scripts.length > 0, 'index.html loads scripts');
    const drawn = await (await fetch(`${h.baseURL}/`)).text();
    // The starter is one fixed script (allowed by its hash in the CSP); its lists are data beside it.
    const lists = /<script type="application\/json" id="qarar-start">(.*?)<\/script><script>\(function/.exec(drawn);
    assert.ok(lists, 'the drawn home page starts the app after its first paint');
    const [chunks, entry] = JSON.parse(lists[1]) as [string[], string[]];
    assert.deepEqual(entry, scripts, 'with the same entry scripts');
    scripts.push(...chunks);
    for (const src of scripts) {
      assert.match(src, /\.[0-9a-f]{8,}\.js$/, `${src} has a content hash`);
      const res = await fetch(new URL(src, h.baseURL), { headers: { 'accept-encoding': 'br, gzip' } });
      assert.equal(res.status, 200, src);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', src);
      assert.equal(res.headers.get('content-encoding'), 'br', src);
      await res.arrayBuffer();
    }
    const manifest = await fetch(`${h.baseURL}/manifest.webmanifest`);
    assert.equal(manifest.status, 200);
    const m = JSON.parse(await manifest.text()) as { lang: string; dir: string; short_name: string };
    assert.deepEqual([m.lang, m.dir, m.short_name], ['ar', 'rtl', 'قرار']);
  });
});
