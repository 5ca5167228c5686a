import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { colorSchemeScript } from '../../web/theme/colorScheme';
import { rendererFile } from '../ssr';
import type { InjectOptions } from 'fastify';
import { ContentFixtures } from '../test/content-fixtures';
import { createTestContext, type TestContext } from '../test/helpers';
import { inlineScriptsOf, PERMISSIONS_POLICY, scriptHash } from './security-headers';

// Every answer carries the security headers (@fastify/helmet, src/server/http/security-headers.ts),
// and the CSP allows each inline script the portal serves by its hash, never 'unsafe-inline'.

const webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-csp-')), 'web');
// As the build writes it: the colour scheme's inline script in <head> (webpack.config.ts).
const INDEX = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"/>${colorSchemeScript()}<title>قرار</title><script defer="defer" src="/main.89ab0123cdef.js"></script></head><body><noscript>يحتاج</noscript><div id="root"></div></body></html>`;
const MANIFEST = { routes: [{ pattern: '^/post/[^/]+/?$', scripts: ['/post.0123abcd4567.js'] }] };
// As src/web/ssr.tsx writes its root: the start script (src/web/serverPage.ts), the app's root, its answers.
const RENDERER = `
exports.renderPage = async ({ language }) => ({
  htmlAttributes: { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' }, postIds: [], meta: {},
  head: '<style>.drawn{}</style>',
  root: '<script>(function(w){document.documentElement.setAttribute("data-w",String(w))})(300)</script><div id="root"><p class="drawn">' + 'x'.repeat(3000) + '</p></div><script type="application/json" id="server-answers">{"a":1}</script>',
});
`;
const CSS = 'body{color:red}';

let ctx: TestContext;
beforeAll(async () => {
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'preload-manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(path.join(webDir, 'main.0123abcd4567.css'), CSS);
  mkdirSync(path.dirname(rendererFile(webDir)), { recursive: true });
  writeFileSync(rendererFile(webDir), RENDERER);
  ctx = await createTestContext({
    config: { webDir, pageDeadlineMs: 5000 },
    // The post whose page is drawn: a missing one's page answers 404 (pages/page-status.ts).
    async prepare(db) {
      const f = new ContentFixtures(db);
      await f.post({ slug: 'csp', author_id: await f.user('writer'), type_id: (await f.postTypes()).decision });
    },
  });
});
afterAll(() => ctx.close());

type Headers = Record<string, string | string[] | number | undefined>;

function directives(headers: Headers): Map<string, string[]> {
  const csp = String(headers['content-security-policy'] ?? '');
  return new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => { const [name, ...values] = d.split(/\s+/); return [name, values]; }));
}

function expectSecurityHeaders(headers: Headers, what: string) {
  try {
    const csp = directives(headers);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(headers['x-frame-options']).toBe('DENY');
    // Plain http: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
  } catch (err) {
    throw new Error(`${what}: ${(err as Error).message}`);
  }
}

describe('every answer', () => {
  it('carries the security headers: API, errors, files, pages, 304s, the contract', async () => {
    const answers: Array<[string, InjectOptions & { url: string }, number]> = [
      ['an API answer', { url: '/api/v1/content/post-types/' }, 200],
      ['a validation error', { url: '/api/v1/auth/login/', method: 'POST', payload: { username: '' } }, 400],
      ['an unknown API path', { url: '/api/v1/nothing-here/' }, 404],
      ['an unknown file', { url: '/nothing.js' }, 404],
      ['a missing media file', { url: '/media/avatars/none.png' }, 404],
      ['a built file', { url: '/main.0123abcd4567.css' }, 200],
      ['the app page', { url: '/settings' }, 200],
      ['a drawn page', { url: '/post/csp' }, 200],
      ['the health check', { url: '/healthz' }, 200],
      ['the contract', { url: '/api/v1/openapi.yaml' }, 200],
      // Answered by Fastify's own error path, before any hook runs.
      ['an address that is not UTF-8', { url: '/api/v1/content/posts/%FF/' }, 400],
      ['a page address that is not UTF-8', { url: '/%FF' }, 400],
    ];
    for (const [what, request, status] of answers) {
      const res = await ctx.app.inject(request);
      expect({ what, status: res.statusCode }).toEqual({ what, status });
      expectSecurityHeaders(res.headers, what);
    }
    const drawn = await ctx.app.inject({ url: '/post/csp' });
    const again = await ctx.app.inject({ url: '/post/csp', headers: { 'if-none-match': String(drawn.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expectSecurityHeaders(again.headers, 'a 304');
    const stale = await ctx.app.inject({ url: '/main.0123abcd4567.css', headers: { 'if-none-match': String((await ctx.app.inject({ url: '/main.0123abcd4567.css' })).headers.etag) } });
    expect(stale.statusCode).toBe(304);
    expectSecurityHeaders(stale.headers, 'a file not modified');
  });

  it('carries HSTS only when served over https', async () => {
    const proxied = await createTestContext({ config: { trustProxy: true } });
    try {
      const https = await proxied.app.inject({ url: '/api/v1/content/post-types/', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ url: '/api/v1/content/post-types/', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Not believed from a client when no proxy is trusted.
    const forged = await ctx.app.inject({ url: '/api/v1/content/post-types/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the CSP', () => {
  it("allows every inline script of a drawn page and of the app's page by its hash, and no other", async () => {
    for (const url of ['/post/csp', '/settings', '/post/csp?again', '/']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const scripts = inlineScriptsOf(res.body);
      expect(scripts.length).toBeGreaterThan(0);
      const allowed = directives(res.headers).get('script-src')!;
      for (const script of scripts) expect({ url, script: script.slice(0, 60), allowed: allowed.includes(scriptHash(script)) }).toMatchObject({ allowed: true });
      // Only the portal's own: the colour scheme's, the renderer's start, the frame's start.
      expect(allowed.length).toBeLessThanOrEqual(4);
    }
    // The drawn page has all three kinds; its data blocks are no scripts.
    const drawn = (await ctx.app.inject({ url: '/post/csp' })).body;
    expect(drawn).toContain(colorSchemeScript());
    expect(drawn).toContain('<script>(function(w){');
    expect(drawn).toContain('type="application/json"');
    expect(inlineScriptsOf(drawn)).toHaveLength(3);
  });

  it('allows no inline script it has not seen the build write', async () => {
    const csp = String((await ctx.app.inject({ url: '/post/csp' })).headers['content-security-policy']);
    expect(csp).not.toContain(scriptHash('alert(1)'));
    expect(csp).toMatch(/script-src-attr 'none'/);
  });

  it('finds the inline scripts a browser would run', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/json">{"b":1}</script><script type="module">c()</script><SCRIPT TYPE="text/javascript">d()</SCRIPT><script defer="defer" src="/y.js"></script>';
    expect(inlineScriptsOf(html)).toEqual(['a()', 'c()', 'd()']);
    expect(scriptHash('a()')).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});
