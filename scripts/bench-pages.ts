/**
 * npm run bench:pages [-- --duration 10 --connections 32 --draw-connections 8 --posts 100000 --no-build --base-url http://127.0.0.1:8080 --server-dir DIR]
 *
 * Drawn pages under load (issue 11): builds the web app into WEB_DIR (dist/web when unset; the
 * server's renderer beside it), starts the real server on the PostgreSQL database of --posts
 * posts that `npm run bench:api` seeds (seeding it when missing), and drives with autocannon,
 * --connections connections for --duration seconds each, as a phone's and as a desktop's
 * browser: `/`, `/explore`, 2,000 distinct `/post/{slug}` pages in random order and
 * `/organizations/{code}` for several codes — each cold (every kept page made invalid by a
 * content-version bump, as a write does) and then warm (every page of the set kept first).
 * The feed call is measured alone in the same run, then at the same time as a load of pages
 * that all have to be drawn (--draw-connections connections over the 2,000 posts), to see
 * what drawing costs the API.
 *
 * Issue 29's rows come first (varied: the 2,000 distinct post pages in random order): cold with
 * 1, 2 and 4 connections, pages drawn only when asked for (PAGE_DRAW_AHEAD=0), with the server's
 * CPU (its threads included, from /proc) for each page drawn; the size of a drawn post page before
 * compression and of the stylesheet it links. Last, a server drawing ahead (the default, with
 * PAGE_WARM_POSTS=2000): how long drawing the 2,000 newest posts again in both languages takes
 * after a write, then a crawl of them with --connections connections, then the same crawl after
 * a restart (pages kept on disk). --server-dir DIR runs another checkout's server (built there
 * with `npm run build`) under the same workloads: the "before" of a change, written to
 * bench-results/pages-before.json.
 *
 * Pages are asked for as browsers ask (`Accept-Encoding: br, gzip`); the feed call as
 * `npm run bench:api` asks (identity), the harder comparison. Each page answer says how it was
 * made (`X-Page: drawn | kept | app`), counted per row. Prints a table, writes
 * bench-results/pages.json, and exits 1 when a target is missed.
 *
 * With --base-url the server is one already running (nothing is built or started); it must
 * serve the same database, whose content version the cold runs bump. The load generator shares
 * the machine's cores with the server and the database.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { aheadDone, benchPostgres, buildWeb, getJson as fetchJson, peakRssMb, startBenchServer } from './bench-server';

const ROOT = path.resolve(__dirname, '..');
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'draw-connections': { type: 'string', default: '8' },
    port: { type: 'string', default: '8183' },
    /** PAGE_CACHE_MAX_AGE of the server started here, in seconds (see MAX_AGE). */
    'max-age': { type: 'string', default: '900' },
    'base-url': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    /** Another checkout whose server (and its build, dist/web) is measured instead: a "before". */
    'server-dir': { type: 'string' },
  },
});
const SERVER_DIR = args['server-dir'] ? path.resolve(args['server-dir']) : undefined;
const POSTS = Number(args.posts);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const DRAW_CONNECTIONS = Number(args['draw-connections']);
const BASE = (args['base-url'] ?? `http://127.0.0.1:${args.port}`).replace(/\/+$/, '');
const POST_PAGES = 2000;
const ORGANIZATIONS = 8;
const FEED = '/api/v1/content/posts/?page=1&page_size=10&status=published&ordering=-published_at';
/**
 * The page cache of the server started here: every page of the run kept at once (2,000 post
 * pages of about 40 kB, brotli and gzip together), unless PAGE_CACHE_MB says otherwise.
 */
const CACHE_MB = Number(process.env.PAGE_CACHE_MB) || 128;
/**
 * The server's default keeps a page 60 s at most; drawing the 2,000 post pages takes minutes on
 * this machine (each about 0.1 s of a core, and twice for a reader's first visit), so with it
 * most would be gone again before the warm run. The warm rows measure kept pages; how fast
 * pages are drawn is what the cold and drawing rows show.
 */
const MAX_AGE = Number(args['max-age']);
/** Drawings queued by one row finish before the next row starts. */
const SETTLE_MS = 3000;

const AGENTS = {
  mobile: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};
type Agent = keyof typeof AGENTS;
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' };

