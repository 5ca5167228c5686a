import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { DRAWN_CACHE_CONTROL } from './pages/drawn-pages';
import { rendererFile } from './ssr';
import { ContentFixtures } from './test/content-fixtures';
import { createTestContext, type TestContext } from './test/helpers';

// How the server frames a page drawn by the renderer (src/web/ssr.tsx, tested on its own in
// src/web/ssr.test.tsx) in a worker thread: here a small renderer stands in for the webpack
// build, so that each outcome (drawn, failed, too slow) can be asked for by path. How drawn
// pages are kept, shared and queued is tested in src/server/pages/.
let ctx: TestContext;
const webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-ssr-')), 'web');
const INDEX =
  '<!doctype html><html lang="ar" dir="rtl"><head><meta name="description" content="قرار — منصة"/><link rel="manifest" href="/manifest.webmanifest"/><title>قرار</title><script defer="defer" src="/runtime.0123abcd4567.js"></script><script defer="defer" src="/main.89ab0123cdef.js"></script></head><body><noscript>يحتاج</noscript><div id="root"></div></body></html>';
const MANIFEST = { routes: [{ pattern: '^/post/[^/]+/?$', scripts: ['/post.0123abcd4567.js'] }] };
const RENDERER = `
exports.renderPage = async ({ url, language, theme, timeZone, api }) => {
  const layout = language + '.' + theme + ' ' + timeZone;
  if (url.includes('broken')) throw new Error('cannot draw');
  if (url.includes('slow')) await new Promise((r) => setTimeout(r, 2500));
  const res = await api.fetch(api.apiBaseUrl + '/content/post-types/');
  const types = await res.json();
  const meta = url.includes('titled') ? { title: 'قرار &amp; تعميم · قرار', description: 'ملخص "القرار" <هنا>', image: 'http://x.example/media/renditions/1/640.webp' } : undefined;
  return { meta, htmlAttributes: { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' }, postIds: [], head: '<style>.drawn{}</style>', root: '<div id="root"><p class="drawn">' + layout + ' ' + res.status + ' ' + types.length + ' ' + 'x'.repeat(3000) + '</p></div>' };
};
`;

beforeAll(async () => {
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'preload-manifest.json'), JSON.stringify(MANIFEST));
  mkdirSync(path.dirname(rendererFile(webDir)), { recursive: true });
  writeFileSync(rendererFile(webDir), RENDERER);
  ctx = await createTestContext({
    config: { webDir, pageDeadlineMs: 1000 },
    // The posts whose pages are asked for: a missing one's page answers 404 (pages/page-status.ts).
    async prepare(db) {
      const f = new ContentFixtures(db);
      const [author, types] = [await f.user('writer'), await f.postTypes()];
      for (const slug of ['some-post', 'titled', 'broken', 'slow']) await f.post({ slug, author_id: author, type_id: types.decision });
    },
  });
});
afterAll(() => ctx.close());

