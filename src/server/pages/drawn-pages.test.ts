import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from '../app';
import type { Config } from '../config';
import { settleViews } from '../modules/posts/views';
import { rendererFile } from '../ssr';
import { buildWorld, type World } from '../test/content-world';
import { createTestContext, type TestContext } from '../test/helpers';
import { DRAWN_CACHE_CONTROL } from './drawn-pages';

// Drawn pages as readers get them: kept, shared, queued and drawn in worker threads, over a
// real database. The renderer is a small stand-in (the webpack build is tested on its own in
// src/web/ssr.test.tsx): it asks the API for what a screen shows, as the real one does, and
// prints what it was asked to draw, so each test can see which drawing a reader got.

const INDEX =
  '<!doctype html><html lang="ar" dir="rtl"><head><title>قرار</title><script defer="defer" src="/main.89ab0123cdef.js"></script></head><body><noscript>يحتاج</noscript><div id="root"></div></body></html>';
const MANIFEST = {
  routes: [
    { pattern: '^/$', scripts: ['/home.0123abcd4567.js'] },
    { pattern: '^/explore/?$', scripts: ['/explore.0123abcd4567.js'] },
    { pattern: '^/post/[^/]+/?$', scripts: ['/post.0123abcd4567.js'] },
    { pattern: '^/organizations/[^/]+/?$', scripts: ['/organization.0123abcd4567.js'] },
  ],
};
// ?wait=ms waits (as a drawing waits for answers), ?spin=ms keeps its thread busy (as drawing
// a large page does). A post's page shows that post; any other page the three newest posts.
// The feed is asked for with a forged token and a cookie: neither may reach the API.
const RENDERER = `
const { setTimeout: sleep } = require('node:timers/promises');
exports.renderPage = async ({ url, language, theme, now, timeZone, api }) => {
  const u = new URL(url, 'http://page.invalid');
  if (u.pathname.includes('broken')) throw new Error('cannot draw');
  const wait = Number(u.searchParams.get('wait') || 0);
  if (wait) await sleep(wait);
  let posts = [];
  let postId;
  let status;
  let next = '';
  if (u.pathname.startsWith('/post/')) {
    const res = await api.fetch(api.apiBaseUrl + '/content/posts/' + u.pathname.slice(6) + '/');
    status = res.status;
    if (res.ok) {
      const post = await res.json();
      posts = [post];
      postId = post.id;
    }
  } else {
    const res = await api.fetch(api.apiBaseUrl + '/content/posts/?page_size=3', { headers: { authorization: 'Bearer forged', cookie: 'session=someone' } });
    status = res.status;
    if (res.ok) {
      const page = await res.json();
      posts = page.results;
      next = page.next || '';
    }
  }
  const spin = Number(u.searchParams.get('spin') || 0);
  const until = Date.now() + spin;
  while (Date.now() < until);
  const shown = posts.map((p) => p.id + ':' + p.view_count).join(',');
  return {
    head: '<style>.drawn{}</style>',
    // ?rule=name: a style no other page has.
    styles: {
      key: 'st',
      globals: [['g1', ':root{--st:1}']],
      rules: [['r1', '.st-r1{color:red}']].concat(u.searchParams.get('rule') ? [[u.searchParams.get('rule'), '.st-' + u.searchParams.get('rule') + '{color:blue}']] : []),
    },
    root: '<div id="root"><p class="drawn" data-now="' + now + '">' + [language + '.' + theme, timeZone, status, shown, next].join(' ') + '</p><p>' + 'x'.repeat(4000) + '</p></div>',
    htmlAttributes: { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' },
    meta: {},
    postIds: posts.map((p) => p.id),
    ...(postId === undefined ? {} : { postId }),
  };
};
`;

/** A built web app (index.html, preloads) beside the stand-in renderer, unless told otherwise. */
function webApp(renderer: string | null = RENDERER): string {
  const webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-pages-')), 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'preload-manifest.json'), JSON.stringify(MANIFEST));
  if (renderer !== null) {
    mkdirSync(path.dirname(rendererFile(webDir)), { recursive: true });
    writeFileSync(rendererFile(webDir), renderer);
  }
  return webDir;
}

const context = (config: Partial<Config>, withWorld = false) => {
  let world: World | undefined;
  return createTestContext({
    config: { webDir: webApp(), pageWorkers: 2, pageQueue: 16, pageDeadlineMs: 5000, ...config },
    prepare: withWorld ? async (db) => void (world = await buildWorld(db)) : undefined,
  }).then((ctx) => ({ ctx, world: world! }));
};

