/**
 * npm run bench:api [-- --posts 100000 --duration 10 --connections 32 --only postgres|pglite
 *                      --settle 10 --heap-snapshot DIR --workloads varied|fixed|all
 *                      --workers N --replicas]
 *
 * --workers N runs the server as WORKERS=N processes on one port (PostgreSQL only: the embedded
 * database is opened by one process); their memory is summed. --replicas sends the server's
 * reads to the machine's streaming replica (scripts/postgres-replica-up.sh) as
 * DATABASE_REPLICA_URLS does.
 *
 * Seeds (once, kept for later runs) a database of --posts posts, starts the real server on it,
 * and drives workloads with autocannon. First the varied ones, each request a different
 * address: searches for distinct words of the demo text in random order (first sight: each
 * query new to the server; then once seen: the same queries again at random), and random
 * pages of the feed between 1 and the last; then five fixed addresses (what caches make of
 * repeated requests). It prints req/s, p50, p99, errors (timeouts included) and the server's
 * resident memory (its threads included) — for PostgreSQL and for embedded PGlite: the peak,
 * the median while the workloads were measured (steady state under load), and --settle seconds
 * after the load; with where it is (the main thread's V8 heap, memory outside it such as
 * PGlite's WebAssembly memory, and the rest: native memory, other threads' heaps, code).
 * --heap-snapshot writes a heap snapshot of the server's main thread after the load into DIR.
 * Figures, not a pass/fail test. The load generator shares the machine's cores with the server
 * and the database.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  benchPostgres,
  getJson as fetchJson,
  memoryBreakdown,
  peakRssMb,
  replicaEnv,
  rssMb,
  sampleRss,
  seedPosts,
  startBenchServer,
  type MemoryBreakdown,
} from './bench-server';
import { analyze } from '../src/shared/search/analyzer';
import { Random } from '../src/server/seed/random';

const ROOT = path.resolve(__dirname, '..');
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
    port: { type: 'string', default: '8181' },
    settle: { type: 'string', default: '10' },
    'heap-snapshot': { type: 'string' },
    workloads: { type: 'string', default: 'all' },
    queries: { type: 'string', default: '1500' },
    workers: { type: 'string', default: '1' },
    replicas: { type: 'boolean', default: false },
  },
});
const WORKERS = Number(args.workers);
if (!Number.isInteger(WORKERS) || WORKERS < 1) throw new Error('--workers takes a whole number from 1');
if ((WORKERS > 1 || args.replicas) && args.only !== 'postgres') {
  console.error('--workers above 1 and --replicas need PostgreSQL: add --only postgres');
  process.exit(2);
}
const WORKLOADS = args.workloads as 'varied' | 'fixed' | 'all';
const POSTS = Number(args.posts);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PORT = Number(args.port);
const SETTLE = Number(args.settle);
const BASE = `http://127.0.0.1:${PORT}`;

interface Row {
  backend: string;
  workload: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
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

/** A workload: one address, or a new address for every request. */
type Workload = [name: string, target: string | (() => string)];

/**
 * Distinct searches as readers type them: words of the demo text as written (with their
 * prefixes and suffixes), read from posts on random pages of the feed, and some two-word
 * searches; in random order (fixed by the seed, so runs compare).
 */
async function distinctQueries(n: number): Promise<string[]> {
  const rng = new Random(2025);
  const feed = await getJson<{ count: number }>('/api/v1/content/posts/?page_size=1');
  const pages = Math.max(1, Math.floor(feed.count / 100));
  const words = new Set<string>();
  for (let i = 0; i < 40 && words.size < n * 2; i++) {
    const page = await getJson<{ results: { title: string; title_ar: string; summary_ar: string; content: string; content_ar: string }[] }>(
      `/api/v1/content/posts/?page_size=100&page=${rng.int(1, pages)}`,
    );
    for (const p of page.results) {
      for (const text of [p.title_ar, p.summary_ar, p.content_ar, p.title, p.content]) {
        for (const w of analyze(text)) {
          const word = text.slice(w.start, w.end);
          if (word.length >= 3 && !/^\d+$/.test(word)) words.add(word);
        }
      }
    }
  }
  const single = rng.sample([...words], Math.ceil(n * 0.85));
  const pairs = Array.from({ length: n - single.length }, () => `${rng.pick(single)} ${rng.pick(single)}`);
  return rng.sample([...new Set([...single, ...pairs])], n);
}

/** The varied workloads: distinct searches (first sight, then seen again) and random feed pages. */
async function variedWorkloads(): Promise<Workload[]> {
  const queries = await distinctQueries(Number(args.queries));
  log(`${queries.length} distinct searches, e.g. ${queries.slice(0, 6).join(' · ')}`);
  const feed = await getJson<{ count: number }>('/api/v1/content/posts/?page_size=1');
  const lastPage = Math.ceil(feed.count / 10);
  let next = 0;
  const rng = new Random(7);
  const search = (q: string) => `/api/v1/content/posts/?search=${encodeURIComponent(q)}`;
  return [
    // Each request the next query: the server has not seen it (until the list runs out).
    [`V1 search, ${queries.length} words, first sight`, () => search(queries[next++ % queries.length])],
    [`V2 search, same words again`, () => search(rng.pick(queries))],
    [`V3 search by relevance`, () => `${search(rng.pick(queries))}&ordering=relevance`],
    [`V4 feed, random page 1–${lastPage}`, () => `/api/v1/content/posts/?page=${rng.int(1, lastPage)}`],
  ];
}