describe('a page drawn on the server', () => {
  it('comes with its drawing, its styles, and the app started after the first paint', async () => {
    const res = await ctx.inject({ url: '/post/some-post' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(DRAWN_CACHE_CONTROL);
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.headers['x-page']).toBe('drawn');
    const html = res.body;
    // The renderer's API call went through the server itself; no cookie: Arabic, system theme,
    // the portal's time zone.
    expect(html).toMatch(/<div id="root"><p class="drawn">ar.system Asia\/Riyadh 200 \d+ x+<\/p><\/div>/);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<style>.drawn{}</style></head>');
    // No script tag in the head: the scripts (and the screen's chunks) start after the paint.
    expect(html).not.toMatch(/<script defer/);
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<script type="application/json" id="qarar-start">[["/post.0123abcd4567.js"],["/runtime.0123abcd4567.js","/main.89ab0123cdef.js"]]</script><script>(function(p,s){');
    expect(html).toMatch(/\.apply\(null,JSON\.parse\(document\.getElementById\("qarar-start"\)\.textContent\)\)<\/script><\/body>/);
  });

  it('is drawn in the language and theme of the reader’s preferences cookie, whatever the browser', async () => {
    const res = await ctx.inject({ url: '/post/some-post', headers: { cookie: 'other=1; qarar_prefs=en.dark', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' } });
    expect(res.body).toContain('<p class="drawn">en.dark Asia/Riyadh 200');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).not.toContain('<html lang="ar"');
    // A cookie the server does not understand is the default reader's.
    const odd = await ctx.inject({ url: '/post/some-post', headers: { cookie: 'qarar_prefs=%E0%A4%A' } });
    expect(odd.body).toContain('<p class="drawn">ar.system Asia/Riyadh 200');
    expect(odd.body).toContain('<html lang="ar" dir="rtl">');
    // An undrawn page (a screen that is not public) is in the reader's language too.
    const login = await ctx.inject({ url: '/login', headers: { cookie: 'qarar_prefs=en.light' } });
    expect(login.body).toContain('<html lang="en" dir="ltr">');
    expect(login.headers['x-page']).toBe('app');
  });

  it('links the web app manifest of the reader’s language, so that the app installed from it is in theirs', async () => {
    const arabic = (await ctx.inject({ url: '/post/some-post' })).body;
    expect(arabic).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    const english = (await ctx.inject({ url: '/post/some-post', headers: { cookie: 'qarar_prefs=en.dark' } })).body;
    expect(english).toContain('<link rel="manifest" href="/manifest.en.webmanifest"/>');
    expect(english).not.toContain('/manifest.webmanifest');
  });

  it('names itself in its head for links to it: title, description, picture', async () => {
    const titled = (await ctx.inject({ url: '/post/titled' })).body;
    expect(titled).toContain('<title>قرار &amp; تعميم · قرار</title>');
    expect(titled).toContain('<meta name="description" content="ملخص &quot;القرار&quot; &lt;هنا>"/>');
    expect(titled).toContain('<meta property="og:title" content="قرار &amp; تعميم · قرار">');
    expect(titled).toContain('<meta property="og:image" content="http://x.example/media/renditions/1/640.webp">');
    // A page without its own keeps the app's.
    const plain = (await ctx.inject({ url: '/post/some-post' })).body;
    expect(plain).toContain('<title>قرار</title>');
    expect(plain).toContain('<meta name="description" content="قرار — منصة"/>');
    expect(plain).not.toContain('og:title');
  });

  it('is compressed like every answer', async () => {
    const res = await ctx.app.inject({ url: '/post/some-post', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<p class="drawn">ar.system Asia/Riyadh 200');
  });

  it('is sent undrawn, with its preloads, when the renderer fails or is too slow', async () => {
    const { fallbacks } = ctx.app.drawnPages!.pool.stats;
    const before = { ...fallbacks };
    for (const url of ['/post/broken', '/post/slow']) {
      const started = Date.now();
      const res = await ctx.inject({ url, headers: { cookie: 'qarar_prefs=en.light' } });
      // The deadline (1 s), not the drawing (2.5 s for the slow one).
      expect(Date.now() - started).toBeLessThan(2400);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page']).toBe('app');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<html lang="en" dir="ltr">');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script defer="defer" src="/main.89ab0123cdef.js"></script>');
      expect(res.body).toContain('<link rel="preload" as="script" href="/post.0123abcd4567.js">');
    }
    expect(fallbacks.failed - before.failed).toBe(1);
    expect(fallbacks.deadline - before.deadline).toBe(1);
  });

  it('is not drawn for a screen that is not public, and files and the API keep their own answers', async () => {
    const login = await ctx.inject({ url: '/login' });
    expect(login.body).toBe(INDEX);
    const missing = await ctx.inject({ url: '/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await ctx.inject({ url: '/api/v1/no-such-call/', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().detail).toMatch(/not found|does not exist/i);
  });
});
