/**
 * npm run bench:api [-- --posts 100000 --duration 10 --connections 32 --only postgres|pglite
 *                      --settle 10 --heap-snapshot DIR --workloads varied|fixed|all
 *                      --workers N --replicas --no-thin --thin-prepared --database NAME --server-dir DIR]
 *
 * --server-dir DIR runs another checkout's server (a "before" to compare with, on the same
 * database and in the same way).
 *
 * --workers N runs the server as WORKERS=N processes on one port (PostgreSQL only: the embedded
 * database is opened by one process); their memory is summed. --replicas sends the server's
 * reads to the machine's streaming replica (scripts/postgres-replica-up.sh) as
 * DATABASE_REPLICA_URLS does.
 *
 * Seeds (once, kept for later runs) a database of --posts posts, starts the real server on it,
 * and drives workloads with autocannon. First the varied ones, each request a different
 * address: searches for distinct words of the demo text in random order (first sight: each
 * query new to the server; then once seen: the same queries again at random; then other words,
 * each new, by relevance), random pages of
 * the feed between 1 and the last, suggestions for the starts of those words and explore's
 * counts for those searches (every other one with a type), and 2,000 distinct posts in random order — first each
 * request a new reader (every view new: counted), then one reader whose views of them are
 * counted already; then five fixed addresses (what caches make of repeated requests).
 *
 * Readers: the server is started with TRUST_PROXY=1, and each request of the first-view posts
 * workload says it comes from another client (X-Forwarded-For: an IPv6 address in a /64 of its
 * own, under a prefix drawn for the run, so that no run's readers were seen by an earlier one);
 * the other requests carry none and come from the one address of the load generator.
 *
 * On PostgreSQL (unless --no-thin), the same run then starts a thin server on the same
 * database (bench-thin-server.ts: Fastify + pg, one plain statement per request as node-pg sends
 * it, no cache, no view counting; --thin-prepared prepares its statements) and drives it with
 * the posts workloads and W3 in the same way, and prints the API's rate over the thin server's. It prints req/s, p50, p99, errors (timeouts included) and the server's
 * resident memory (its threads included) — for PostgreSQL and for embedded PGlite: the peak,
 * the median while the workloads were measured (steady state under load), and --settle seconds
 * after the load; with where it is (the main thread's V8 heap, memory outside it such as
 * PGlite's WebAssembly memory, and the rest: native memory, other threads' heaps, code).
 * --heap-snapshot writes a heap snapshot of the server's main thread after the load into DIR.
 * Figures, not a pass/fail test. The load generator shares the machine's cores with the server
 * and the database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  aheadDone,
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
    'no-thin': { type: 'boolean', default: false },
    'thin-prepared': { type: 'boolean', default: false },
    // Another PostgreSQL database than qarar_bench_{posts} (a copy, to compare two releases on
    // the same rows): seeded like it when it holds another number of posts.
    database: { type: 'string' },
    'server-dir': { type: 'string' },
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

/** What one request asks: its address, and the headers it adds. */
interface Ask {
  path: string;
  headers?: Record<string, string>;
}

/**
 * A workload: one address, or a new request for every request (made afresh for each server
 * driven with it, so that both see the same sequence); `thin` when the thin server is driven
 * with it too.
 */
interface Workload {
  name: string;
  target: string | (() => Ask);
  thin?: boolean;
}

/** How many distinct posts the posts workloads read. */
const DISTINCT_POSTS = 2000;

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

/** Distinct slugs of published posts, from random pages of the feed, in random order. */
async function distinctSlugs(n: number): Promise<string[]> {
  const rng = new Random(29);
  const feed = await getJson<{ count: number }>('/api/v1/content/posts/?page_size=1');
  const pages = Math.max(1, Math.floor(feed.count / 100));
  const slugs = new Set<string>();
  for (let i = 0; i < 4 * Math.ceil(n / 100) && slugs.size < n; i++) {
    const page = await getJson<{ results: { slug: string }[] }>(`/api/v1/content/posts/?page_size=100&page=${rng.int(1, pages)}`);
    for (const p of page.results) slugs.add(p.slug);
  }
  return rng.sample([...slugs], Math.min(n, slugs.size));
}

/**
 * Each call another client as X-Forwarded-For says it: an IPv6 address whose /64 (what the
 * server tells readers apart by) is new, under a prefix drawn for this run.
 */
function newReaders(): () => Record<string, string> {
  const run = Math.floor(Math.random() * 0xffff).toString(16);
  let n = 0;
  return () => {
    n++;
    return { 'x-forwarded-for': `fd29:${run}:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1` };
  };
}

/** The posts workloads: distinct posts in random order, each view new, then each counted already. */
function postWorkloads(slugs: string[]): Workload[] {
  const post = (slug: string) => `/api/v1/content/posts/${encodeURIComponent(slug)}/`;
  return [
    {
      name: `P1 post, ${slugs.length} distinct, each view new`,
      thin: true,
      target: (() => {
        let next = 0;
        const reader = newReaders();
        return () => ({ path: post(slugs[next++ % slugs.length]), headers: reader() });
      })(),
    },
    {
      // The same posts, in the same order, by the load generator's own address: its views of
      // them were counted while the workload was warmed.
      name: `P2 post, same posts, views counted`,
      thin: true,
      target: (() => {
        let next = 0;
        return () => ({ path: post(slugs[next++ % slugs.length]) });
      })(),
    },
  ];
}