/** The five fixed workloads, with real ids and slugs from the seeded data. */
async function workloads(): Promise<Workload[]> {
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

async function drive(target: string | (() => string), duration: number) {
  const headers = { 'accept-encoding': 'identity' };
  if (typeof target === 'string') return autocannon({ url: `${BASE}${target}`, connections: CONNECTIONS, duration, headers });
  return autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: target() }) }],
  });
}

/** The server's resident memory (MB): peak, while measured, after the load, and where it was. */
interface Memory {
  peak: number;
  underLoad: { median: number; max: number };
  afterLoad: number;
  settleSeconds: number;
  /** At the end of the load, and after it settled. */
  breakdown: { loaded: MemoryBreakdown | null; settled: MemoryBreakdown | null };
}

async function runBackend(backend: string, env: NodeJS.ProcessEnv): Promise<{ rows: Row[]; memory: Memory }> {
  const server = await startBenchServer({ ...env, WORKERS: String(WORKERS) }, PORT);
  const rows: Row[] = [];
  try {
    const underLoad: number[] = [];
    let highest = 0;
    const all = [
      ...(WORKLOADS === 'fixed' ? [] : await variedWorkloads()),
      ...(WORKLOADS === 'varied' ? [] : await workloads()),
    ];
    for (const [name, url] of all) {
      // Warms the JIT (and, for fixed addresses, the caches); a first-sight workload is not
      // warmed with its own queries.
      await drive(name.includes('first sight') ? '/api/v1/content/posts/?search=warm' : url, 2);
      const sampler = sampleRss(server.pid!);
      const r = await drive(url, DURATION);
      const rss = sampler.stop();
      underLoad.push(rss.median);
      highest = Math.max(highest, rss.max);
      const row = {
        backend,
        workload: name,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
        timeouts: r.timeouts,
        requests: r.requests.total,
      };
      rows.push(row);
      log(`${backend} ${name}: ${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}, RSS ${rss.median} MB`);
    }
    const loaded = await memoryBreakdown(server);
    log(`${backend}: letting the server settle for ${SETTLE} s`);
    await new Promise((r) => setTimeout(r, SETTLE * 1000));
    const afterLoad = rssMb(server.pid!);
    // Before the snapshot, which takes memory of its own.
    const peak = peakRssMb(server.pid!);
    const snapshot = args['heap-snapshot'] ? path.resolve(args['heap-snapshot'], `api-${backend}-${POSTS}.heapsnapshot`) : undefined;
    if (snapshot) mkdirSync(path.dirname(snapshot), { recursive: true });
    const settled = await memoryBreakdown(server, snapshot);
    if (snapshot) log(`heap snapshot: ${snapshot}`);
    const sorted = [...underLoad].sort((a, b) => a - b);
    const memory: Memory = {
      peak,
      underLoad: { median: sorted[Math.floor(sorted.length / 2)], max: highest },
      afterLoad,
      settleSeconds: SETTLE,
      breakdown: { loaded, settled },
    };
    return { rows, memory };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** One line of where the memory is: V8 heap, outside it, and the rest of the resident set. */
function describe(b: MemoryBreakdown | null): string {
  if (!b) return 'no breakdown';
  const rest = Math.round(b.rss - b.heapTotal - b.external);
  return `RSS ${Math.round(b.rss)} = V8 heap ${Math.round(b.heapTotal)} (used ${Math.round(b.heapUsed)}) + external ${Math.round(b.external)} (array buffers ${Math.round(b.arrayBuffers)}) + other ${rest} (native, ${b.threads} threads)`;
}

async function main() {
  const backends = args.only ? [args.only] : ['postgres', 'pglite'];
  const results: { backend: string; rows: Row[]; memory: Memory }[] = [];
  for (const backend of backends) {
    let env = backend === 'postgres' ? (await benchPostgres(POSTS, log)).env : preparePglite();
    if (args.replicas) env = replicaEnv(env, log);
    const label = backend + (WORKERS > 1 ? `×${WORKERS}` : '') + (args.replicas ? '+r' : '');
    results.push({ backend: label, ...(await runBackend(label, env)) });
  }
  console.log(
    `\nQarar API benchmark — ${POSTS} posts, ${CONNECTIONS} connections, ${DURATION} s per workload` +
      `, ${WORKERS} server process${WORKERS > 1 ? 'es' : ''}${args.replicas ? ', reads on a streaming replica' : ''}\n`,
  );
  console.log('backend   workload                                    req/s    p50 ms   p99 ms   errors (timeouts)');
  for (const { rows } of results) {
    for (const r of rows) {
      console.log(
        `${r.backend.padEnd(9)} ${r.workload.padEnd(43)} ${String(r.reqPerSec).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} (${r.timeouts})`,
      );
    }
  }
  console.log('\nserver RSS, MB (threads included)');
  console.log('backend   peak   under load (median, max)   after load');
  for (const { backend, memory: m } of results) {
    console.log(
      `${backend.padEnd(9)} ${String(m.peak).padStart(4)}   ${String(m.underLoad.median).padStart(10)}, ${String(m.underLoad.max).padEnd(14)} ${String(m.afterLoad).padStart(5)} (${m.settleSeconds} s later)`,
    );
  }
  for (const { backend, memory: m } of results) {
    console.log(`\n${backend} at the end of the load: ${describe(m.breakdown.loaded)}`);
    console.log(`${backend} ${m.settleSeconds} s after:        ${describe(m.breakdown.settled)}`);
  }
  console.log('');
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  const suffix = (WORKERS > 1 ? `-w${WORKERS}` : '') + (args.replicas ? '-replica' : '');
  writeFileSync(path.join(ROOT, 'bench-results', `api-${POSTS}${suffix}.json`), JSON.stringify(results, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
