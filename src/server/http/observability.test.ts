import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Queryable } from '../db/db';
import { MIGRATIONS_DIR } from '../db/migrate';
import { lifecycle } from '../lifecycle';
import { rendererFile } from '../ssr';
import { ContentFixtures } from '../test/content-fixtures';
import { createTestContext, type TestContext } from '../test/helpers';
import { readiness } from './health';
import { samples, type Sample } from '../test/prometheus';

// /metrics, request ids, /healthz and /readyz (issue 16, "Observability").

const TOKEN = 'scrape-7c1d9e0f2a4b';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EN = { 'accept-language': 'en' };
const PUBLIC_CLIENT = '203.0.113.7';

// A built app, as in security-headers.test.ts: its catch-all route draws pages for any address.
const webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-observability-')), 'web');
const INDEX = '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"/><title>قرار</title><script defer="defer" src="/main.89ab0123cdef.js"></script></head><body><div id="root"></div></body></html>';
const RENDERER = `
exports.renderPage = async ({ language }) => ({
  htmlAttributes: { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' }, postIds: [], meta: {},
  head: '', root: '<div id="root"><p>drawn</p></div>',
});
`;

/** A sample's value by name and labels (all of them), 0 when the series is not there yet. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels);
  const found = all.find((s) => s.name === name && want.length === Object.keys(s.labels).length && want.every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

async function scrape(ctx: TestContext): Promise<Sample[]> {
  const res = await ctx.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return samples(res.body);
}

let ctx: TestContext;
let slug: string;
beforeAll(async () => {
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'preload-manifest.json'), JSON.stringify({ routes: [{ pattern: '^/post/[^/]+/?$', scripts: [] }] }));
  mkdirSync(path.dirname(rendererFile(webDir)), { recursive: true });
  writeFileSync(rendererFile(webDir), RENDERER);
  ctx = await createTestContext({
    config: { webDir, metricsToken: undefined, pageWorkers: 1, pageDeadlineMs: 10_000 },
    async prepare(db) {
      const f = new ContentFixtures(db);
      const author = await f.user('writer');
      const types = await f.postTypes();
      slug = 'observed-post';
      await f.post({ slug, author_id: author, type_id: types.decision });
    },
  });
});
afterAll(() => ctx.close());

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers this machine in the Prometheus text format, never to be cached', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await ctx.app.inject({ url: '/metrics', remoteAddress });
      expect({ remoteAddress, status: res.statusCode }).toEqual({ remoteAddress, status: 200 });
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE http_requests_total counter');
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });

  it('is a 404, as an unknown address, to anyone else: another client, or this machine through a proxy', async () => {
    for (const request of [
      { url: '/metrics', remoteAddress: PUBLIC_CLIENT },
      { url: '/metrics', remoteAddress: '10.0.0.8' },
      { url: '/metrics', headers: { 'x-forwarded-for': PUBLIC_CLIENT } },
      { url: '/metrics', headers: { forwarded: `for=${PUBLIC_CLIENT}` } },
    ]) {
      const res = await ctx.app.inject({ ...request, headers: { ...EN, ...request.headers } });
      expect({ request, status: res.statusCode }).toEqual({ request, status: 404 });
      expect(res.json()).toEqual({ detail: 'This address does not exist.', request_id: res.headers['x-request-id'] });
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('wins over the app\'s catch-all route, as /healthz and /readyz do', async () => {
    // The catch-all is there: any other address is the app's page.
    const page = await ctx.app.inject({ url: '/settings' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await ctx.app.inject({ url: '/metrics' })).headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let guarded: TestContext;
  beforeAll(async () => {
    guarded = await createTestContext({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => guarded.close());

  it('asks anyone, this machine included, for the token as a bearer token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', `Basic ${TOKEN}`, TOKEN]) {
      const res = await guarded.app.inject({ url: '/metrics', headers: { ...EN, ...(authorization === undefined ? {} : { authorization }) } });
      expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.', request_id: res.headers['x-request-id'] });
    }
  });

  it('answers the token from any address', async () => {
    const res = await guarded.app.inject({ url: '/metrics', remoteAddress: PUBLIC_CLIENT, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_requests_total counter');
  });
});

describe('the metrics', () => {
  it('count requests and their durations by route pattern, never by address', async () => {
    const labels = { method: 'GET', route: '/api/v1/content/posts/:slug/', status_code: '404' };
    const before = await scrape(ctx);
    for (const missing of ['no-such-1', 'no-such-2', 'no-such-3']) {
      expect((await ctx.inject({ url: `/api/v1/content/posts/${missing}/` })).statusCode).toBe(404);
    }
    const after = await scrape(ctx);
    expect(valueOf(after, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels)).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds_count', labels) - valueOf(before, 'http_request_duration_seconds_count', labels)).toBe(3);
    const inf = { ...labels, le: '+Inf' };
    expect(valueOf(after, 'http_request_duration_seconds_bucket', inf) - valueOf(before, 'http_request_duration_seconds_bucket', inf)).toBe(3);
    expect(valueOf(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(valueOf(before, 'http_request_duration_seconds_sum', labels));
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('no-such')))).toBe(false);
  });

  it('name an unknown address "unmatched", and count neither themselves nor the health probes', async () => {
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    const before = await scrape(ctx);
    await ctx.app.inject({ url: '/api/v1/nowhere/at-all/' });
    await ctx.app.inject({ url: '/healthz' });
    await ctx.app.inject({ url: '/readyz' });
    await ctx.app.inject({ url: '/metrics', remoteAddress: PUBLIC_CLIENT });
    const after = await scrape(ctx);
    expect(valueOf(after, 'http_requests_total', unmatched) - valueOf(before, 'http_requests_total', unmatched)).toBe(1);
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    expect([...routes].filter((r) => ['/metrics', '/healthz', '/readyz'].includes(r))).toEqual([]);
  });

  it('count a cache hit when a read is repeated', async () => {
    const hits = (all: Sample[], cache: string) => valueOf(all, 'qarar_cache_requests_total', { cache, result: 'hit' });
    const misses = (all: Sample[], cache: string) => valueOf(all, 'qarar_cache_requests_total', { cache, result: 'miss' });
    const start = await scrape(ctx);
    expect((await ctx.inject({ url: `/api/v1/content/posts/${slug}/` })).statusCode).toBe(200);
    expect((await ctx.inject({ url: '/api/v1/content/posts/?page_size=7' })).statusCode).toBe(200);
    const first = await scrape(ctx);
    expect(misses(first, 'post')).toBeGreaterThan(misses(start, 'post'));
    expect(misses(first, 'answer')).toBe(misses(start, 'answer') + 1);
    expect((await ctx.inject({ url: `/api/v1/content/posts/${slug}/` })).statusCode).toBe(200);
    expect((await ctx.inject({ url: '/api/v1/content/posts/?page_size=7' })).statusCode).toBe(200);
    const again = await scrape(ctx);
    expect(hits(again, 'post')).toBeGreaterThan(hits(first, 'post'));
    expect(hits(again, 'answer')).toBe(hits(first, 'answer') + 1);
    // A visitor's list answer kept at the content and views versions it was read at is served
    // without the list being read again (posts module README): the list cache is not asked.
    expect(hits(again, 'list_page') + misses(again, 'list_page')).toBe(hits(first, 'list_page') + misses(first, 'list_page'));
  });

  it('show the page drawing: drawings, threads, the queue, and drawn pages served kept', async () => {
    const start = await scrape(ctx);
    const drawn = await ctx.app.inject({ url: `/post/${slug}` });
    expect(drawn.headers['x-page']).toBe('drawn');
    await ctx.app.drawnPages!.idle();
    const kept = await ctx.app.inject({ url: `/post/${slug}` });
    expect(kept.headers['x-page']).toBe('kept');
    const after = await scrape(ctx);
    expect(valueOf(after, 'qarar_page_drawings_total') - valueOf(start, 'qarar_page_drawings_total')).toBe(1);
    expect(valueOf(after, 'qarar_page_draw_threads')).toBe(1);
    expect(valueOf(after, 'qarar_page_drawing')).toBe(0);
    expect(valueOf(after, 'qarar_page_draw_queue')).toBe(0);
    expect(valueOf(after, 'qarar_page_draw_queue_limit')).toBe(ctx.config.pageQueue);
    const drawnPage = (result: string) => valueOf(after, 'qarar_cache_requests_total', { cache: 'drawn_page', result }) - valueOf(start, 'qarar_cache_requests_total', { cache: 'drawn_page', result });
    expect([drawnPage('miss'), drawnPage('hit')]).toEqual([1, 1]);
    // Pages are counted under the catch-all's pattern.
    expect(valueOf(after, 'http_requests_total', { method: 'GET', route: '/*', status_code: '200' })).toBeGreaterThanOrEqual(2);
  });

  it('show the database pool on PostgreSQL, and the event-loop delay', async () => {
    const all = await scrape(ctx);
    const pool = all.find((s) => s.name === 'qarar_db_pool_connections');
    if (ctx.db.kind === 'postgres') {
      expect(pool?.value).toBeGreaterThanOrEqual(1);
      expect(valueOf(all, 'qarar_db_pool_max_connections')).toBeGreaterThanOrEqual(pool!.value);
      expect(all.some((s) => s.name === 'qarar_db_pool_waiting_queries')).toBe(true);
    } else {
      expect(pool).toBeUndefined();
    }
    expect(all.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(all.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('say how many processes they add up: one, in a process of its own (WORKERS > 1: cluster-metrics.test.ts)', async () => {
    expect(valueOf(await scrape(ctx), 'qarar_workers')).toBe(1);
  });
});

describe('request ids', () => {
  it('takes a sane X-Request-Id and echoes it, in an error body too', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/content/posts/not-there/', headers: { ...EN, 'x-request-id': 'edge-7f3a:01.b_c' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('edge-7f3a:01.b_c');
    expect(JSON.parse(res.body)).toEqual({ detail: 'Post not found', request_id: 'edge-7f3a:01.b_c' });
  });

  it('makes its own for a request without one, or with one that is not a sane token', async () => {
    const ids = new Set<string>();
    for (const given of [undefined, 'has space', 'line\u2028break', '<script>', 'x'.repeat(129), '']) {
      const res = await ctx.app.inject({ url: '/healthz', headers: given === undefined ? {} : { 'x-request-id': given } });
      const id = String(res.headers['x-request-id']);
      expect({ given, id: UUID.test(id) }).toEqual({ given, id: true });
      ids.add(id);
    }
    expect(ids.size).toBe(6);
    expect((await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'x'.repeat(128) } })).headers['x-request-id']).toBe('x'.repeat(128));
  });

  it('is in a validation error beside the fields, and the fields are unchanged', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/content/posts/?page=0', headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(JSON.parse(res.body)).toEqual({ page: ['Ensure this value is greater than or equal to 1.'], request_id: res.headers['x-request-id'] });
  });

  it('is in an address that cannot be read (answered before any route or hook)', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/content/posts/%FF/', headers: { ...EN, 'x-request-id': 'bad-url-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['x-request-id']).toBe('bad-url-1');
    expect(JSON.parse(res.body).request_id).toBe('bad-url-1');
  });
});

describe('health probes', () => {
  it('/healthz: alive, not cached', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz: ready, and not ready while a migration of this release is not recorded', async () => {
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');

    const last = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort().pop()!.replace(/\.sql$/, '');
    const [row] = await ctx.db.query<{ applied_at: Date }>('DELETE FROM schema_migrations WHERE version = $1 RETURNING applied_at', [last]);
    expect(row).toBeDefined();
    try {
      const res = await ctx.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: `migrations not applied: ${last}` });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await ctx.db.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [last, row.applied_at]);
    }
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz: not ready while the process drains before closing, /healthz still alive', async () => {
    lifecycle.draining = true;
    try {
      const res = await ctx.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reason: 'closing' });
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('/readyz: not ready when the database does not answer in time', async () => {
    const hanging: Queryable = { query: () => new Promise(() => undefined), exec: async () => undefined };
    const started = Date.now();
    expect(await readiness(hanging, 50)).toEqual({ ready: false, reason: 'database: no answer within 50 ms', err: expect.any(Error) });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('logging', () => {
  let logged: TestContext;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    logged = await createTestContext({
      config: { metricsToken: undefined },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      prepare: async (db) => void (await new ContentFixtures(db).user('forgetful')),
    });
  });
  afterAll(() => logged.close());

  it('puts the request id in every line logged for a request, a mail sent after the answer included', async () => {
    lines.length = 0;
    const reset = await logged.inject({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email: 'forgetful@example.test' }, headers: { 'x-request-id': 'reset-1' } });
    expect(reset.statusCode).toBe(200);
    await logged.app.inject({ url: '/api/v1/content/posts/?page=0' });
    for (let i = 0; i < 100 && !lines.some((l) => String(l.msg).startsWith('mail written')); i++) await new Promise((r) => setTimeout(r, 50));

    const mail = lines.find((l) => String(l.msg).startsWith('mail written'));
    expect(mail?.reqId).toBe('reset-1');
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(2);
    expect(lines.filter((l) => typeof l.reqId !== 'string' || !l.reqId)).toEqual([]);
  });

  it('when the database fails: /healthz alive, /readyz not ready, a 500 with the id, each logged with it', async () => {
    const query = logged.db.query;
    logged.db.query = (async () => {
      throw new Error('connection refused');
    });
    lines.length = 0;
    try {
      expect((await logged.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const notReady = await logged.app.inject({ url: '/readyz', headers: { 'x-request-id': 'probe-1' } });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ status: 'not ready', reason: 'database: not reachable' });
      const failed = await logged.app.inject({ url: '/api/v1/content/categories/', headers: { ...EN, 'x-request-id': 'fail-1' } });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ detail: 'An unexpected error occurred', request_id: 'fail-1' });
    } finally {
      logged.db.query = query;
    }
    expect(lines.find((l) => l.msg === 'not ready')).toMatchObject({ reqId: 'probe-1', reason: 'database: not reachable' });
    expect(lines.find((l) => l.msg === 'unexpected error')).toMatchObject({ reqId: 'fail-1' });
    expect(lines.filter((l) => typeof l.reqId !== 'string' || !l.reqId)).toEqual([]);
  });
});
