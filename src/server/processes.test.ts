import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { asTheOneRunner } from './jobs';
import { decodeQuotedPrintable } from './modules/auth/testing';
import { ROOT } from './paths';
import { ContentFixtures } from './test/content-fixtures';
import { freePort } from './test/free-port';

/**
 * Issue 16: two server processes on one PostgreSQL database (as WORKERS=2 runs them, here on
 * two ports so that each request goes where the test says), each correct with the other:
 * a session signed in on one is good on the other, a refresh token rotated on one is refused on
 * the other, sign-in attempts are counted across both, a process never serves a post older than
 * the last write, a reader's view is counted once whichever process it reached, the scheduled
 * work (publishing a due post, sending its alert) runs once, and a process told to stop writes
 * the views it holds before it exits.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database is one process's.
 */

const run = process.env.TEST_DATABASE_URL ? describe : describe.skip;
jest.setTimeout(180_000);

/** Sign-in attempts an address may make in a window (short, so that each test starts afresh). */
const AUTH_LIMIT = 6;
const AUTH_WINDOW_MS = 2500;
const freshWindow = () => new Promise((r) => setTimeout(r, AUTH_WINDOW_MS + 200));

let dbName = '';
let url = '';
let db: Db;
let dataDir = '';
const servers: Array<{ child: ChildProcess; base: string; log: () => string }> = [];
let typeId = 0;
let scheduledId = 0;


