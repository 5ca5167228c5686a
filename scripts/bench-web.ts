/**
 * npm run bench:web [-- --runs 3 --pages home,post --readers default,en --base-url http://127.0.0.1:8080 --no-build --html]
 *
 * Lighthouse 12 (mobile emulation, simulated throttling: Lighthouse's defaults) in Debian's
 * Chromium on the four screens a reader lands on: home, explore, a post with images and an
 * organization. Builds the production bundle into WEB_DIR (dist/web when unset), starts the
 * real server on a free port over a fresh, seeded database (unless --base-url is given),
 * prints each page's category scores, LCP, TBT, CLS and bytes transferred, writes
 * bench-results/web.json (and with --html each report), and exits 1 when a target is missed,
 * naming the failing audits. Each page is measured --runs times (default 3); the run with the
 * median performance score is the one reported.
 *
 * Besides the first-time visitor (Arabic, light, signed out: `default`), the readers of issue 11
 * (--readers, all by default): `en`, who chose English on an earlier visit; `dark`, a device
 * set to dark; `signed-in`, the demo reader with a stored session. Each of those is measured in
 * a tab of its own new browser context, made theirs before Lighthouse navigates it (see READERS),
 * with Lighthouse's storage reset off so that what was stored stays; the context is new for
 * every run, so each run starts with an empty cache as the default reader's do.
 *
 * After each page's runs, Chromium's own installability check (issue 31: what its install
 * prompt checks, Page.getInstallabilityErrors) on that page as that reader sees it, with the
 * manifest the page links (Page.getAppManifest): a page that cannot be installed, or links the
 * manifest of another language than its own, misses its target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Flags, Result } from 'lighthouse';
import type { Browser as PuppeteerBrowser, Page as PuppeteerPage } from 'puppeteer-core';
import sharp from 'sharp';
import { buildWeb } from './bench-server';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  DEMO_READER,
  preferencesCookie,
  ROOT,
  signInThroughApi,
  startServer,
  storedPreferences,
  storedSession,
  type RunningServer,
} from '../e2e/harness';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'base-url': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    html: { type: 'boolean', default: false },
    /** Some of home, explore, post, organization (comma-separated); by default each reader's own list (READERS). */
    pages: { type: 'string' },
    /** Some of default, en, dark, signed-in (comma-separated); all four by default. */
    readers: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 1);
const OUT_DIR = path.join(ROOT, 'bench-results');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Scores are Lighthouse's 0–1 category scores; a category left out is reported, not judged. */
type Targets = Partial<Record<Category, number>> & { lcpMs: number; cls?: number };

/** Issue 6's targets, the first-time visitor's. */
const TARGETS: Targets = {
  performance: 0.9,
  accessibility: 1,
  'best-practices': 1,
  seo: 0.95,
  lcpMs: 2500,
  cls: 0.05,
};

/** Issue 11's targets for the other readers. */
const READER_TARGETS: Targets = { performance: 0.95, accessibility: 1, lcpMs: 2500 };

const log = (msg: string) => process.stderr.write(`[bench:web] ${msg}\n`);

