/**
 * npm run bench:web [-- --runs 3 --pages home,post --base-url http://127.0.0.1:8080 --no-build --html]
 *
 * Lighthouse 12 (mobile emulation, simulated throttling: Lighthouse's defaults) in Debian's
 * Chromium on the four screens a reader lands on: home, explore, a post with images and an
 * organization. Builds the production bundle into WEB_DIR (dist/web when unset), starts the
 * real server on a free port over a fresh, seeded database (unless --base-url is given),
 * prints each page's category scores, LCP, TBT, CLS and bytes transferred, writes
 * bench-results/web.json (and with --html each report), and exits 1 when a target is missed,
 * naming the failing audits. Each page is measured --runs times (default 3); the run with the
 * median performance score is the one reported.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startServer, type RunningServer } from '../e2e/harness';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'base-url': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    html: { type: 'boolean', default: false },
    /** Some of home, explore, post, organization (comma-separated); all four by default. */
    pages: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const OUT_DIR = path.join(ROOT, 'bench-results');

/** Issue 6's targets. Scores are Lighthouse's 0–1 category scores. */
const TARGETS = {
  performance: 0.9,
  accessibility: 1,
  'best-practices': 1,
  seo: 0.95,
  lcpMs: 2500,
  cls: 0.05,
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const log = (msg: string) => process.stderr.write(`[bench:web] ${msg}\n`);

interface PageFigures {
  page: string;
  url: string;
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  /** Every run's performance score, in the order measured. */
  performanceRuns: number[];
  /** Audits that cost points in a category that missed its target. */
  failingAudits: Array<{ category: Category; id: string; title: string; score: number | null; items?: string[] }>;
  failures: string[];
}

function build() {
  log(`building the production bundle into ${process.env.WEB_DIR ?? 'dist/web'}`);
  const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-warnings'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (res.status !== 0) throw new Error(`the build failed (exit ${res.status})`);
}

async function api<T>(baseURL: string, pathname: string): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1${pathname}`);
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}`);
  return (await res.json()) as T;
}

interface Page<T> {
  results: T[];
}

/** A published post with at least two images (the card grid and the lightbox), and an organization. */
async function pickTargets(baseURL: string): Promise<Array<{ page: string; path: string }>> {
  const posts = await api<Page<{ slug: string; attachments: Array<{ file_type: string }> }>>(baseURL, '/content/posts/?page_size=50');
  const withImages = posts.results.find((p) => p.attachments.filter((a) => a.file_type.startsWith('image/')).length >= 2)
    ?? posts.results.find((p) => p.attachments.some((a) => a.file_type.startsWith('image/')));
  if (!withImages) throw new Error('no post with images among the first 50');
  const orgs = await api<Page<{ code: string }>>(baseURL, '/producers/organizations/');
  if (!orgs.results.length) throw new Error('no organization');
  return [
    { page: 'home', path: '/' },
    { page: 'explore', path: '/explore' },
    { page: 'post', path: `/post/${encodeURIComponent(withImages.slug)}` },
    { page: 'organization', path: `/organizations/${encodeURIComponent(orgs.results[0].code)}` },
  ];
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** The offending elements or URLs of an audit (selectors, URLs), for the report. */
function itemsOf(lhr: Result, id: string): string[] {
  const details = lhr.audits[id]?.details as { type?: string; items?: Array<Record<string, unknown>> } | undefined;
  if (!details || !['table', 'opportunity', 'list'].includes(details.type ?? '')) return [];
  const out: string[] = [];
  for (const item of details.items ?? []) {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node?.selector) out.push(`${node.selector}  ${String(node.snippet ?? '').slice(0, 140)}`);
    else if (typeof item.url === 'string') out.push(item.url);
    else if (item.source && typeof item.source === 'object' && 'url' in item.source) out.push(String((item.source as { url: string }).url));
    else if (typeof item.description === 'string') out.push(item.description);
    if (out.length >= 8) break;
  }
  return out;
}

