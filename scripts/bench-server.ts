import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** What the benchmarks share: building the web app, starting the real server, reading it. */
const ROOT = path.resolve(__dirname, '..');

/** The production bundle (and the server's renderer beside it) into WEB_DIR, or dist/web. */
export function buildWeb(log: (msg: string) => void): void {
  log(`building the production bundle into ${process.env.WEB_DIR ?? 'dist/web'}`);
  const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-warnings'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (res.status !== 0) throw new Error(`the build failed (exit ${res.status})`);
}

/** Loaded into the server by startBenchServer: writes its memory breakdown on SIGUSR2. */
const MEMORY_PROBE = path.join(ROOT, 'scripts', 'bench-memory-probe.mjs');

/**
 * `npm start`'s server (without the build) on `port`, once it answers /healthz; its errors on
 * this stderr. It can be asked where its memory is (memoryBreakdown).
 */
export async function startBenchServer(env: NodeJS.ProcessEnv, port: number | string, root = ROOT): Promise<ChildProcess> {
  const memoryFile = path.join(os.tmpdir(), `qarar-bench-memory-${process.pid}-${port}.json`);
  // `root`: another checkout's server (a benchmark's "before"; its node_modules may be these).
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', MEMORY_PROBE, 'src/server/server.ts'], {
    cwd: root,
    // One process unless the caller names more (WORKERS: the memory probe sees the first process only).
    env: { WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: env.PUBLIC_URL ?? `http://127.0.0.1:${port}`, BENCH_MEMORY_FILE: memoryFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  Object.assign(child, { memoryFile });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** A process and all of its descendants (the workers of WORKERS=N), by their pids. */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${pids[i]}/task`)) {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      /* the process has ended */
    }
  }
  return pids;
}

/** A field of /proc/PID/status (kB) summed over a process and its descendants, in MB. */
function treeStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* the process has ended */
    }
  }
  return Math.round(kb / 1024);
}

/**
 * Peak resident set size of a process so far (its worker threads included), in MB (VmHWM); with
 * several processes (WORKERS), the sum of each one's peak.
 */
export function peakRssMb(pid: number): number {
  return treeStatusMb(pid, 'VmHWM');
}

/** Resident set size of a process now (its worker threads and processes included), in MB (VmRSS). */
export function rssMb(pid: number): number {
  return treeStatusMb(pid, 'VmRSS');
}

/** Samples a process's RSS every `everyMs` until stopped: the median and the highest sample. */
export function sampleRss(pid: number, everyMs = 250): { stop(): { median: number; max: number; samples: number } } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(rssMb(pid));
    } catch {
      /* the process has ended */
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const sorted = [...samples].sort((a, b) => a - b);
      return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted[sorted.length - 1] ?? 0, samples: sorted.length };
    },
  };
}

/** What the server's probe reports (scripts/bench-memory-probe.mjs), MB. */
export interface MemoryBreakdown {
  rss: number;
  rssAnon: number;
  rssFile: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  threads: number;
  spaces: Record<string, number>;
}

/**
 * Where a server started by startBenchServer has its memory now; with `heapSnapshot`, a heap
 * snapshot of its main thread is written to that file first (slow: seconds).
 */
export async function memoryBreakdown(server: ChildProcess, heapSnapshot?: string): Promise<MemoryBreakdown | null> {
  const file = (server as ChildProcess & { memoryFile?: string }).memoryFile;
  if (!file) return null;
  rmSync(file, { force: true });
  if (heapSnapshot) writeFileSync(`${file}.snapshot`, heapSnapshot);
  server.kill('SIGUSR2');
  for (let i = 0; i < 1200 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
  if (!existsSync(file)) return null;
  await new Promise((r) => setTimeout(r, 50));
  const breakdown = JSON.parse(readFileSync(file, 'utf8')) as MemoryBreakdown;
  rmSync(file, { force: true });
  return breakdown;
}

/** A /metrics value of the server at `base` (0 when it has no such metric: an older server). */
export async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/**
 * Waits until the server at `base` draws nothing ahead and has nothing waiting to be (an older
 * server draws nothing ahead): how long that took, in s.
 */
export async function aheadDone(base: string): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  while (quiet < 3) {
    await new Promise((r) => setTimeout(r, 1000));
    const busy = (await metric(base, 'qarar_pages_ahead_waiting')) + (await metric(base, 'qarar_page_drawing'));
    quiet = busy ? 0 : quiet + 1;
  }
  return Math.round((Date.now() - started) / 1000) - 3;
}

/** A JSON answer of the server at `base`; a failed one throws. */
export async function getJson<T>(base: string, url: string): Promise<T> {
  const res = await fetch(`${base}${url}`);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Writes the deterministic demo content of `posts` posts into the database `env` names. */
export function seedPosts(env: NodeJS.ProcessEnv, posts: number, log: (msg: string) => void): void {
  log(`seeding ${posts} posts (kept for later runs)…`);
  const t = Date.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', '--posts', String(posts), '--reset'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

/**
 * The benchmarks' PostgreSQL database, `qarar_bench_{posts}` (or `name`) on the machine's cluster
 * (scripts/postgres-up.sh), holding exactly the demo content of `posts` posts: seeded when it
 * holds another number, kept for later runs. Its URL, and the server's environment for it.
 */
export async function benchPostgres(
  posts: number,
  log: (msg: string) => void,
  name = `qarar_bench_${posts}`,
): Promise<{ env: NodeJS.ProcessEnv; url: string }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const adminUrl = execFileSync('bash', [path.join(ROOT, 'scripts/postgres-up.sh')], { encoding: 'utf8' }).trim();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(ROOT, 'data', `bench-pg-${posts}`) };
  if ((await countPosts(url.toString())) !== posts) seedPosts(env, posts, log);
  return { env, url: url.toString() };
}

async function countPosts(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query('SELECT count(*)::int AS n FROM posts').catch(() => ({ rows: [{ n: -1 }] }));
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

/**
 * `env` with its reads on the machine's streaming replica (scripts/postgres-replica-up.sh) of
 * the same database, as DATABASE_REPLICA_URLS.
 */
export function replicaEnv(env: NodeJS.ProcessEnv, log: (msg: string) => void): NodeJS.ProcessEnv {
  if (!env.DATABASE_URL) throw new Error('a replica needs PostgreSQL');
  log('starting the streaming replica (made by pg_basebackup when missing)');
  const replica = new URL(execFileSync('bash', [path.join(ROOT, 'scripts/postgres-replica-up.sh')], { encoding: 'utf8' }).trim());
  replica.pathname = new URL(env.DATABASE_URL).pathname;
  return { ...env, DATABASE_REPLICA_URLS: replica.toString() };
}
