import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { PASSWORD } from './modules/auth/testing';
import { existingViewCounter } from './modules/posts/views';
import { buildWorld, type World } from './test/content-world';
import { contractProblems } from './test/contract-validator';

/**
 * Several API processes on one PostgreSQL database, as behind a reverse proxy: two apps, each
 * with its own pool, caches and memory, on the same database. Nothing one keeps in memory may
 * make the other answer wrongly. PostgreSQL only (TEST_DATABASE_URL): an embedded PGlite folder
 * is served by one process (db/db-lock.test.ts).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = adminUrl ? describe : describe.skip;

type App = { app: FastifyInstance; db: Db; inject(o: InjectOptions): Promise<{ statusCode: number; headers: Record<string, unknown>; json<T = any>(): T }> };

const name = `qarar_multi_${randomBytes(6).toString('hex')}`;
const dataDirs: string[] = [];
let a: App;
let b: App;
let world: World;
/** A third connection, as a writer elsewhere (an import, an editor's tool). */
let writer: Db;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startApp(url: string, jwtSecret: string): Promise<App> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-multi-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    {
      dataDir,
      // Every process of one deployment signs with the same secret (JWT_SECRET).
      jwtSecret,
      webDir: path.join(dataDir, 'no-web'),
      pageWorkers: 0,
      authRateLimit: { max: 3, windowMs: 60_000 },
    },
  );
  const db = await openDb({ databaseUrl: url, poolSize: 3 });
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    async inject(opts) {
      const res = await app.inject(opts);
      const problems = contractProblems((opts.method ?? 'GET').toString().toUpperCase(), opts.url as string, res.statusCode, res.body, res.headers['content-type'] as string);
      if (problems.length) throw new Error(`The answer breaks the contract:\n${problems.join('\n')}`);
      return res;
    },
  };
}

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  writer = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
  await migrate(writer);
  world = await buildWorld(writer);
  const secret = randomBytes(32).toString('hex');
  a = await startApp(url.toString(), secret);
  b = await startApp(url.toString(), secret);
});

afterAll(async () => {
  if (!adminUrl) return;
  for (const s of [a, b]) {
    if (!s) continue;
    await s.app.close();
    await s.db.close();
  }
  await writer?.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const auth = (s: App, url: string, payload: object, remoteAddress: string) =>
  s.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload, remoteAddress, headers: { 'accept-language': 'en' } });
const me = (s: App, access: string) => s.inject({ url: '/api/v1/auth/me/', headers: { authorization: `Bearer ${access}` } });

async function register(s: App, username: string, remoteAddress: string): Promise<{ access: string; refresh: string }> {
  const res = await auth(
    s,
    'register/',
    { username, email: `${username}@example.com`, password: PASSWORD, password2: PASSWORD, first_name: 'Huda', last_name: 'Saleh', user_type: 'regular' },
    remoteAddress,
  );
  expect(res.statusCode).toBe(201);
  return res.json();
}