/**
 * The varied workloads: distinct searches (first sight, then seen again), random feed pages,
 * and distinct posts (each view new, then counted already).
 */
async function variedWorkloads(slugs: string[]): Promise<Workload[]> {
  // Two lists of distinct searches: the first newest first, the second by relevance, each new to the server.
  const both = await distinctQueries(2 * Number(args.queries));
  const queries = both.slice(0, Math.ceil(both.length / 2));
  const byRelevance = both.slice(queries.length);
  log(`${queries.length} + ${byRelevance.length} distinct searches, e.g. ${queries.slice(0, 6).join(' · ')}`);
  const feed = await getJson<{ count: number }>('/api/v1/content/posts/?page_size=1');
  const lastPage = Math.ceil(feed.count / 10);
  let next = 0;
  let nextRelevance = 0;
  const rng = new Random(7);
  const search = (q: string) => `/api/v1/content/posts/?search=${encodeURIComponent(q)}`;
  return [
    // Each request the next query: the server has not seen it (until the list runs out).
    { name: `V1 search, ${queries.length} words, first sight`, target: () => ({ path: search(queries[next++ % queries.length]) }) },
    { name: `V2 search, same words again`, target: () => ({ path: search(rng.pick(queries)) }) },
    // Each request the next of other words, by relevance: first sight too.
    { name: `V3 search by relevance, ${byRelevance.length} words, first sight`, target: () => ({ path: `${search(byRelevance[nextRelevance++ % byRelevance.length])}&ordering=relevance` }) },
    { name: `V4 feed, random page 1–${lastPage}`, target: () => ({ path: `/api/v1/content/posts/?page=${rng.int(1, lastPage)}` }) },
    // Issue 32: what typing asks (the start of each distinct word, 2–6 letters, in turn) and what
    // explore's filters count (each distinct search in turn, every other one with a type).
    ...(await typingWorkloads(queries)),
    ...postWorkloads(slugs),
  ];
}

/** Suggestions and explore's counts over distinct inputs, each request the next one (first sight until the list runs out). */
async function typingWorkloads(queries: string[]): Promise<Workload[]> {
  const rng = new Random(32);
  const types = await getJson<{ id: number }[]>('/api/v1/content/post-types/');
  const prefixes = [
    ...new Set(
      queries.map((q) => {
        const word = [...q.split(' ')[0]];
        return word.slice(0, Math.min(word.length, rng.int(2, 6))).join('');
      }),
    ),
  ];
  const facets = queries.map((q, i) => `search=${encodeURIComponent(q)}${i % 2 ? `&type_id=${rng.pick(types).id}` : ''}`);
  let nextPrefix = 0;
  let nextFacets = 0;
  return [
    {
      name: `V5 suggestions, ${prefixes.length} distinct prefixes, first sight`,
      target: () => ({ path: `/api/v1/content/suggest/?q=${encodeURIComponent(prefixes[nextPrefix++ % prefixes.length])}` }),
    },
    {
      name: `V6 explore counts, ${facets.length} distinct searches, first sight`,
      target: () => ({ path: `/api/v1/content/facets/?${facets[nextFacets++ % facets.length]}` }),
    },
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
    { name: 'W1 feed page 1', target: '/api/v1/content/posts/' },
    { name: 'W2 feed page 500', target: '/api/v1/content/posts/?page=500' },
    {
      name: 'W3 type+org+30 days by views',
      thin: true,
      target: `/api/v1/content/posts/?type_id=${type.id}&organization=${org.id}&published_after=${monthAgo}&ordering=-view_count&page_size=20`,
    },
    { name: 'W4 Arabic search', target: `/api/v1/content/posts/?search=${encodeURIComponent('التعليم')}` },
    { name: 'W5 post detail', target: `/api/v1/content/posts/${encodeURIComponent(first.slug)}/` },
  ];
}

async function drive(base: string, target: string | (() => Ask), duration: number) {
  const headers = { 'accept-encoding': 'identity' };
  if (typeof target === 'string') return autocannon({ url: `${base}${target}`, connections: CONNECTIONS, duration, headers });
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          const ask = target();
          return { ...req, path: ask.path, headers: ask.headers ? { ...req.headers, ...ask.headers } : req.headers };
        },
      },
    ],
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

/** A workload's figures, from autocannon's result. */
function rowOf(backend: string, workload: string, r: autocannon.Result): Row {
  return {
    backend,
    workload,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    timeouts: r.timeouts,
    requests: r.requests.total,
  };
}

/**
 * Drives a server with a workload: 2 s of warming (the JIT, and for fixed addresses the
 * caches; a first-sight search is not warmed with its own queries; the posts workloads are, so
 * that their posts are read as often as each other and the views of the second are counted),
 * then DURATION seconds measured.
 */