/** What the stand-in printed: preferences, zone, the API's status, `id:views` of the posts shown, the next link. */
const drawnLine = (body: string) => /<p class="drawn" data-now="(\d+)">([^<]*)<\/p>/.exec(body);
const ARABIC = { cookie: 'qarar_prefs=ar.system' };

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ({ ctx, world } = await context({}, true));
});
afterAll(() => ctx.close());

const stats = (c: TestContext = ctx) => c.app.drawnPages!.pool.stats;

describe('a drawn page', () => {
  it('is drawn in the reader’s language and theme, its <html> in that language, dates in the portal’s zone', async () => {
    const en = await ctx.inject({ url: '/explore?lang-test', headers: { cookie: 'a=1; qarar_prefs=en.dark' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['x-page']).toBe('drawn');
    expect(drawnLine(en.body)?.[2]).toMatch(/^en\.dark Asia\/Riyadh 200 /);
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    expect(en.body).toContain('<style>.drawn{}</style>');
    const ar = await ctx.inject({ url: '/explore?lang-test' });
    expect(drawnLine(ar.body)?.[2]).toMatch(/^ar\.system Asia\/Riyadh 200 /);
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('is kept and served again without drawing, one per language and theme', async () => {
    const first = await ctx.inject({ url: '/explore?kept', headers: ARABIC });
    const drawings = stats().drawings;
    const again = await ctx.inject({ url: '/explore?kept', headers: ARABIC });
    expect(again.headers['x-page']).toBe('kept');
    expect(again.body).toBe(first.body);
    expect(stats().drawings).toBe(drawings);
    // Another theme is another page; the same preferences in another cookie header are not.
    const dark = await ctx.inject({ url: '/explore?kept', headers: { cookie: 'qarar_prefs=ar.dark' } });
    expect(dark.headers['x-page']).toBe('drawn');
    expect(stats().drawings).toBe(drawings + 1);
    const same = await ctx.inject({ url: '/explore?kept', headers: { cookie: 'x=y; qarar_prefs=ar.system' } });
    expect(same.headers['x-page']).toBe('kept');
    // Another query is another page.
    expect((await ctx.inject({ url: '/explore?kept=2', headers: ARABIC })).headers['x-page']).toBe('drawn');
  });

  it('is drawn again after a write, and after a view of a post it shows — not of one it does not show', async () => {
    const url = '/?valid';
    const drawn = await ctx.inject({ url });
    const shown = drawnLine(drawn.body)![2].split(' ')[3].split(',').map((pair) => Number(pair.split(':')[0]));
    expect(shown).toHaveLength(3);
    expect((await ctx.inject({ url })).headers['x-page']).toBe('kept');

    const elsewhere = world.posts.find((p) => !shown.includes(p.id))!;
    await ctx.db.query('UPDATE posts SET view_count = view_count + 1 WHERE id = $1', [elsewhere.id]);
    expect((await ctx.inject({ url })).headers['x-page']).toBe('kept');

    // A view of a post it shows: still served as kept, its counts behind for up to PAGE_VIEWS_LAG
    // (drawn again behind it then: see the next tests).
    await ctx.db.query('UPDATE posts SET view_count = view_count + 1 WHERE id = $1', [shown[1]]);
    const afterView = await ctx.inject({ url });
    expect(afterView.headers['x-page']).toBe('kept');
    expect(afterView.body).toBe(drawn.body);
    await ctx.app.drawnPages!.warmer.idle();
    expect((await ctx.inject({ url })).body).toBe(drawn.body);

    // A write to a post the page does not even show: the content version moves.
    await ctx.db.query("UPDATE posts SET title = title || ' (corrected)' WHERE id = $1", [elsewhere.id]);
    expect((await ctx.inject({ url })).headers['x-page']).toBe('drawn');
    expect((await ctx.inject({ url })).headers['x-page']).toBe('kept');
  });

  it('has an ETag, answers 304 while it is valid, and says how shared caches may keep it', async () => {
    const url = '/explore?etag';
    const res = await ctx.inject({ url });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(res.headers['cache-control']).toBe(DRAWN_CACHE_CONTROL);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');

    const notModified = await ctx.inject({ url, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['x-page']).toBe('kept');
    expect((await ctx.inject({ url, headers: { 'if-none-match': `"other", ${etag.slice(2)}` } })).statusCode).toBe(304);

    // After a write the page is drawn again (another moment, another validator): no 304.
    await ctx.db.query('UPDATE content_version SET version = version + 1');
    const changed = await ctx.inject({ url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['x-page']).toBe('drawn');
    expect(changed.headers.etag).not.toBe(etag);

    // The app's own page is never kept by anyone.
    const app = await ctx.inject({ url: '/login' });
    expect(app.headers['cache-control']).toBe('no-cache');
    expect(app.headers['x-page']).toBe('app');
  });

  it('is sent in the encoding the reader takes, compressed once', async () => {
    const url = '/explore?encodings';
    const plain = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.headers['x-page']).toBe('kept');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('is drawn once for all the readers asking for it at the same time', async () => {
    const drawings = stats().drawings;
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.inject({ url: '/explore?wait=300&together' })));
    expect(stats().drawings).toBe(drawings + 1);
    expect(new Set(answers.map((a) => a.headers['x-page']))).toEqual(new Set(['drawn']));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('counts the view of a reader served a kept post page, as the API does; draws it again behind it once its counts are PAGE_VIEWS_LAG behind', async () => {
    const { ctx: lagless, world: w } = await context({ pageViewsLagSeconds: 0 }, true);
    try {
      await viewsCounted(lagless, w);
    } finally {
      await lagless.close();
    }
  });

  async function viewsCounted(ctx: TestContext, world: World) {
    const post = world.posts.find((p) => p.status === 'published' && p.slug.startsWith('feed-'))!;
    const url = `/post/${post.slug}`;
    const views = async () => (await ctx.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [post.id]))[0].view_count;
    // Readers are told apart by their address (the user agent is theirs to change).
    const reader = (who: 'first' | 'second') => ({ remoteAddress: who === 'first' ? '198.51.100.1' : '198.51.100.2' });
    const start = await views();

    // The drawing counts no view of its own; the reader it is served to is counted.
    const first = await ctx.inject({ url, ...reader('first') });
    expect(first.headers['x-page']).toBe('drawn');
    expect(drawnLine(first.body)![2]).toContain(`${post.id}:${start}`);
    await settleViews(ctx.app);
    expect(await views()).toBe(start + 1);
    // The copy shows the count from before: served once more, and drawn again behind it.
    expect((await ctx.inject({ url, ...reader('first') })).headers['x-page']).toBe('kept');
    await ctx.app.drawnPages!.warmer.idle();
    const redrawn = await ctx.inject({ url, ...reader('first') });
    expect(redrawn.headers['x-page']).toBe('kept');
    expect(drawnLine(redrawn.body)![2]).toContain(`${post.id}:${start + 1}`);
    await settleViews(ctx.app);
    // The same reader within the period: counted once; the redrawing counted nothing.
    expect(await views()).toBe(start + 1);

    // Another reader served the kept copy: their view counts too.
    expect((await ctx.inject({ url, ...reader('second') })).headers['x-page']).toBe('kept');
    await settleViews(ctx.app);
    expect(await views()).toBe(start + 2);
  }

  it('carries nothing of one reader: no token or cookie reaches the API, and no forged Host names its links', async () => {
    const url = '/explore?origin';
    const forged = await ctx.inject({ url, headers: { host: 'forged.example', authorization: 'Bearer whatever', cookie: 'qarar_prefs=ar.system; session=mine' } });
    // The stand-in's own forged token was not passed on either: the feed answered 200.
    expect(drawnLine(forged.body)![2]).toMatch(new RegExp(`^ar\\.system Asia/Riyadh 200 .* ${ctx.config.allowedOrigins[0]}/api/v1/`));
    expect(forged.body).not.toContain('forged.example');
    // An allowed origin the reader used names the links of its own copy.
    const local = await ctx.inject({ url, headers: { host: '127.0.0.1' } });
    expect(local.headers['x-page']).toBe('drawn');
    expect(drawnLine(local.body)![2]).toContain('http://127.0.0.1/api/v1/');
  });

  it('is drawn off the main thread: the API answers while a page is being drawn', async () => {
    const started = performance.now();
    const page = ctx.inject({ url: '/explore?spin=1500&busy' }).then(() => performance.now());
    // Long enough for the drawing to have its answer and be spinning; a busy main thread would
    // run this timer late.
    await new Promise((r) => setTimeout(r, 300));
    const asked = performance.now();
    expect(asked - started).toBeLessThan(600);
    const api = await ctx.inject({ url: '/api/v1/content/post-types/' });
    const answered = performance.now();
    expect(api.statusCode).toBe(200);
    expect(answered - asked).toBeLessThan(500);
    expect(answered).toBeLessThan(await page);
  });
});

describe('a page that cannot be drawn in time', () => {
  let tight: TestContext;
  beforeAll(async () => {
    ({ ctx: tight } = await context({ pageWorkers: 1, pageQueue: 0, pageDeadlineMs: 1000 }));
  });
  afterAll(() => tight.close());

  it('is the app’s page at once, in the reader’s language, past the deadline or a full queue — and kept when drawn', async () => {
    const english = { cookie: 'qarar_prefs=en.light' };
    let started = performance.now();
    const late = await tight.inject({ url: '/explore?wait=2500', headers: english });
    // The deadline, not the drawing.
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    // (The drawing takes 2.5 s; a loaded machine may take a while over the deadline.)
    expect(performance.now() - started).toBeLessThan(2400);
    expect(late.headers['x-page']).toBe('app');
    expect(late.headers['cache-control']).toBe('no-cache');
    expect(late.body).toContain('<html lang="en" dir="ltr">');
    expect(late.body).toContain('<div id="root"></div>');
    expect(late.body).toContain('<link rel="preload" as="script" href="/explore.0123abcd4567.js">');
    expect(stats(tight).fallbacks.deadline).toBe(1);

    // The one worker is still drawing it, and no page may wait: the next is the app's page at once.
    started = performance.now();
    const full = await tight.inject({ url: '/organizations/moh', headers: english });
    // Not even the deadline.
    expect(performance.now() - started).toBeLessThan(900);
    expect(full.headers['x-page']).toBe('app');
    expect(full.body).toContain('<html lang="en" dir="ltr">');
    expect(full.body).toContain('<link rel="preload" as="script" href="/organization.0123abcd4567.js">');
    expect(stats(tight).fallbacks.queue).toBe(1);

    // The late drawing went on and was kept for the next reader.
    await tight.app.drawnPages!.idle();
    const kept = await tight.inject({ url: '/explore?wait=2500', headers: english });
    expect(kept.headers['x-page']).toBe('kept');
    expect(kept.body).toContain('<html lang="en" dir="ltr">');
  });

  it('is not drawn at all once no reader waits for it: the worker draws for those who still do', async () => {
    const { ctx: busy } = await context({ pageWorkers: 1, pageQueue: 4, pageDeadlineMs: 300 });
    try {
      const [running, queued] = await Promise.all([busy.inject({ url: '/explore?wait=1500' }), busy.inject({ url: '/organizations/moh' })]);
      expect([running.headers['x-page'], queued.headers['x-page']]).toEqual(['app', 'app']);
      await busy.app.drawnPages!.idle();
      expect(stats(busy).drawings).toBe(1);
      expect(stats(busy).dropped).toBe(1);
      // The one under way was finished and kept; the one nobody waited for any more was not.
      expect((await busy.inject({ url: '/explore?wait=1500' })).headers['x-page']).toBe('kept');
      expect((await busy.inject({ url: '/organizations/moh' })).headers['x-page']).toBe('drawn');
    } finally {
      await busy.close();
    }
  });

  it('is the app’s page when the renderer fails', async () => {
    const res = await tight.inject({ url: '/post/broken', headers: { cookie: 'qarar_prefs=en.light' } });
    expect(res.headers['x-page']).toBe('app');
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain('<link rel="preload" as="script" href="/post.0123abcd4567.js">');
    expect(stats(tight).fallbacks.failed).toBe(1);
  });
});

describe('pages kept', () => {
  it('are drawn again once older than PAGE_CACHE_MAX_AGE', async () => {
    const { ctx: brief } = await context({ pageCacheMaxAgeSeconds: 1 });
    try {
      const first = await brief.inject({ url: '/' });
      expect(first.headers['x-page']).toBe('drawn');
      expect((await brief.inject({ url: '/' })).headers['x-page']).toBe('kept');
      await new Promise((r) => setTimeout(r, 1100));
      const aged = await brief.inject({ url: '/' });
      expect(aged.headers['x-page']).toBe('drawn');
      expect(Number(drawnLine(aged.body)![1])).toBeGreaterThan(Number(drawnLine(first.body)![1]));
    } finally {
      await brief.close();
    }
  });

  it('are not drawn at all without a renderer: the app’s page', async () => {
    const bare = await createTestContext({ config: { webDir: webApp(null) } });
    try {
      const res = await bare.inject({ url: '/explore', headers: { cookie: 'qarar_prefs=en.dark' } });
      expect(res.headers['x-page']).toBe('app');
      expect(res.body).toContain('<html lang="en" dir="ltr">');
      expect(stats(bare).fallbacks.missing).toBe(1);
    } finally {
      await bare.close();
    }
  });
});

describe('the stylesheet drawn pages link to', () => {
  const linkOf = (body: string) => /<link rel="stylesheet" href="(\/styles\/[A-Za-z0-9_-]{22}\.css)">/.exec(body)?.[1];

  it('holds the styles of the pages drawn so far: a page carries inline only what it does not hold yet', async () => {
    const { ctx: fresh } = await context({});
    try {
      // No sheet yet: the first page's styles make it, and the page links it. Every style is
      // named for the browser's Emotion as its server names it, empty when the sheet holds it.
      const first = await fresh.inject({ url: '/explore?styles=1' });
      expect(first.headers['x-page']).toBe('drawn');
      expect(linkOf(first.body)).toBeDefined();
      expect(first.body).toContain('<style data-emotion="st-global g1"></style><style data-emotion="st r1"></style>');

      // The next page links the same sheet and carries no CSS of its own.
      const second = await fresh.inject({ url: '/explore?styles=2' });
      const sheetUrl = linkOf(second.body)!;
      expect(sheetUrl).toBe(linkOf(first.body));
      expect(second.body).toContain('<style data-emotion="st-global g1"></style><style data-emotion="st r1"></style>');
      const sheet = await fresh.inject({ url: sheetUrl, headers: { 'accept-encoding': 'br' } });
      expect(sheet.statusCode).toBe(200);
      expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(sheet.rawPayload).toString()).toBe(':root{--st:1}.st-r1{color:red}');
      const again = await fresh.inject({ url: sheetUrl, headers: { 'if-none-match': sheet.headers.etag as string } });
      expect(again.statusCode).toBe(304);

      // A page with a style the sheet lacks carries that one inline, and the next sheet holds it.
      const other = await fresh.inject({ url: '/explore?rule=r2' });
      expect(linkOf(other.body)).toBe(sheetUrl);
      expect(other.body).toContain('<style data-emotion="st r1 r2">.st-r2{color:blue}</style>');
      await fresh.app.drawnPages!.styles.flush();
      const later = await fresh.inject({ url: '/explore?rule=r2&later' });
      const next = linkOf(later.body)!;
      expect(next).not.toBe(sheetUrl);
      expect(later.body).toContain('<style data-emotion="st r1 r2"></style>');
      expect((await fresh.inject({ url: next })).body).toBe(':root{--st:1}.st-r1{color:red}.st-r2{color:blue}');
      // The old sheet is still served: pages kept (and browsers) name it.
      expect((await fresh.inject({ url: sheetUrl })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('is the same after a restart, and served by any process on the database', async () => {
    const { ctx: one } = await context({});
    try {
      await one.inject({ url: '/explore?restart=1' });
      const sheetUrl = linkOf((await one.inject({ url: '/explore?restart=2' })).body)!;
      expect(sheetUrl).toBeDefined();
      // Another server on the same database: links the same sheet from its first page on.
      const { DrawnPages } = await import('./drawn-pages');
      const other = new DrawnPages(one.app, { webDir: one.app.config.webDir, workers: 1, queue: 4, niceness: 0, deadlineMs: 5000, cacheBytes: 1 << 20, maxAgeMs: 60_000, postMaxAgeMs: 60_000, timeZone: 'UTC' });
      try {
        const hash = sheetUrl.slice('/styles/'.length, -'.css'.length);
        expect((await other.styles.sheet(hash))?.etag).toBeDefined();
      } finally {
        await other.close();
      }
    } finally {
      await one.close();
    }
  });

  it('answers 404 for a name it does not know or that is not a sheet’s', async () => {
    for (const url of ['/styles/AAAAAAAAAAAAAAAAAAAAAA.css', '/styles/..%2Fetc.css', '/styles/x.css', "/styles/'%20OR%201=1.css"]) {
      expect((await ctx.inject({ url })).statusCode).toBe(404);
    }
  });
});

describe('pages drawn ahead of readers', () => {
  const PORTAL = { host: 'qarar.example' };
  const portal = { publicUrl: 'http://qarar.example', allowedOrigins: ['http://qarar.example'] };

  it('draws the newest posts and the lists in both languages, and a post again in both once it is written', async () => {
    const { ctx: ahead, world: w } = await context({ ...portal, pageDrawAhead: true, pageWarmPosts: 2 }, true);
    try {
      const warmer = ahead.app.drawnPages!.warmer;
      await warmer.watch();
      await warmer.idle();
      const published = w.posts.filter((p) => p.status === 'published');
      const newest = [...published].sort((a, b) => b.published_at!.getTime() - a.published_at!.getTime() || b.id - a.id).slice(0, 2);
      for (const post of newest) {
        for (const cookie of ['qarar_prefs=ar.system', 'qarar_prefs=en.system']) {
          const res = await ahead.inject({ url: `/post/${encodeURIComponent(post.slug)}`, headers: { ...PORTAL, cookie } });
          expect(res.headers['x-page']).toBe('kept');
        }
      }
      expect((await ahead.inject({ url: '/', headers: { ...PORTAL, cookie: 'qarar_prefs=en.system' } })).headers['x-page']).toBe('kept');
      // Not among the newest: drawn for its first reader.
      const older = published.find((p) => !newest.includes(p))!;
      const other = published.find((p) => !newest.includes(p) && p !== older)!;
      expect((await ahead.inject({ url: `/post/${encodeURIComponent(other.slug)}`, headers: PORTAL })).headers['x-page']).toBe('drawn');

      // Corrected (by any process, any way): drawn again ahead, in both languages, before anyone asks.
      await ahead.db.query("UPDATE posts SET title = title || ' (corrected)', updated_at = now() WHERE id = $1", [older.id]);
      await warmer.watch();
      await warmer.idle();
      for (const cookie of ['qarar_prefs=ar.system', 'qarar_prefs=en.system']) {
        const res = await ahead.inject({ url: `/post/${encodeURIComponent(older.slug)}`, headers: { ...PORTAL, cookie } });
        expect(res.headers['x-page']).toBe('kept');
      }
      // The home page, made out of date by the write, was drawn again too.
      expect((await ahead.inject({ url: '/', headers: { ...PORTAL, cookie: 'qarar_prefs=ar.system' } })).headers['x-page']).toBe('kept');
      // The post drawn for a reader before the write was not among them: drawn for its next reader.
      expect((await ahead.inject({ url: `/post/${encodeURIComponent(other.slug)}`, headers: PORTAL })).headers['x-page']).toBe('drawn');
      expect(warmer.stats.drawn).toBeGreaterThanOrEqual(2 * 2 + 2 * 2 + 2);
      // Drawing ahead counts no view: only the one reader's (in both languages, once).
      await settleViews(ahead.app);
      const counts = await ahead.db.query<{ id: number; view_count: number }>('SELECT id, view_count FROM posts WHERE id = ANY($1::int[])', [newest.map((p) => p.id)]);
      for (const { id, view_count } of counts) expect(view_count).toBe(w.posts.find((p) => p.id === id)!.view_count + 1);
    } finally {
      await ahead.close();
    }
  });

  it('are kept on disk and served after a restart, checked as any kept page is', async () => {
    const { ctx: first, world: w } = await context(portal, true);
    const post = w.posts.find((p) => p.status === 'published')!;
    const url = `/post/${encodeURIComponent(post.slug)}?restart`;
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const drawn = await first.inject({ url, headers: PORTAL });
      expect(drawn.headers['x-page']).toBe('drawn');
      await first.app.drawnPages!.idle();
      await new Promise((r) => setTimeout(r, 200));
      // Another server on the same database and data folder, as after a restart.
      second = await buildApp({ db: first.db, config: first.config });
      await second.ready();
      // Read back into memory as it starts.
      await second.drawnPages!.preload();
      expect(second.drawnPages!.cache.size).toBeGreaterThanOrEqual(1);
      const again = await second.inject({ url, headers: PORTAL });
      expect(again.headers['x-page']).toBe('kept');
      expect(again.headers.etag).toBe(drawn.headers.etag);
      // A write: the copy on disk is as out of date as the one in memory.
      await first.db.query("UPDATE posts SET title = title || ' (corrected)' WHERE id = $1", [post.id]);
      const other = await buildApp({ db: first.db, config: first.config });
      try {
        await other.ready();
        expect((await other.inject({ url, headers: PORTAL })).headers['x-page']).toBe('drawn');
      } finally {
        await other.close();
      }
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