onPostgres('two API processes on one PostgreSQL database', () => {
  it('share sessions: a token from one works on the other, and a refresh token reused anywhere ends the session', async () => {
    const first = await register(a, 'across', '198.51.100.10');
    const seen = await me(b, first.access);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().username).toBe('across');

    // Rotated on B; the new pair works on A.
    const rotated = await auth(b, 'token/refresh/', { refresh: first.refresh }, '198.51.100.10');
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(pair.refresh).not.toBe(first.refresh);
    expect((await me(a, pair.access)).statusCode).toBe(200);

    // The new pair exchanged on A in turn; the first token shown again, to B, is a stolen
    // copy: the session ends on both processes.
    const next = await auth(a, 'token/refresh/', { refresh: pair.refresh }, '198.51.100.10');
    expect(next.statusCode).toBe(200);
    const latest = next.json();
    expect((await auth(b, 'token/refresh/', { refresh: first.refresh }, '198.51.100.10')).statusCode).toBe(401);
    expect((await auth(a, 'token/refresh/', { refresh: latest.refresh }, '198.51.100.10')).statusCode).toBe(401);
    for (const s of [a, b]) expect((await me(s, latest.access)).statusCode).toBe(401);

    // Signed out on A, signed out on B.
    const again = (await auth(b, 'login/', { username: 'across', password: PASSWORD }, '198.51.100.10')).json();
    expect((await me(a, again.access)).statusCode).toBe(200);
    expect((await auth(a, 'logout/', { refresh: again.refresh }, '198.51.100.10')).statusCode).toBe(200);
    expect((await me(b, again.access)).statusCode).toBe(401);
  });

  it('count sign-in attempts together: the limit holds across both', async () => {
    const ip = '198.51.100.20';
    const attempt = (s: App) => auth(s, 'login/', { username: 'nobody', password: 'wrong-password-1' }, ip);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    // The fourth, whichever process it reaches, is one too many (max 3).
    const fourth = await attempt(b);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toMatch(/\d+ seconds?/);
    expect((await attempt(a)).statusCode).toBe(429);
    // Another client is not held back.
    expect((await auth(b, 'login/', { username: 'nobody', password: 'wrong-password-1' }, '198.51.100.21')).statusCode).toBe(401);
  });

  it('hand out distinct bookmarks and keep all of them, whichever process took them', async () => {
    const one = await register(a, 'marker_a', '198.51.100.30');
    const two = await register(b, 'marker_b', '198.51.100.31');
    const slugs = world.posts.filter((p) => p.status === 'published').slice(0, 12).map((p) => p.slug);
    const mark = (s: App, access: string, slug: string) =>
      s.inject({ method: 'POST', url: `/api/v1/content/posts/${encodeURIComponent(slug)}/bookmark/`, headers: { authorization: `Bearer ${access}` }, payload: {} });
    const made = await Promise.all(slugs.flatMap((slug, i) => [mark(i % 2 ? a : b, one.access, slug), mark(i % 2 ? b : a, two.access, slug)]));
    expect(made.map((r) => r.statusCode)).toEqual(made.map(() => 201));
    const ids = made.map((r) => r.json().bookmark.id);
    expect(new Set(ids).size).toBe(ids.length);

    for (const [s, who] of [[a, two], [b, one]] as const) {
      const list = (await s.inject({ url: '/api/v1/content/bookmarks/?page_size=50', headers: { authorization: `Bearer ${who.access}` } })).json();
      expect(list.count).toBe(slugs.length);
    }
  });

  it('never serve a post or a list from memory after a write made elsewhere', async () => {
    const slug = world.posts.find((p) => p.status === 'published' && p.view_count > 0)!.slug;
    const detail = (s: App) => s.inject({ url: `/api/v1/content/posts/${encodeURIComponent(slug)}/`, headers: { 'accept-language': 'en' } });
    const feed = (s: App, headers: Record<string, string> = {}) =>
      s.inject({ url: '/api/v1/content/posts/?page_size=100', headers: { 'accept-language': 'en', ...headers } });
    // A 304 is HTTP's, not the contract's: asked of the app directly.
    const conditional = (s: App, etag: string) =>
      s.app.inject({ url: '/api/v1/content/posts/?page_size=100', headers: { 'accept-language': 'en', 'if-none-match': etag } });
    const inFeed = (body: { results: { slug: string; title: string; view_count: number }[] }) => body.results.find((p) => p.slug === slug)!;

    // Both processes warm: the post kept, the visitor's list memoized (asked twice).
    for (const s of [a, b]) {
      await detail(s);
      await feed(s);
      await feed(s);
    }
    await existingViewCounter(a.app)?.settle();
    await existingViewCounter(b.app)?.settle();
    const before = await feed(b);
    const etag = before.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await conditional(b, etag)).statusCode).toBe(304);

    await writer.query("UPDATE posts SET title = 'Corrected elsewhere' WHERE slug = $1", [slug]);
    for (const s of [a, b]) {
      expect((await detail(s)).json().title).toBe('Corrected elsewhere');
      expect(inFeed((await feed(s)).json()).title).toBe('Corrected elsewhere');
    }
    expect((await conditional(b, etag)).statusCode).toBe(200);

    // A post unpublished elsewhere leaves both lists, and its page answers 404 on both.
    await writer.query("UPDATE posts SET status = 'draft' WHERE slug = $1", [slug]);
    for (const s of [a, b]) {
      expect((await feed(s)).json().results.some((p: { slug: string }) => p.slug === slug)).toBe(false);
      expect((await detail(s)).statusCode).toBe(404);
    }
    await writer.query("UPDATE posts SET status = 'published' WHERE slug = $1", [slug]);

    // View counts change without a new content version: a memoized list still shows the new count.
    await existingViewCounter(a.app)?.settle();
    await existingViewCounter(b.app)?.settle();
    const count = inFeed((await feed(a)).json()).view_count;
    await feed(b);
    await writer.query('UPDATE posts SET view_count = view_count + 5 WHERE slug = $1', [slug]);
    expect(inFeed((await feed(b)).json()).view_count).toBe(count + 5);
    expect(inFeed((await feed(a)).json()).view_count).toBe(count + 5);
  });
});
