import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ContentFixtures } from '../test/content-fixtures';
import { lockDataFolder } from './data-folder-lock';
import { DataFolderInUse, openDb, type Db } from './db';
import { migrate } from './migrate';
import { describeOnce } from '../test/databases';

// One PGlite folder, one process: a second opener — in this process or another — stops at once
// with a message saying so (the finding: two `npm start` on one DATA_DIR lost confirmed writes).

const ROOT = path.resolve(__dirname, '..', '..', '..');
const IN_USE = /^Another Qarar process is already serving the data folder .+ to run several processes, use PostgreSQL \(set DATABASE_URL\)\.\nعملية أخرى من قرار تخدم مجلد البيانات .+ استخدم PostgreSQL \(اضبط DATABASE_URL\)\.$/s;

let root: string;
const open: Db[] = [];
const children: ChildProcess[] = [];
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'qarar-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const db of open.splice(0)) await db.close().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

async function openAt(dataDir: string): Promise<Db> {
  const db = await openDb({ dataDir });
  open.push(db);
  return db;
}

async function closeIt(db: Db): Promise<void> {
  open.splice(open.indexOf(db), 1);
  await db.close();
}

/** The lock alone (what openDb takes before PGlite opens the folder). */
const takeLock = (dir: string) => lockDataFolder(dir, () => undefined);

/** A pid no process has now: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describeOnce('a PGlite data folder', () => {
  it('is refused to a second opener while the first holds it, and the first keeps working', async () => {
    const dir = path.join(root, 'pglite');
    const first = await openAt(dir);
    await first.exec('CREATE TABLE marks (n int)');

    const second = openDb({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataFolderInUse);
    await expect(second).rejects.toThrow(IN_USE);
    await expect(second).rejects.toThrow(dir);

    await first.query('INSERT INTO marks VALUES (1), (2)');
    expect(await first.query('SELECT count(*)::int AS n FROM marks')).toEqual([{ n: 2 }]);
    await closeIt(first);
    expect(existsSync(`${dir}.lock`)).toBe(false);

    // Closed, it opens again, with what the first wrote.
    const again = await openAt(dir);
    expect(await again.query('SELECT count(*)::int AS n FROM marks')).toEqual([{ n: 2 }]);
  });

  it('is taken over at once from a process that is gone, and after the stale time from one that cannot be asked', async () => {
    const dir = path.join(root, 'pglite');
    mkdirSync(dir);
    // Left by a process killed on this machine: its pid no longer runs.
    mkdirSync(`${dir}.lock`);
    writeFileSync(`${dir}.lock-owner`, JSON.stringify({ pid: deadPid(), host: os.hostname() }));
    await (await takeLock(dir)).release();

    // No owner to ask (another host): refused while fresh…
    mkdirSync(`${dir}.lock`);
    writeFileSync(`${dir}.lock-owner`, JSON.stringify({ pid: process.pid, host: 'elsewhere' }));
    await expect(takeLock(dir)).rejects.toThrow(IN_USE);
    // …and taken over once nobody has refreshed it for longer than the stale time.
    const old = new Date(Date.now() - 120_000);
    utimesSync(`${dir}.lock`, old, old);
    await (await takeLock(dir)).release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(existsSync(`${dir}.lock-owner`)).toBe(false);
  });

  it('is taken at once after its holder was killed with SIGKILL', async () => {
    const dir = path.join(root, 'pglite');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `require(${JSON.stringify(path.join(__dirname, 'data-folder-lock.ts'))}).lockDataFolder(${JSON.stringify(dir)}, () => undefined)
           .then(() => { console.log('open'); setInterval(() => undefined, 1000); })`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
      holder.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });
    await expect(takeLock(dir)).rejects.toThrow(IN_USE);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(`${dir}.lock`)).toBe(true); // nothing ran to remove it
    await (await takeLock(dir)).release();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s server on DATA_DIR (no web build, no drawing threads). */
function startServer(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: path.join(dataDir, 'no-web'),
      PAGE_WORKERS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output };
}

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describeOnce('two servers on one DATA_DIR', () => {
  it('the second stops at once with the message, the first goes on serving', async () => {
    // A folder that already holds a post, so that the server does not write the demo content.
    const dataDir = path.join(root, 'data');
    const prepared = await openAt(path.join(dataDir, 'pglite'));
    await migrate(prepared);
    const f = new ContentFixtures(prepared);
    const author = await f.user('author');
    const types = await f.postTypes();
    await f.post({ slug: 'one', author_id: author, type_id: types.decision });
    await closeIt(prepared);

    const port = await freePort();
    const first = startServer(dataDir, port);
    for (let i = 0; !(await healthy(port)); i++) {
      if (first.child.exitCode !== null || i > 200) throw new Error(`the first server did not start:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const began = Date.now();
    const second = startServer(dataDir, await freePort());
    expect(await exitOf(second.child)).toBe(2);
    expect(Date.now() - began).toBeLessThan(20_000);
    const said = second.output().trim();
    expect(said).toMatch(IN_USE);
    expect(said).toContain(path.join(dataDir, 'pglite'));
    expect(said).not.toMatch(/^\s+at /m); // no stack trace

    expect(await healthy(port)).toBe(true);
    const posts = await fetch(`http://127.0.0.1:${port}/api/v1/content/posts/`);
    expect(((await posts.json()) as { count: number }).count).toBe(1);

    // Closed cleanly, it leaves the folder free.
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });
});
