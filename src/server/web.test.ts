import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createTestContext, type TestContext } from './test/helpers';

let ctx: TestContext;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-web-'));
const INDEX = '<!doctype html><html lang="ar" dir="rtl"><title>قرار</title></html>';
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'main.0123abcd4567.js'), JS);
  writeFileSync(path.join(webDir, 'assets', 'main.0123abcd4567.js.gz'), gzipSync(JS));
  ctx = await createTestContext({ config: { webDir } });
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
    for (const url of ['/', '/post/%D9%82%D8%B1%D8%A7%D8%B1-1', '/explore?search=x', '/settings']) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
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