async function measure(base: string, backend: string, { name, target }: Workload, pid?: number): Promise<{ row: Row; rss: { median: number; max: number } }> {
  await drive(base, name.includes('first sight') ? '/api/v1/content/posts/?search=warm' : target, 2);
  const sampler = pid === undefined ? null : sampleRss(pid);
  const r = await drive(base, target, DURATION);
  const rss = sampler?.stop() ?? { median: 0, max: 0 };
  const row = rowOf(backend, name, r);
  log(`${backend} ${name}: ${row.reqPerSec} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${pid === undefined ? '' : `, RSS ${rss.median} MB`}`);
  return { row, rss };
}

/** What the thin server is driven with: the same posts and the same W3 address. */
interface ThinPlan {
  slugs: string[];
  w3: string | null;
}

async function runBackend(backend: string, env: NodeJS.ProcessEnv): Promise<{ rows: Row[]; memory: Memory; thin: ThinPlan }> {
  // The posts workload's readers are told apart by X-Forwarded-For (see above).
  const server = await startBenchServer({ ...env, WORKERS: String(WORKERS), TRUST_PROXY: '1' }, PORT, args['server-dir'] ? path.resolve(args['server-dir']) : undefined);
  const rows: Row[] = [];
  try {
    // The API at rest, as it serves once started: the pages a new server draws ahead (the newest
    // posts', in both languages: src/server/pages/warmer.ts) are drawn before anything is measured.
    log(`${backend}: pages drawn ahead at start, done after ${await aheadDone(BASE)} s`);
    const underLoad: number[] = [];
    let highest = 0;
    const slugs = WORKLOADS === 'fixed' ? [] : await distinctSlugs(DISTINCT_POSTS);
    if (slugs.length) log(`${slugs.length} distinct posts, e.g. ${slugs.slice(0, 3).join(' · ')}`);
    const all = [
      ...(WORKLOADS === 'fixed' ? [] : await variedWorkloads(slugs)),
      ...(WORKLOADS === 'varied' ? [] : await workloads()),
    ];
    for (const workload of all) {
      const { row, rss } = await measure(BASE, backend, workload, server.pid);
      underLoad.push(rss.median);
      highest = Math.max(highest, rss.max);
      rows.push(row);
    }
    const w3 = all.find((w) => w.name.startsWith('W3'))?.target;
    const thin: ThinPlan = { slugs, w3: typeof w3 === 'string' ? w3 : null };
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
    return { rows, memory, thin };
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

/**
 * The thin server (bench-thin-server.ts) on the same PostgreSQL database, driven with the posts
 * workloads (the same posts in the same order) and W3, once the API's server has stopped.
 */
async function runThin(env: NodeJS.ProcessEnv, plan: ThinPlan): Promise<Row[]> {
  const port = PORT + 1;
  const base = `http://127.0.0.1:${port}`;
  const thin = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/bench-thin-server.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), THIN_PREPARED: args['thin-prepared'] ? '1' : '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (thin.exitCode !== null) throw new Error(`the thin server exited with ${thin.exitCode}`);
      if (i > 120) throw new Error('the thin server did not start');
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const all: Workload[] = [
      ...(plan.slugs.length ? postWorkloads(plan.slugs) : []),
      ...(plan.w3 ? [{ name: 'W3 type+org+30 days by views', target: plan.w3 }] : []),
    ];
    const rows: Row[] = [];
    for (const workload of all) rows.push((await measure(base, 'thin', workload)).row);
    return rows;
  } finally {
    thin.kill('SIGTERM');
    if (thin.exitCode === null) await new Promise((r) => thin.once('exit', r));
  }
}

async function main() {
  const backends = args.only ? [args.only] : ['postgres', 'pglite'];
  const results: { backend: string; rows: Row[]; memory: Memory; thin?: Row[] }[] = [];
  for (const backend of backends) {
    let env = backend === 'postgres' ? (await benchPostgres(POSTS, log, args.database)).env : preparePglite();
    if (args.replicas) env = replicaEnv(env, log);
    const label = backend + (WORKERS > 1 ? `×${WORKERS}` : '') + (args.replicas ? '+r' : '');
    const { thin: plan, ...result } = await runBackend(label, env);
    const thin = backend === 'postgres' && !args['no-thin'] && (plan.slugs.length || plan.w3) ? await runThin(env, plan) : undefined;
    results.push({ backend: label, ...result, thin });
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
  for (const { backend, rows, thin } of results) {
    if (!thin?.length) continue;
    console.log(`\n${backend} against the thin server (Fastify + pg, one plain statement a request, no cache, no view counting; same database, same run, driven after it)`);
    console.log('workload                                    API req/s   thin req/s   API/thin');
    for (const t of thin) {
      const api = rows.find((r) => r.workload === t.workload);
      if (!api) continue;
      console.log(`${t.workload.padEnd(43)} ${String(api.reqPerSec).padStart(9)} ${String(t.reqPerSec).padStart(12)} ${(api.reqPerSec / Math.max(1, t.reqPerSec)).toFixed(2).padStart(9)}×${t.errors ? `  (thin errors ${t.errors})` : ''}`);
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