async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env, DATABASE_URL: url, WORKERS: '1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info', AUTH_RATE_LIMIT: String(AUTH_LIMIT), AUTH_RATE_WINDOW_MS: String(AUTH_WINDOW_MS), PUBLISH_POLL_MS: '250', SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`a server stopped (${child.exitCode}):\n${output}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) {
      servers.push({ child, base, log: () => output });
      return base;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`a server did not answer:\n${output}`);
}

async function viewsOf(id: number): Promise<number> {
  return (await db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE id = $1', [id]))[0].view_count;
}

async function call(base: string, method: string, pathname: string, body?: object, access?: string) {
  const res = await fetch(`${base}/api/v1${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(access ? { authorization: `Bearer ${access}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

run('two server processes on one PostgreSQL', () => {
  let A = '';
  let B = '';

  beforeAll(async () => {
    dbName = `qarar_procs_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    db = await openDb({ databaseUrl: url, poolSize: 4 });
    await migrate(db);
    const f = new ContentFixtures(db);
    const author = await f.user('moh_editor');
    const types = await f.postTypes();
    typeId = types.circular;
    await f.post({ slug: 'two-processes', author_id: author, type_id: types.decision, title: 'The first title', title_ar: 'العنوان الأول' });
    // A draft, scheduled in the last test.
    const health = await f.category('health', 'Health', 'الصحة');
    scheduledId = await f.post({
      slug: 'due-soon', author_id: author, type_id: types.circular, status: 'draft', categories: [health],
      title: 'A scheduled circular', title_ar: 'تعميم مجدول', summary: 'Soon.', summary_ar: 'قريبًا.', content: 'Its text.', content_ar: 'نصه.',
    });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-procs-'));
    [A, B] = await Promise.all([startServer(), startServer()]);
  });

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await db?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('share sessions and rotate refresh tokens across processes', async () => {
    const reader = { username: 'huda_two', email: 'huda_two@example.com', password: 'Sturdy#2025-two', password2: 'Sturdy#2025-two', first_name: 'Huda', last_name: 'Saleh' };
    expect((await call(A, 'POST', '/auth/register/', reader)).status).toBe(201);
    const signed = await call(A, 'POST', '/auth/login/', { username: reader.username, password: reader.password });
    expect(signed.status).toBe(200);
    const { access, refresh } = signed.body as { access: string; refresh: string };
    // Signed in on A, known on B.
    const me = await call(B, 'GET', '/auth/me/', undefined, access);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('huda_two');
    // Rotated on A; presented again on B within the grace window, the same successor (two
    // tabs renewing together); once that successor is used, the old token ends there.
    const rotated = await call(A, 'POST', '/auth/token/refresh/', { refresh });
    expect(rotated.status).toBe(200);
    const again = await call(B, 'POST', '/auth/token/refresh/', { refresh });
    expect(again.status).toBe(200);
    expect(again.body.refresh).toBe(rotated.body.refresh);
    expect((await call(B, 'POST', '/auth/token/refresh/', { refresh: rotated.body.refresh })).status).toBe(200);
    expect((await call(A, 'POST', '/auth/token/refresh/', { refresh })).status).toBe(401);
  });

  it('count sign-in attempts across processes', async () => {
    await freshWindow();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) statuses.push((await call(i % 2 ? B : A, 'POST', '/auth/login/', { username: 'nobody_here', password: 'wrong-password-1' })).status);
    // AUTH_LIMIT tries in all, whichever process took them, then refused by both.
    expect(statuses.slice(0, AUTH_LIMIT).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429]);
  });

  it('never serve a post older than the last write, whichever process wrote', async () => {
    // Read on both (each keeps it), changed by the other writer, read again on both.
    for (const base of [A, B, A, B]) expect((await call(base, 'GET', '/content/posts/two-processes/')).body.title).toBe('The first title');
    await db.query(`UPDATE posts SET title = 'The second title' WHERE slug = 'two-processes'`);
    for (const base of [A, B]) expect((await call(base, 'GET', '/content/posts/two-processes/')).body.title).toBe('The second title');
    const list = await call(B, 'GET', '/content/posts/?page_size=5');
    expect(list.body.results.map((p: { title: string }) => p.title)).toContain('The second title');
  });

  it('run the scheduled work once: a due post published once, its alert sent once', async () => {
    // A reader's immediate alert of circulars, made on B before the post is due.
    await freshWindow();
    const signed = await call(B, 'POST', '/auth/login/', { username: 'huda_two', password: 'Sturdy#2025-two' });
    expect(signed.status).toBe(200);
    const alert = await call(B, 'POST', '/alerts/subscriptions/', { list: { type_id: typeId }, frequency: 'immediate', lang: 'en' }, signed.body.access);
    expect(alert.status).toBe(201);
    // Due in a moment: both processes look for it every 250 ms.
    await db.query(`UPDATE posts SET review_state = 'scheduled', scheduled_at = now() + interval '1 second' WHERE id = $1`, [scheduledId]);
    const outbox = path.join(dataDir, 'outbox');
    const alerts = () =>
      existsSync(outbox) ? readdirSync(outbox).filter((n) => decodeQuotedPrintable(readFileSync(path.join(outbox, n), 'utf8')).includes('A scheduled circular')) : [];
    for (let i = 0; i < 150 && alerts().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    // Both keep looking for a while longer: nothing more may come.
    await new Promise((r) => setTimeout(r, 1500));
    expect(alerts()).toHaveLength(1);
    const [post] = await db.query<{ status: string }>('SELECT status FROM posts WHERE id = $1', [scheduledId]);
    expect(post.status).toBe('published');
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE post_id = $1 AND action = 'published'`, [scheduledId]);
    expect(n).toBe(1);
  });

  it('count a reader’s view once, whichever process it reached', async () => {
    const [{ author_id, type_id }] = await db.query<{ author_id: number; type_id: number }>(`SELECT author_id, type_id FROM posts WHERE slug = 'two-processes'`);
    const id = await new ContentFixtures(db).post({ slug: 'viewed-on-both', author_id, type_id, title: 'Viewed on both', title_ar: 'قرئ على الاثنين' });
    // This machine's address is one reader: on both processes at once, each writing its batch.
    await Promise.all([call(A, 'GET', '/content/posts/viewed-on-both/'), call(B, 'GET', '/content/posts/viewed-on-both/')]);
    for (let i = 0; i < 50 && (await viewsOf(id)) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    // Both batches are written within a second or two: the second is not counted.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await viewsOf(id)).toBe(1);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_views WHERE post_id = $1', [id]);
    expect(n).toBe(1);
  });

  it('leave when told to, each exiting 0, the views waiting written first', async () => {
    const [{ author_id, type_id }] = await db.query<{ author_id: number; type_id: number }>(`SELECT author_id, type_id FROM posts WHERE slug = 'two-processes'`);
    const id = await new ContentFixtures(db).post({ slug: 'read-at-the-end', author_id, type_id, title: 'Read at the end', title_ar: 'قرئ في النهاية' });
    // A view, then SIGTERM at once: it waits in the process's batch (written a second later)…
    expect((await call(A, 'GET', '/content/posts/read-at-the-end/')).status).toBe(200);
    const exits = servers.map(({ child }) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))));
    for (const { child } of servers) child.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual([0, 0]);
    // …and is written before the process exits.
    expect(await viewsOf(id)).toBe(1);
  });

  it('hold the scheduled work’s lock in one process at a time (the servers gone, nobody else takes it)', async () => {
    const other = await openDb({ databaseUrl: url, poolSize: 2 });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = asTheOneRunner(db, async () => {
        await held;
        return 'first';
      });
      await new Promise((r) => setTimeout(r, 200));
      // While the first runs, another process's turn is skipped…
      expect(await asTheOneRunner(other, async () => 'second')).toBeUndefined();
      release();
      expect(await first).toBe('first');
      // …and once it is done, the next look runs.
      expect(await asTheOneRunner(other, async () => 'second')).toBe('second');
    } finally {
      await other.close();
    }
  });
});