/** Issue 11's targets on this machine. */
const TARGETS = {
  warmHomePerSecond: 1000,
  homeToFeedRatio: 0.25,
  warmPostsPerSecond: 300,
  warmP99Ms: 100,
  feedP99WhileDrawing: 2,
  /** Past this share of the app's page, a warm row measures something other than drawn pages. */
  warmAppShare: 0.01,
};

interface Row {
  agent: Agent | 'api';
  workload: string;
  state: 'cold' | 'warm' | 'alone' | 'while drawing' | 'drawing' | 'crawl' | 'crawl after restart' | 'cold, 1 conn.' | 'cold, 2 conn.' | 'cold, 4 conn.';
  /** CPU of the server (its threads included) for each page drawn, in ms. */
  cpuPerDrawnMs?: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: number;
  made: { drawn: number; kept: number; app: number };
}

const log = (msg: string) => process.stderr.write(`[bench:pages] ${msg}\n`);

const startServer = (env: NodeJS.ProcessEnv) =>
  startBenchServer(
    { ...env, PAGE_CACHE_MB: String(CACHE_MB), PAGE_CACHE_MAX_AGE: String(MAX_AGE), ...(SERVER_DIR ? { WEB_DIR: path.join(SERVER_DIR, 'dist', 'web') } : {}) },
    args.port,
    SERVER_DIR,
  );

/** Issue 29's targets on this machine. */
const TARGETS_29 = { drawCpuMs: 5, coldPostsPerSecond4: 200, crawlDrawnShare: 0.95, crawlP99Ms: 100, postPageBytes: 60 * 1024 };

/** CPU time a process (its threads included) has used, in ms: utime + stime of /proc/pid/stat. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of the line (utime, stime), counted after the command's ")" as 12 and 13.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Extra {
  name: string;
  value: string;
}
const getJson = <T>(url: string) => fetchJson<T>(BASE, url);

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The pages of each workload, with real slugs and codes from the seeded data. */
async function workloads(): Promise<Array<{ name: string; paths: string[] }>> {
  const slugs: string[] = [];
  for (let page = 1; slugs.length < POST_PAGES; page++) {
    const { results } = await getJson<{ results: { slug: string }[] }>(`/api/v1/content/posts/?page=${page}&page_size=100`);
    if (!results.length) break;
    slugs.push(...results.map((p) => p.slug));
  }
  const orgs = await getJson<{ results: { code: string; post_count: number }[] }>('/api/v1/producers/organizations/?page_size=100');
  const codes = orgs.results.sort((a, b) => b.post_count - a.post_count).slice(0, ORGANIZATIONS).map((o) => o.code);
  return [
    { name: 'home /', paths: ['/'] },
    { name: 'explore /explore', paths: ['/explore'] },
    { name: `${slugs.length} distinct /post/{slug}`, paths: shuffled(slugs.slice(0, POST_PAGES)).map((s) => `/post/${encodeURIComponent(s)}`) },
    { name: `/organizations/{code} × ${codes.length}`, paths: codes.map((c) => `/organizations/${encodeURIComponent(c)}`) },
  ];
}

/** Makes every kept page invalid, as any write does: the next reader of each gets a drawing. */
async function expirePages(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('UPDATE content_version SET version = version + 1');
  } finally {
    await c.end();
  }
}

/** One load: the paths in turn (each connection takes the next), counting how each page was made. */
async function drive(paths: string[], headers: Record<string, string>, connections: number, duration: number) {
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const made = { drawn: 0, kept: 0, app: 0 };
  let next = 0;
  const result = await autocannon({
    url: BASE,
    connections,
    duration,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
        onResponse: (_status, _body, _context, responseHeaders) => {
          const how = (responseHeaders as Record<string, string> | undefined)?.['x-page'];
          if (how === 'drawn' || how === 'kept' || how === 'app') made[how]++;
        },
      },
    ],
  });
  return { result, made };
}

function row(agent: Row['agent'], workload: string, state: Row['state'], { result, made }: Awaited<ReturnType<typeof drive>>): Row {
  const r: Row = {
    agent,
    workload,
    state,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    made,
  };
  log(
    `${agent} ${workload} ${state}: ${r.reqPerSec}/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}; drawn ${made.drawn}, kept ${made.kept}, app ${made.app}`,
  );
  return r;
}