interface PageFigures {
  page: string;
  reader: ReaderName;
  url: string;
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  /** Every run's performance score, in the order measured. */
  performanceRuns: number[];
  /** What the median run's tab showed of the reader at its end (language, background, session). */
  seen?: Record<string, string | number | boolean>;
  /** Chromium's installability check of the page as the reader sees it (see installabilityOf). */
  installability?: Installability;
  /** Audits that cost points in a category that missed its target. */
  failingAudits: Array<{ category: Category; id: string; title: string; score: number | null; items?: string[] }>;
  failures: string[];
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

type ReaderName = 'default' | 'en' | 'dark' | 'signed-in';

/** What a run's tab showed of its reader at the end. */
type Seen = Record<string, string | number | boolean>;

interface Reader {
  name: ReaderName;
  /** For the report. */
  description: string;
  targets: Targets;
  /** The pages measured unless --pages names others. */
  pages: string[];
  /**
   * Makes a new tab this reader's before Lighthouse navigates it. Without it, Lighthouse opens
   * its own tab in the browser's default context and empties the cache first, as it always has.
   */
  prepare?(page: PuppeteerPage, baseURL: string): Promise<void>;
  /**
   * Once the run is over, in its tab (Lighthouse leaves it on the measured page): what it showed
   * of the reader, and what was not theirs. Throws when the run did not measure this reader at
   * all (an emulation that did not apply), as no figure of it would mean anything.
   */
  check?(page: PuppeteerPage, lhr: Result): Promise<{ seen: Seen; misses: string[] }>;
}

const ALL_PAGES = ['home', 'explore', 'post', 'organization'];
/** The other readers' pages: every page, as for the first-time visitor (--pages picks some). */
const READER_PAGES = ALL_PAGES;

/** The dark palette's page background (src/web/theme/createAppTheme.ts), as a computed style gives it. */
const DARK_BACKGROUND = 'rgb(11, 18, 32)';

/**
 * Into the origin's localStorage, what an earlier visit left there: a same-origin address first
 * (the server's health check, which draws no page), then Lighthouse's navigation.
 */
async function storeLocally(page: PuppeteerPage, baseURL: string, entries: Record<string, string>): Promise<void> {
  await page.goto(`${baseURL}/healthz`);
  await page.evaluate((e: Record<string, string>) => {
    for (const [key, value] of Object.entries(e)) localStorage.setItem(key, value);
  }, entries);
}

/** The page's language, direction and background, and whether a session is stored, at the end of the run. */
const pageState = (page: PuppeteerPage) =>
  page.evaluate(() => ({
    language: document.documentElement.lang,
    direction: document.documentElement.dir,
    background: getComputedStyle(document.body).backgroundColor,
    darkDevice: matchMedia('(prefers-color-scheme: dark)').matches,
    signedIn: /"refresh":"\\"[^"]/.test(localStorage.getItem('qarar:session') ?? ''),
  }));

/** Mean luminance (0–255) of the run's final screenshot: what the measured page looked like. */
async function screenLuminance(lhr: Result): Promise<number | null> {
  const data = (lhr.audits['final-screenshot']?.details as { data?: string } | undefined)?.data;
  if (!data) return null;
  const { channels } = await sharp(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64')).stats();
  return Math.round(0.2126 * channels[0].mean + 0.7152 * channels[1].mean + 0.0722 * channels[2].mean);
}

const READERS: Reader[] = [
  { name: 'default', description: 'first-time visitor: Arabic, light, signed out', targets: TARGETS, pages: ALL_PAGES },
  {
    name: 'en',
    description: 'chose English on an earlier visit: the preferences cookie and stored preferences',
    targets: READER_TARGETS,
    pages: READER_PAGES,
    async prepare(page, baseURL) {
      const preferences = { language: 'en', theme: 'system' } as const;
      await page.browserContext().setCookie({ ...preferencesCookie(preferences), domain: new URL(baseURL).hostname, path: '/' });
      await storeLocally(page, baseURL, storedPreferences(preferences));
    },
    async check(page) {
      const { language, direction } = await pageState(page);
      return { seen: { language, direction }, misses: language === 'en' && direction === 'ltr' ? [] : [`the page ended as <html lang="${language}" dir="${direction}">, not English`] };
    },
  },
  {
    name: 'dark',
    description: 'a device set to dark (prefers-color-scheme: dark for the whole run), theme left to the system',
    targets: READER_TARGETS,
    pages: READER_PAGES,
    async prepare(page) {
      // On the tab's own DevTools session, which stays attached while Lighthouse runs on its own
      // (Lighthouse sets the screen, user agent and throttling, never the emulated media).
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    },
    async check(page, lhr) {
      const { darkDevice, background } = await pageState(page);
      if (!darkDevice) throw new Error('prefers-color-scheme: dark did not apply to the measured page: its figures are not a dark device’s');
      const luminance = await screenLuminance(lhr);
      const misses: string[] = [];
      if (background !== DARK_BACKGROUND) misses.push(`the page's background is ${background} on a dark device, not ${DARK_BACKGROUND}`);
      if (luminance === null || luminance >= 128) misses.push(`the final screenshot is light (mean luminance ${luminance ?? 'n/a'} of 255)`);
      return { seen: { darkDevice, background, screenLuminance: luminance ?? 'n/a' }, misses };
    },
  },
  {
    name: 'signed-in',
    description: `the demo reader (${DEMO_READER.username}) with a session stored, signed in through the API`,
    targets: READER_TARGETS,
    pages: READER_PAGES,
    async prepare(page, baseURL) {
      // A new sign-in for every run: the access token lives 15 minutes, a refresh mid-run would be measured.
      const tokens = await signInThroughApi(baseURL, DEMO_READER.username, DEMO_READER.password);
      await storeLocally(page, baseURL, storedSession(tokens));
    },
    async check(page) {
      const { signedIn } = await pageState(page);
      return { seen: { signedIn }, misses: signedIn ? [] : ['no session stored at the end of the run: measured signed out'] };
    },
  },
];

/** What Chromium says of installing the page, and the manifest it found there. */
interface Installability {
  installable: boolean;
  /** Page.getInstallabilityErrors' reasons (errorId and arguments), none when installable. */
  errors: string[];
  manifestUrl: string;
  /** The manifest's language, and the page's own. */
  manifestLang: string | null;
  pageLang: string;
}

/**
 * Chromium's installability check of `url` as `reader` sees it, in a tab of the browser's own
 * context (Chromium installs nothing from a context of its own, which it counts as incognito),
 * made the reader's as for their runs and emptied of what that left behind (cookies, storage)
 * once done, so the first-time visitor's runs in that context start as they always have.
 */
async function installabilityOf(browser: PuppeteerBrowser, reader: Reader, url: string, baseURL: string): Promise<Installability> {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  try {
    await reader.prepare?.(page, baseURL);
    await page.goto(url, { waitUntil: 'load' });
    // The app has the page (and has linked the manifest of the reader's language).
    await page.waitForSelector('html[data-app-ready]', { timeout: 30_000 });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    let manifestLang: string | null = null;
    try {
      manifestLang = (JSON.parse(manifest.data ?? '') as { lang?: string }).lang ?? null;
    } catch {
      // No manifest, or not JSON: the errors say so.
    }
    return {
      installable: installabilityErrors.length === 0,
      errors: installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' ')),
      manifestUrl: manifest.url ? new URL(manifest.url).pathname : '',
      manifestLang,
      pageLang: await page.evaluate(() => document.documentElement.lang),
    };
  } finally {
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'all' }).catch(() => {});
    await page.close().catch(() => {});
  }
}