function figuresOf(page: string, url: string, lhr: Result, performanceRuns: number[]): PageFigures {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<Category, number | null>;
  const f: PageFigures = {
    page,
    url,
    scores,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferBytes: numeric(lhr, 'total-byte-weight'),
    performanceRuns,
    failingAudits: [],
    failures: [],
  };
  const target: Record<Category, number> = {
    performance: TARGETS.performance,
    accessibility: TARGETS.accessibility,
    'best-practices': TARGETS['best-practices'],
    seo: TARGETS.seo,
  };
  for (const c of CATEGORIES) {
    const score = scores[c];
    if (score === null || score < target[c]) {
      f.failures.push(`${c} ${score === null ? 'n/a' : Math.round(score * 100)} < ${Math.round(target[c] * 100)}`);
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        // Only audits that count (weight) or, for performance, opportunities that failed.
        if (!audit || audit.score === null || audit.score >= 0.9) continue;
        if (ref.weight === 0 && c !== 'performance') continue;
        if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
        f.failingAudits.push({ category: c, id: ref.id, title: audit.title, score: audit.score, items: itemsOf(lhr, ref.id) });
      }
    }
  }
  if (!(f.lcpMs <= TARGETS.lcpMs)) f.failures.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`);
  if (!(f.cls <= TARGETS.cls)) {
    f.failures.push(`CLS ${f.cls.toFixed(3)} > ${TARGETS.cls}`);
    if (!f.failingAudits.some((a) => a.id === 'layout-shifts'))
      f.failingAudits.push({ category: 'performance', id: 'layout-shifts', title: lhr.audits['layout-shifts']?.title ?? 'layout shifts', score: null, items: itemsOf(lhr, 'layout-shifts') });
  }
  return f;
}

function table(rows: PageFigures[]): string {
  const head = ['page', 'perf', 'a11y', 'best', 'seo', 'LCP s', 'TBT ms', 'CLS', 'KB', 'perf runs'];
  const score = (s: number | null) => (s === null ? 'n/a' : String(Math.round(s * 100)));
  const body = rows.map((r) => [
    r.page,
    score(r.scores.performance),
    score(r.scores.accessibility),
    score(r.scores['best-practices']),
    score(r.scores.seo),
    (r.lcpMs / 1000).toFixed(2),
    String(Math.round(r.tbtMs)),
    r.cls.toFixed(3),
    (r.transferBytes / 1024).toFixed(0),
    r.performanceRuns.map((p) => Math.round(p * 100)).join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function main() {
  const externalBase = args['base-url']?.replace(/\/+$/, '');
  if (!externalBase && !args['no-build']) build();

  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  let server: RunningServer | undefined;
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  const stopAll = async () => {
    if (chrome) {
      const c = chrome;
      chrome = undefined;
      await Promise.resolve(c.kill()).catch(() => {});
    }
    if (server) {
      const s = server;
      server = undefined;
      await s.stop().catch(() => {});
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the server and Chromium`);
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    if (externalBase) {
      log(`measuring ${externalBase}`);
    } else {
      log('starting the server over a fresh database (migrations and demo data take a minute)');
      server = await startServer({ timeoutMs: 240_000 });
      log(`server at ${server.baseURL}`);
    }
    const baseURL = externalBase ?? server!.baseURL;
    const only = args.pages?.split(',').map((p) => p.trim());
    const targets = (await pickTargets(baseURL)).filter((t) => !only || only.includes(t.page));

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      logLevel: 'silent',
    });

    const rows: PageFigures[] = [];
    mkdirSync(OUT_DIR, { recursive: true });
    for (const target of targets) {
      const url = `${baseURL}${target.path}`;
      // Once unmeasured: the first request of a page may pay for work a reader never waits
      // for again (a rendition generated, a cache filled).
      await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url, { port: chrome.port, output: args.html ? 'html' : 'json', logLevel: 'error' });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
        if (args.html) writeFileSync(path.join(OUT_DIR, `web-${target.page}-${i + 1}.html`), result.report as string);
        log(`${target.page} run ${i + 1}/${RUNS}: performance ${Math.round((result.lhr.categories.performance.score ?? 0) * 100)}`);
      }
      const perf = runs.map((r) => r.categories.performance.score ?? 0);
      const median = [...runs].sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0))[Math.floor((runs.length - 1) / 2)];
      rows.push(figuresOf(target.page, target.path, median, perf));
      // The whole report of the median run, to look into (Lighthouse's viewer opens it).
      writeFileSync(path.join(OUT_DIR, `web-${target.page}.lhr.json`), JSON.stringify(median));
    }

    console.log(`\nLighthouse ${rows.length ? 'mobile (simulated throttling)' : ''}, median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page\n`);
    console.log(table(rows));
    writeFileSync(
      path.join(OUT_DIR, 'web.json'),
      JSON.stringify({ date: new Date().toISOString(), baseURL, runs: RUNS, targets: TARGETS, pages: rows }, null, 2),
    );
    log(`wrote ${path.relative(ROOT, path.join(OUT_DIR, 'web.json'))}`);

    const failed = rows.filter((r) => r.failures.length);
    if (failed.length) {
      console.log('\nTargets missed:');
      for (const r of failed) {
        console.log(`  ${r.page} (${r.url}): ${r.failures.join('; ')}`);
        for (const a of r.failingAudits) {
          console.log(`    [${a.category}] ${a.id} — ${a.title}${a.score === null ? '' : ` (score ${a.score})`}`);
          for (const item of a.items ?? []) console.log(`        ${item}`);
        }
      }
      process.exitCode = 1;
    } else {
      console.log('\nEvery target met: performance ≥ 90, accessibility 100, best practices 100, SEO ≥ 95, LCP ≤ 2.5 s, CLS ≤ 0.05.');
    }
  } finally {
    await stopAll();
  }
}

// Lighthouse keeps timers and sockets of its own: leave once done rather than wait on them.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(`[bench:web] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