/**
 * Asks for each page until it comes kept: a reader's first visit to a post counts a view,
 * which makes the copy drawn for them out of date once (src/server/pages/README.md) — and any
 * other page showing that post. Twice over, for the pages a later visit made out of date.
 */
async function keepAll(paths: string[], headers: Record<string, string>) {
  await keepEach(paths, headers);
  if (paths.length > 1) await keepEach(paths, headers);
}

async function keepEach(paths: string[], headers: Record<string, string>) {
  const started = Date.now();
  let index = 0;
  let missing = 0;
  const worker = async () => {
    while (index < paths.length) {
      const url = `${BASE}${paths[index++]}`;
      let kept = false;
      for (let attempt = 0; attempt < 10 && !kept; attempt++) {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        kept = res.headers.get('x-page') === 'kept';
      }
      if (!kept) missing++;
    }
  };
  // A few more than the workers, so that they never wait, and few enough to draw within the deadline.
  await Promise.all(Array.from({ length: 6 }, worker));
  log(`kept ${paths.length - missing} of ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const agentHeaders = (agent: Agent) => ({ ...BROWSER_HEADERS, 'user-agent': AGENTS[agent] });
const FEED_HEADERS = { 'accept-encoding': 'identity', 'user-agent': AGENTS.desktop };

function judge(rows: Row[]): string[] {
  const failures: string[] = [];
  const feed = rows.find((r) => r.state === 'alone')!;
  const whileDrawing = rows.find((r) => r.state === 'while drawing')!;
  for (const r of rows) {
    const label = `${r.agent} ${r.workload} ${r.state}`;
    if (r.errors || r.timeouts || r.non2xx) failures.push(`${label}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (target 0)`);
    if (r.state !== 'warm') continue;
    if (r.p99 > TARGETS.warmP99Ms) failures.push(`${label}: p99 ${r.p99} ms (target ≤ ${TARGETS.warmP99Ms})`);
    const answered = r.made.drawn + r.made.kept + r.made.app;
    if (answered && r.made.app / answered > TARGETS.warmAppShare) failures.push(`${label}: ${r.made.app} of ${answered} were the app's page, not drawn`);
    if (r.workload.startsWith('home')) {
      if (r.reqPerSec < TARGETS.warmHomePerSecond) failures.push(`${label}: ${r.reqPerSec} pages/s (target ≥ ${TARGETS.warmHomePerSecond})`);
      if (r.reqPerSec < TARGETS.homeToFeedRatio * feed.reqPerSec) {
        failures.push(`${label}: ${r.reqPerSec} pages/s is ${(r.reqPerSec / feed.reqPerSec).toFixed(2)}× the feed call's ${feed.reqPerSec}/s (target ≥ ${TARGETS.homeToFeedRatio}×)`);
      }
    }
    if (r.workload.includes('/post/') && r.reqPerSec < TARGETS.warmPostsPerSecond) failures.push(`${label}: ${r.reqPerSec} pages/s (target ≥ ${TARGETS.warmPostsPerSecond})`);
  }
  if (whileDrawing.p99 > TARGETS.feedP99WhileDrawing * feed.p99) {
    failures.push(`feed p99 while drawing ${whileDrawing.p99} ms is more than ${TARGETS.feedP99WhileDrawing}× its p99 alone (${feed.p99} ms)`);
  }
  return failures;
}

function print(rows: Row[], rss: number | null) {
  console.log(`\nQarar drawn pages — PostgreSQL, ${POSTS} posts, ${CONNECTIONS} connections, ${DURATION} s per row, page cache ${args['base-url'] ? 'as configured' : `${CACHE_MB} MB, ${MAX_AGE} s`}\n`);
  const head = ['agent', 'workload', 'state', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'timeouts', 'non-2xx', 'drawn', 'kept', 'app', 'CPU ms/drawn'];
  const lines = rows.map((r) => [r.agent, r.workload, r.state, r.reqPerSec, r.p50, r.p99, r.errors, r.timeouts, r.non2xx, r.made.drawn, r.made.kept, r.made.app, r.cpuPerDrawnMs ?? ''].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(head));
  for (const l of lines) console.log(format(l));
  if (rss !== null) console.log(`\npeak server RSS (page workers included): ${rss} MB`);
}