/** One line of the installability check, for the report. */
const installText = (i: Installability) =>
  i.installable ? `installable: yes (${i.manifestUrl}, ${i.manifestLang ?? 'no language'})` : `installable: no — ${i.errors.join('; ')}`;

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

function figuresOf(page: string, reader: ReaderName, url: string, lhr: Result, performanceRuns: number[], targets: Targets): PageFigures {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<Category, number | null>;
  const f: PageFigures = {
    page,
    reader,
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
  for (const c of CATEGORIES) {
    const score = scores[c];
    const target = targets[c];
    if (target === undefined) continue;
    if (score === null || score < target) {
      f.failures.push(`${c} ${score === null ? 'n/a' : Math.round(score * 100)} < ${Math.round(target * 100)}`);
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
  if (!(f.lcpMs <= targets.lcpMs)) f.failures.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > ${targets.lcpMs / 1000} s`);
  if (targets.cls !== undefined && !(f.cls <= targets.cls)) {
    f.failures.push(`CLS ${f.cls.toFixed(3)} > ${targets.cls}`);
    if (!f.failingAudits.some((a) => a.id === 'layout-shifts'))
      f.failingAudits.push({ category: 'performance', id: 'layout-shifts', title: lhr.audits['layout-shifts']?.title ?? 'layout shifts', score: null, items: itemsOf(lhr, 'layout-shifts') });
  }
  return f;
}

function table(rows: PageFigures[]): string {
  const head = ['page', 'reader', 'perf', 'a11y', 'best', 'seo', 'LCP s', 'TBT ms', 'CLS', 'KB', 'install', 'perf runs'];
  const score = (s: number | null) => (s === null ? 'n/a' : String(Math.round(s * 100)));
  const body = rows.map((r) => [
    r.page,
    r.reader,
    score(r.scores.performance),
    score(r.scores.accessibility),
    score(r.scores['best-practices']),
    score(r.scores.seo),
    (r.lcpMs / 1000).toFixed(2),
    String(Math.round(r.tbtMs)),
    r.cls.toFixed(3),
    (r.transferBytes / 1024).toFixed(0),
    r.installability ? (r.installability.installable ? 'yes' : 'no') : 'n/a',
    r.performanceRuns.map((p) => Math.round(p * 100)).join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** A reader's targets in words, for the closing line. */
function targetsText(t: Targets): string {
  const parts = [
    t.performance !== undefined ? `performance ≥ ${Math.round(t.performance * 100)}` : '',
    t.accessibility !== undefined ? `accessibility ${Math.round(t.accessibility * 100)}` : '',
    t['best-practices'] !== undefined ? `best practices ${Math.round(t['best-practices'] * 100)}` : '',
    t.seo !== undefined ? `SEO ≥ ${Math.round(t.seo * 100)}` : '',
    `LCP ≤ ${t.lcpMs / 1000} s`,
    t.cls !== undefined ? `CLS ≤ ${t.cls}` : '',
    'installable, with the manifest of the page’s language',
  ];
  return parts.filter(Boolean).join(', ');
}

async function main() {
  const externalBase = args['base-url']?.replace(/\/+$/, '');
  if (!externalBase && !args['no-build']) buildWeb(log);

  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');

  let server: RunningServer | undefined;
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  // Connected once a reader needs a tab of its own (Lighthouse connects on its own for the others).
  let browser: PuppeteerBrowser | undefined;
  const stopAll = async () => {
    if (browser) {
      const b = browser;
      browser = undefined;
      await b.disconnect().catch(() => {});
    }
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

  const names = args.readers?.split(',').map((r) => r.trim()).filter(Boolean);
  const unknown = names?.filter((n) => !READERS.some((r) => r.name === n)) ?? [];
  if (unknown.length) throw new Error(`unknown reader ${unknown.join(', ')}: --readers takes ${READERS.map((r) => r.name).join(',')}`);
  const readers = READERS.filter((r) => !names || names.includes(r.name));

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
    const targets = await pickTargets(baseURL);

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
      logLevel: 'silent',
    });
    const port = chrome.port;

    const connect = async () => {
      if (!browser) {
        const { default: puppeteer } = await import('puppeteer-core');
        browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
      }
      return browser;
    };

    /** One Lighthouse run as `reader`; what its tab showed of the reader, for those who have a check. */
    const measure = async (reader: Reader, url: string, flags: Flags) => {
      if (!reader.prepare) {
        const result = await lighthouse(url, { port, ...flags });
        return { result, seen: undefined as Seen | undefined, misses: [] as string[] };
      }
      // A new context every run: nothing of another reader's, and an empty cache.
      const context = await (await connect()).createBrowserContext();
      try {
        const page = await context.newPage();
        await reader.prepare(page, baseURL);
        // Lighthouse's storage reset off: what the reader stored is what is measured (the new
        // context is what empties the cache).
        const result = await lighthouse(url, { port, disableStorageReset: true, ...flags }, undefined, page);
        if (!result || result.lhr.runtimeError) return { result, seen: undefined, misses: [] };
        const checked = reader.check ? await reader.check(page, result.lhr) : undefined;
        return { result, seen: checked?.seen, misses: checked?.misses ?? [] };
      } finally {
        await context.close().catch(() => {});
      }
    };

    const rows: PageFigures[] = [];
    mkdirSync(OUT_DIR, { recursive: true });
    for (const reader of readers) {
      for (const target of targets.filter((t) => (only ?? reader.pages).includes(t.page))) {
        const url = `${baseURL}${target.path}`;
        // The default reader's files keep the names they have always had.
        const file = reader.name === 'default' ? `web-${target.page}` : `web-${target.page}-${reader.name}`;
        const label = reader.name === 'default' ? target.page : `${target.page} (${reader.name})`;
        // Once unmeasured: the first request of a page may pay for work a reader never waits
        // for again (a rendition generated, a cache filled, a page drawn in this language).
        await measure(reader, url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const runs: Array<{ lhr: Result; seen?: Seen; misses: string[] }> = [];
        for (let i = 0; i < RUNS; i++) {
          const { result, seen, misses } = await measure(reader, url, { output: args.html ? 'html' : 'json', logLevel: 'error' });
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
          runs.push({ lhr: result.lhr, seen, misses });
          if (args.html) writeFileSync(path.join(OUT_DIR, `${file}-${i + 1}.html`), result.report as string);
          log(`${label} run ${i + 1}/${RUNS}: performance ${Math.round((result.lhr.categories.performance.score ?? 0) * 100)}${misses.length ? ` (${misses.join('; ')})` : ''}`);
        }
        const score = (r: { lhr: Result }) => r.lhr.categories.performance.score ?? 0;
        const median = [...runs].sort((a, b) => score(a) - score(b))[Math.floor((runs.length - 1) / 2)];
        const figures = figuresOf(target.page, reader.name, target.path, median.lhr, runs.map(score), reader.targets);
        // A run that was not this reader's page (English not drawn in English, a light page on a
        // dark device, signed out) misses its target whatever it scored.
        for (const miss of new Set(runs.flatMap((r) => r.misses))) figures.failures.push(miss);
        if (median.seen) figures.seen = median.seen;
        const install = await installabilityOf(await connect(), reader, url, baseURL);
        figures.installability = install;
        log(`${label}: ${installText(install)}`);
        if (!install.installable) figures.failures.push(`not installable: ${install.errors.join('; ')}`);
        else if (install.manifestLang !== install.pageLang) figures.failures.push(`the page (${install.pageLang}) links the manifest of another language (${install.manifestUrl}, ${install.manifestLang ?? 'none'})`);
        rows.push(figures);
        // The whole report of the median run, to look into (Lighthouse's viewer opens it).
        writeFileSync(path.join(OUT_DIR, `${file}.lhr.json`), JSON.stringify(median.lhr));
      }
    }
    // One row per page and reader, a page's readers together.
    const order = (r: PageFigures) => ALL_PAGES.indexOf(r.page) * READERS.length + READERS.findIndex((x) => x.name === r.reader);
    rows.sort((a, b) => order(a) - order(b));

    console.log(`\nLighthouse mobile (simulated throttling), median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page and reader\n`);
    console.log(table(rows));
    console.log('\nInstallable (Chromium: Page.getInstallabilityErrors, Page.getAppManifest):');
    for (const r of rows) if (r.installability) console.log(`  ${r.page}, ${r.reader}: ${installText(r.installability)}`);
    console.log('');
    for (const r of readers) console.log(`  ${r.name}: ${r.description}`);
    writeFileSync(
      path.join(OUT_DIR, 'web.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          baseURL,
          runs: RUNS,
          targets: TARGETS,
          readers: Object.fromEntries(readers.map((r) => [r.name, { description: r.description, targets: r.targets }])),
          pages: rows,
        },
        null,
        2,
      ),
    );
    log(`wrote ${path.relative(ROOT, path.join(OUT_DIR, 'web.json'))}`);

    const failed = rows.filter((r) => r.failures.length);
    if (failed.length) {
      console.log('\nTargets missed:');
      for (const r of failed) {
        console.log(`  ${r.page}, ${r.reader} (${r.url}): ${r.failures.join('; ')}`);
        for (const a of r.failingAudits) {
          console.log(`    [${a.category}] ${a.id} — ${a.title}${a.score === null ? '' : ` (score ${a.score})`}`);
          for (const item of a.items ?? []) console.log(`        ${item}`);
        }
      }
      process.exitCode = 1;
    } else {
      console.log('\nEvery target met:');
      const measured = readers.filter((r) => rows.some((row) => row.reader === r.name));
      for (const group of [measured.filter((r) => r.targets === TARGETS), measured.filter((r) => r.targets !== TARGETS)]) {
        if (group.length) console.log(`  ${group.map((r) => r.name).join(', ')}: ${targetsText(group[0].targets)}.`);
      }
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
