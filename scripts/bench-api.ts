/**
 * npm run bench:api [-- --posts 100000 --duration 10 --connections 32 --only postgres|pglite]
 *
 * Seeds (once, kept for later runs) a database of --posts posts, starts the real server on it,
 * and drives five workloads with autocannon, printing req/s, p50, p99, errors and the server's
 * peak resident memory — for PostgreSQL and for embedded PGlite. Figures, not a pass/fail test.
 * The load generator shares the machine's cores with the server and the database.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = path.resolve(__dirname, '..');
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    port: { type: 'string', default: '8181' },
  },
});
const POSTS = Number(args.posts);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;

interface Row {
  backend: string;
  workload: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

function log(msg: string) {
  process.stderr.write(`[bench] ${msg}\n`);
}

function seed(env: NodeJS.ProcessEnv) {
  log(`seeding ${POSTS} posts (kept for later runs)…`);
  const t = Date.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', '--posts', String(POSTS), '--reset'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

/** A PostgreSQL database holding exactly the demo content of --posts posts. */
async function preparePostgres(): Promise<NodeJS.ProcessEnv> {
  const adminUrl = execFileSync('bash', [path.join(ROOT, 'scripts/postgres-up.sh')], { encoding: 'utf8' }).trim();
  const name = `qarar_bench_${POSTS}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(ROOT, 'data', `bench-pg-${POSTS}`) };
  if ((await countPosts(url.toString())) !== POSTS) seed(env);
  return env;
}

async function countPosts(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query("SELECT count(*)::int AS n FROM posts").catch(() => ({ rows: [{ n: -1 }] }));
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

/** A PGlite data directory holding the demo content of --posts posts. */
function preparePglite(): NodeJS.ProcessEnv {
  const dataDir = path.join(ROOT, 'data', `bench-pglite-${POSTS}`);
  const marker = path.join(dataDir, 'bench-seeded');
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== String(POSTS)) {
    seed(env);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(marker, String(POSTS));
  }
  return env;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Peak resident set size of a process so far, in MB (VmHWM). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(`${BASE}${url}`);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The five workloads, with real ids and slugs from the seeded data. */
async function workloads(): Promise<[string, string][]> {
  const [first] = (await getJson<{ results: { slug: string }[] }>('/api/v1/content/posts/?page_size=1')).results;
  const types = await getJson<{ id: number; name: string; post_count: number }[]>('/api/v1/content/post-types/');
  const type = types.reduce((a, b) => (b.post_count > a.post_count ? b : a));
  const orgs = await getJson<{ results: { id: number; post_count: number }[] }>('/api/v1/producers/organizations/?page_size=100');
  const org = orgs.results.reduce((a, b) => (b.post_count > a.post_count ? b : a));
  const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
  return [
    ['W1 feed page 1', '/api/v1/content/posts/'],
    ['W2 feed page 500', '/api/v1/content/posts/?page=500'],
    [
      'W3 type+org+30 days by views',
      `/api/v1/content/posts/?type_id=${type.id}&organization=${org.id}&published_after=${monthAgo}&ordering=-view_count&page_size=20`,
    ],
    ['W4 Arabic search', `/api/v1/content/posts/?search=${encodeURIComponent('التعليم')}`],
    ['W5 post detail', `/api/v1/content/posts/${encodeURIComponent(first.slug)}/`],
  ];
}

async function drive(url: string, duration: number) {
  return autocannon({ url: `${BASE}${url}`, connections: CONNECTIONS, duration, headers: { 'accept-encoding': 'identity' } });
}

async function runBackend(backend: string, env: NodeJS.ProcessEnv): Promise<{ rows: Row[]; rss: number }> {
  const server = await startServer(env);
  const rows: Row[] = [];
  try {
    for (const [name, url] of await workloads()) {
      await drive(url, 2); // warm caches and the JIT
      const r = await drive(url, DURATION);
      const row = {
        backend,
        workload: name,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        requests: r.requests.total,
      };
      rows.push(row);
      log(`${backend} ${name}: ${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`);
    }
    return { rows, rss: peakRssMb(server.pid!) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  const backends = args.only ? [args.only] : ['postgres', 'pglite'];
  const results: { backend: string; rows: Row[]; rss: number }[] = [];
  for (const backend of backends) {
    const env = backend === 'postgres' ? await preparePostgres() : preparePglite();
    results.push({ backend, ...(await runBackend(backend, env)) });
  }
  console.log(`\nQarar API benchmark — ${POSTS} posts, ${CONNECTIONS} connections, ${DURATION} s per workload\n`);
  console.log('backend   workload                         req/s    p50 ms   p99 ms   errors');
  for (const { rows, rss, backend } of results) {
    for (const r of rows) {
      console.log(
        `${r.backend.padEnd(9)} ${r.workload.padEnd(32)} ${String(r.reqPerSec).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}`,
      );
    }
    console.log(`${backend.padEnd(9)} peak server RSS: ${rss} MB\n`);
  }
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench-results', `api-${POSTS}.json`), JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
