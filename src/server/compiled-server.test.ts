import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { ContentFixtures } from './test/content-fixtures';
import { freePort } from './test/free-port';
import { ROOT } from './paths';
import { describeOnce } from './test/databases';

/**
 * Issue 16: the server as `npm start` runs it — compiled by `npm run build:server` into
 * dist/server and started by plain `node`, no TypeScript loader — migrates, serves, and on
 * SIGTERM finishes every request under way, closes its database and exits 0; started again on
 * the same data, it serves again. (Once: the PostgreSQL run of the server tests skips it.)
 */

jest.setTimeout(120_000);

const SERVER = path.join(ROOT, 'dist', 'server', 'server.js');
let dataDir: string;


interface Started {
  child: ChildProcess;
  base: string;
  log: () => string;
  exited: Promise<number | null>;
}

async function start(): Promise<Started> {
  const port = await freePort();
  // Plain node: what is not JavaScript cannot run.
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: os.tmpdir(),
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info', PUBLISH_POLL_MS: '60000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`the compiled server stopped (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, base, log: () => output, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the compiled server did not answer:\n${output}`);
}

describeOnce('the compiled server', () => {
  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'build-server.ts')], { cwd: ROOT, encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    // A database with posts already (an empty one would get the whole demo content first).
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-compiled-'));
    const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
    await migrate(db);
    const f = new ContentFixtures(db);
    const author = await f.user('moh_editor');
    const types = await f.postTypes();
    for (let i = 1; i <= 30; i++) {
      await f.post({ slug: `compiled-${i}`, author_id: author, type_id: types.decision, title: `Decision ${i} on schools`, title_ar: `قرار رقم ${i} بشأن المدارس` });
    }
    await db.close();
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is JavaScript with its migrations and worker threads beside it', () => {
    for (const file of ['server.js', 'server.js.map', 'migrations/001_initial.sql', 'draw-worker.js', 'image-worker.js', 'pdf-text-worker.js']) {
      expect(existsSync(path.join(ROOT, 'dist', 'server', file))).toBe(true);
    }
  });

  it('serves, finishes the requests under way on SIGTERM and exits 0, then starts again on the same data', async () => {
    const first = await start();
    const list = await fetch(`${first.base}/api/v1/content/posts/?page_size=5`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { count: number }).count).toBe(30);

    // Forty requests under way (searches, each a few ms of the one database thread), then SIGTERM.
    const requests = Array.from({ length: 40 }, (_, i) =>
      fetch(`${first.base}/api/v1/content/posts/?search=${encodeURIComponent(`المدارس ${(i % 30) + 1}`)}&page_size=20`).then(
        async (r) => ({ status: r.status, count: ((await r.json()) as { count: number }).count }),
        (err: unknown) => ({ status: 0, count: -1, err: String(err) }),
      ),
    );
    await new Promise((r) => setTimeout(r, 150));
    first.child.kill('SIGTERM');
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(await first.exited).toBe(0);
    expect(first.log()).toMatch(/"msg":"closed"/);

    // Its database was closed cleanly: a new process opens it and serves.
    const second = await start();
    expect((await fetch(`${second.base}/api/v1/content/posts/compiled-7/`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