async function main() {
  const external = args['base-url'] !== undefined;
  if (!external && !args['no-build'] && !SERVER_DIR) buildWeb(log);
  // The database `npm run bench:api` keeps: --posts posts, seeded when it holds another number.
  const { env, url: databaseUrl } = await benchPostgres(POSTS, log);
  // Drawn only when asked for: what drawing itself costs. Each server has a data folder of its own.
  const dataDir = (name: string) => path.join(ROOT, 'data', `bench-pages-${name}`);
  const rmData = (name: string) => execFileSync('rm', ['-rf', dataDir(name)]);
  rmData('asked');
  let server = external ? null : await startServer({ ...env, DATA_DIR: dataDir('asked'), PAGE_DRAW_AHEAD: '0' });
  const rows: Row[] = [];
  const extras: Extra[] = [];
  let rss: number | null = null;
  const stop = async () => {
    if (!server) return;
    const s = server;
    server = null;
    s.kill('SIGTERM');
    await new Promise((r) => s.once('exit', r));
  };
  try {
    const loads = await workloads();
    const posts = loads[2];
    // The JIT and the API's own caches, before anything is measured.
    await drive([FEED], FEED_HEADERS, CONNECTIONS, 2);
    await drive(['/'], agentHeaders('mobile'), CONNECTIONS, 2);

    // Issue 29, varied first: distinct post pages none of which is kept, with 1, 2 and 4 connections.
    for (const connections of [1, 2, 4]) {
      await expirePages(databaseUrl);
      const before = server ? cpuMs(server.pid!) : 0;
      const result = await drive(shuffled(posts.paths), agentHeaders('mobile'), connections, DURATION);
      const cpu = server ? cpuMs(server.pid!) - before : 0;
      const r = row('mobile', posts.name, `cold, ${connections} conn.` as Row['state'], result);
      r.cpuPerDrawnMs = result.made.drawn ? Math.round((cpu / result.made.drawn) * 10) / 10 : undefined;
      log(`  CPU a drawn page: ${r.cpuPerDrawnMs} ms; ${Math.round(result.made.drawn / DURATION)} drawn pages/s`);
      rows.push(r);
    }
    // The size of a drawn post page (before compression), and of the stylesheet it links.
    const sizes: number[] = [];
    let sheet = '';
    for (const p of posts.paths.slice(0, 60)) {
      for (const cookie of ['qarar_prefs=ar.system', 'qarar_prefs=en.system']) {
        const res = await fetch(`${BASE}${p}`, { headers: { cookie, 'accept-encoding': 'identity' } });
        const body = await res.text();
        if (res.headers.get('x-page') !== 'app') sizes.push(Buffer.byteLength(body));
        sheet ||= /<link rel="stylesheet" href="([^"]+)"/.exec(body)?.[1] ?? '';
      }
    }
    sizes.sort((a, b) => a - b);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    extras.push({ name: 'drawn post page, before compression (median / largest of ' + sizes.length + ')', value: `${kb(sizes[Math.floor(sizes.length / 2)] ?? 0)} / ${kb(sizes.at(-1) ?? 0)}` });
    if (sheet) {
      const res = await fetch(`${BASE}${sheet}`, { headers: { 'accept-encoding': 'br' } });
      // fetch() undoes the encoding: the bytes sent are the Content-Length.
      const sent = Number(res.headers.get('content-length'));
      const text = (await res.arrayBuffer()).byteLength;
      extras.push({ name: 'the stylesheet it links (sent with brotli / its text; kept by the browser a year)', value: `${kb(sent)} / ${kb(text)}` });
    }

    for (const agent of Object.keys(AGENTS) as Agent[]) {
      for (const { name, paths } of loads) {
        await expirePages(databaseUrl);
        rows.push(row(agent, name, 'cold', await drive(paths, agentHeaders(agent), CONNECTIONS, DURATION)));
        await keepAll(paths, agentHeaders(agent));
        rows.push(row(agent, name, 'warm', await drive(paths, agentHeaders(agent), CONNECTIONS, DURATION)));
      }
    }

    rows.push(row('api', 'feed call', 'alone', await drive([FEED], FEED_HEADERS, CONNECTIONS, DURATION)));
    // Every post page made invalid, so each page asked for below is a drawing (or the app's page).
    await expirePages(databaseUrl);
    const [feed, drawing] = await Promise.all([
      drive([FEED], FEED_HEADERS, CONNECTIONS, DURATION),
      drive(shuffled(posts.paths), agentHeaders('mobile'), DRAW_CONNECTIONS, DURATION),
    ]);
    rows.push(row('api', 'feed call', 'while drawing', feed));
    rows.push(row('mobile', `${posts.name} (${DRAW_CONNECTIONS} conn.)`, 'drawing', drawing));
    if (server) rss = peakRssMb(server.pid!);

    if (!external) {
      // Pages drawn ahead (the default): a write, the newest POST_PAGES posts drawn again in both
      // languages, then a crawl of them; then the same after a restart.
      await stop();
      rmData('ahead');
      const ahead = { ...env, DATA_DIR: dataDir('ahead'), PAGE_DRAW_AHEAD: '1', PAGE_WARM_POSTS: String(POST_PAGES) };
      server = await startServer(ahead);
      await aheadDone(BASE);
      await expirePages(databaseUrl);
      const seconds = await aheadDone(BASE);
      extras.push({ name: `after a write, the newest ${POST_PAGES} posts drawn again ahead in both languages`, value: `${seconds} s` });
      const crawl = shuffled(posts.paths);
      rows.push(row('desktop', posts.name, 'crawl', await drive(crawl, agentHeaders('desktop'), CONNECTIONS, DURATION)));
      await stop();
      server = await startServer(ahead);
      rows.push(row('desktop', posts.name, 'crawl after restart', await drive(shuffled(crawl), agentHeaders('desktop'), CONNECTIONS, DURATION)));
    }
  } finally {
    await stop();
  }

  print(rows, rss);
  for (const { name, value } of extras) console.log(`${name}: ${value}`);
  const failures = [...judge(rows), ...judge29(rows, extras)];
  mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench-results', SERVER_DIR ? 'pages-before.json' : 'pages.json'),
    JSON.stringify({ posts: POSTS, connections: CONNECTIONS, drawConnections: DRAW_CONNECTIONS, durationSeconds: DURATION, targets: TARGETS, targets29: TARGETS_29, rows, extras, peakRssMb: rss, failures }, null, 2),
  );
  if (failures.length) {
    console.log(`\n${failures.length} target(s) missed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('\nEvery target met.');
}

/** Issue 29's targets: drawing's CPU, cold post pages a second, a crawl served drawn, the page's size. */
function judge29(rows: Row[], extras: Extra[]): string[] {
  const failures: string[] = [];
  const four = rows.find((r) => r.state === 'cold, 4 conn.');
  if (four) {
    const drawnPerSecond = four.made.drawn / DURATION;
    if (drawnPerSecond < TARGETS_29.coldPostsPerSecond4) failures.push(`cold post pages with 4 connections: ${drawnPerSecond.toFixed(0)} drawn/s (target ≥ ${TARGETS_29.coldPostsPerSecond4})`);
    if ((four.cpuPerDrawnMs ?? Infinity) > TARGETS_29.drawCpuMs) failures.push(`CPU a drawn post page: ${four.cpuPerDrawnMs} ms (target ≤ ${TARGETS_29.drawCpuMs})`);
  }
  for (const r of rows.filter((x) => x.state.startsWith('crawl'))) {
    const answered = r.made.drawn + r.made.kept + r.made.app;
    const share = answered ? (r.made.drawn + r.made.kept) / answered : 0;
    if (share < TARGETS_29.crawlDrawnShare) failures.push(`${r.state}: ${(share * 100).toFixed(1)}% drawn pages (target ≥ ${TARGETS_29.crawlDrawnShare * 100}%)`);
    if (r.p99 > TARGETS_29.crawlP99Ms) failures.push(`${r.state}: p99 ${r.p99} ms (target ≤ ${TARGETS_29.crawlP99Ms})`);
  }
  const size = extras.find((e) => e.name.startsWith('drawn post page'));
  const largest = size ? Number(/\/ ([\d.]+) KB/.exec(size.value)?.[1]) * 1024 : 0;
  if (largest > TARGETS_29.postPageBytes) failures.push(`largest drawn post page ${(largest / 1024).toFixed(1)} KB (target ≤ 60 KB)`);
  return failures;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
