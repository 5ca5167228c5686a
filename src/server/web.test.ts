import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ContentFixtures } from './test/content-fixtures';
import { createTestContext, type TestContext } from './test/helpers';

let ctx: TestContext;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-web-'));
const INDEX = '<!doctype html><html lang="ar" dir="rtl"><head><title>قرار</title></head></html>';
const MANIFEST = { routes: [{ pattern: '^/post/[^/]+/?$', scripts: ['/post.0123abcd4567.js', '/strings-ar.89ab0123cdef.js'] }] };
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const WEB_MANIFEST = JSON.stringify({ id: '/', name: 'قرار', start_url: '/', display: 'standalone' });

beforeAll(async () => {
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'main.0123abcd4567.js'), JS);
  writeFileSync(path.join(webDir, 'assets', 'main.0123abcd4567.js.gz'), gzipSync(JS));
  writeFileSync(path.join(webDir, 'assets', 'font.0123abcd4567.woff2'), 'wOF2');
  writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), WEB_MANIFEST);
  writeFileSync(path.join(webDir, 'manifest.webmanifest.br'), brotliCompressSync(WEB_MANIFEST));
  writeFileSync(path.join(webDir, 'manifest.en.webmanifest'), WEB_MANIFEST);
  writeFileSync(path.join(webDir, 'preload-manifest.json'), JSON.stringify(MANIFEST));
  ctx = await createTestContext({
    config: { webDir },
    // The post of the deep link below: a missing one's page answers 404 (pages/page-status.ts).
    async prepare(db) {
      const f = new ContentFixtures(db);
      await f.post({ slug: 'قرار-1', author_id: await f.user('writer'), type_id: (await f.postTypes()).decision });
    },
  });
});
afterAll(() => ctx.close());

describe('the web application', () => {
  it('serves hashed assets with immutable caching, pre-compressed when asked', async () => {
    const res = await ctx.inject({ url: '/assets/main.0123abcd4567.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers deep links with index.html, never cached', async () => {
    for (const url of ['/', '/explore?search=x', '/settings']) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-page']).toBe('app');
      expect(res.body).toBe(INDEX);
    }
  });

  it("preloads the chunks of a deep link's screen", async () => {
    const res = await ctx.inject({ url: '/post/%D9%82%D8%B1%D8%A7%D8%B1-1?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      INDEX.replace('</head>', '<link rel="preload" as="script" href="/post.0123abcd4567.js"><link rel="preload" as="script" href="/strings-ar.89ab0123cdef.js"></head>'),
    );
  });

  it('caches hashed fonts for a year, revalidates unhashed files, and keeps the preload list private', async () => {
    const font = await ctx.inject({ url: '/assets/font.0123abcd4567.woff2' });
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await ctx.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect((await ctx.inject({ url: '/preload-manifest.json' })).statusCode).toBe(404);
  });

  it('serves the web app manifests as such, revalidated like every file without a hash', async () => {
    for (const url of ['/manifest.webmanifest', '/manifest.en.webmanifest']) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toMatchObject({ id: '/' });
    }
    const compressed = await ctx.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    expect(compressed.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API and missing files as JSON 404s', async () => {
    for (const url of ['/api/v1/unknown/', '/assets/missing.js', '/media/nothing.png']) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('compresses API answers for clients that accept it', async () => {
    const res = await ctx.inject({ url: '/api/v1/openapi.yaml', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });
});
