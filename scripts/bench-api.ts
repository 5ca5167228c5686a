/**
 * npm run bench:api [-- --posts 100000 --duration 10 --connections 32 --only postgres|pglite]
 *
 * Seeds (once, kept for later runs) a database of --posts posts, starts the real server on it,
 * and drives five workloads with autocannon, printing req/s, p50, p99, errors and the server's
 * peak resident memory — for PostgreSQL and for embedded PGlite. Figures, not a pass/fail test.
 * The load generator shares the machine's cores with the server and the database.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchPostgres, getJson as fetchJson, peakRssMb, seedPosts, startBenchServer } from './bench-server';

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

/** A PGlite data directory holding the demo content of --posts posts. */
function preparePglite(): NodeJS.ProcessEnv {
  const dataDir = path.join(ROOT, 'data', `bench-pglite-${POSTS}`);
  const marker = path.join(dataDir, 'bench-seeded');
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== String(POSTS)) {
    seedPosts(env, POSTS, log);
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(marker, String(POSTS));
  }
  return env;
}

const getJson = <T>(url: string) => fetchJson<T>(BASE, url);

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
  const server = await startBenchServer(env, PORT);
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
    const env = backend === 'postgres' ? (await benchPostgres(POSTS, log)).env : preparePglite();
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
