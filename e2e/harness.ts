import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { formatPrefsCookie, PREFS_COOKIE } from '../src/shared/drawnPage';
import { decodeQuotedPrintable } from '../src/server/modules/auth/testing';

/**
 * Browser tests drive Debian's Chromium (a test tool's own browser download does not work on
 * our machines) against the built app served by the real API server over a freshly seeded
 * database. Nothing is built here: `npm run test:e2e` builds first.
 *
 * One server for the whole run: e2e/run.ts starts it and hands its address to every test file
 * through E2E_BASE_URL. A file run on its own (`node --import tsx --test e2e/x.e2e.ts`)
 * starts its own. Tests share that server's database: make your own users and bookmarks
 * rather than relying on another file's.
 */

export const ROOT = path.resolve(__dirname, '..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
export const SCREENSHOTS = path.join(ROOT, 'screenshots');
const LOGS = path.join(ROOT, 'test-results');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;
/** What a phone's Chromium calls itself: the server draws public screens at a phone's width for it. */
export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface RunningServer {
  baseURL: string;
  /** The server's DATA_DIR (its outbox of e-mails is `outbox/` inside). */
  dataDir: string;
  /** Stops the server (when this process started it) and removes its data directory. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number, log: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering /healthz; see ${log}`);
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${baseURL}/healthz within ${timeoutMs / 1000} s; see ${log}`);
}

/**
 * Starts the server on a free port with an empty DATA_DIR, so that it migrates and seeds the
 * demo content (PGlite), and waits for /healthz: from the sources (`node --import tsx
 * src/server/server.ts`), or as `npm start` runs it with E2E_SERVER=compiled (`node
 * dist/server/server.js`, made by `npm run build`; CI and `npm run test:e2e` do so).
 */
export async function startServer(
  opts: { timeoutMs?: number; env?: Record<string, string>; keepDataDir?: boolean } = {},
): Promise<RunningServer> {
  const webDir = process.env.WEB_DIR ?? path.join(ROOT, 'dist', 'web');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${path.relative(ROOT, webDir) || webDir}/index.html is missing: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qarar-e2e-'));
  // e2e/run.ts seeds one server's database first and keeps it (see seededTemplate): every server
  // of the run starts from a copy of it instead of seeding the demo content again.
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
  mkdirSync(LOGS, { recursive: true });
  const log = path.join(LOGS, `e2e-server-${port}.log`);
  const out = createWriteStream(log);

  // A fresh embedded database every run, whatever the caller's shell points at.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every browser test signs in from one address: the per-address sign-in limit would trip.
    AUTH_RATE_LIMIT: process.env.E2E_AUTH_RATE_LIMIT ?? '1000',
    // The tests look at drawn pages while two files drive the two cores: a drawing held up past
    // the default 1 s would send the app's page instead (that fallback is tested in
    // src/server/pages/drawn-pages.test.ts). How soon content shows is still measured.
    PAGE_DEADLINE_MS: process.env.E2E_PAGE_DEADLINE_MS ?? '5000',
    // Each server of the run draws the newest posts' pages ahead while the tests drive the cores;
    // a few are enough to have some pages come drawn ahead (src/server/pages/warmer.ts).
    PAGE_WARM_POSTS: process.env.E2E_PAGE_WARM_POSTS ?? '12',
    ...opts.env };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  const compiled = process.env.E2E_SERVER === 'compiled';
  if (compiled && !existsSync(path.join(ROOT, 'dist', 'server', 'server.js'))) throw new Error('dist/server/server.js is missing: run `npm run build` first.');
  const entry = compiled ? ['--enable-source-maps', 'dist/server/server.js'] : ['--import', 'tsx', 'src/server/server.ts'];
  const child = spawn(process.execPath, entry, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const baseURL = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    out.end();
    if (!opts.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, opts.timeoutMs ?? 90_000, log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, dataDir, stop };
}

/**
 * A server's DATA_DIR just after it seeded the demo content and stopped cleanly: what
 * E2E_TEMPLATE_DIR names for startServer to copy. Seeding takes a server some 15 s of a core;
 * the run's servers (the shared one and those of files that configure their own) start from a
 * copy in a second or two.
 */
export async function seededTemplate(): Promise<string> {
  const server = await startServer({ keepDataDir: true });
  await server.stop();
  return server.dataDir;
}

/** A new reader's fields, unique per call (files share one database). */
/**
 * The messages the server wrote to its outbox (DATA_DIR/outbox, no SMTP_URL in tests) for `to`,
 * oldest first, decoded; waits until there are `count`. The outbox is made with the first mail,
 * and mails are sent after the answer that owes them, so a missing folder is an empty one.
 */
export async function mailsTo(dataDir: string, to: string, count = 1, timeoutMs = 30_000): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(`-${to}.eml`)).sort() : [];
    if (names.length >= count) return names.map((n) => decodeQuotedPrintable(readFileSync(path.join(dir, n), 'utf8')));
    if (Date.now() > deadline) throw new Error(`${count} mails for ${to} did not come (${names.length})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface NewReader {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

/** Registers a new regular account through the API; `tag` starts its username. */
export async function registerReader(baseURL: string, tag: string, names: Partial<Pick<NewReader, 'first_name' | 'last_name'>> = {}): Promise<NewReader> {
  const id = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const reader: NewReader = { username: id, email: `${id}@example.com`, password: `Reader#2025-${tag}`, first_name: 'Noor', last_name: 'Saleh', ...names };
  const res = await fetch(`${baseURL}/api/v1/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...reader, password2: reader.password, user_type: 'regular' }),
  });
  if (res.status !== 201) throw new Error(`registering ${id} answered ${res.status}: ${await res.text()}`);
  return reader;
}

export interface PageOptions {
  /** 'ar' (default) or 'en': the browser's language (navigator.language, Accept-Language). */
  locale?: string;
  colorScheme?: 'light' | 'dark' | 'no-preference';
  /** 'desktop' (1280×800, default), 'mobile' (390×844, touch, mobile meta viewport) or a size. */
  viewport?: 'desktop' | 'mobile' | { width: number; height: number };
  /** Anything else Playwright accepts for a new context (storageState, timezoneId…). */
  context?: BrowserContextOptions;
}

export interface Harness {
  baseURL: string;
  /** The server's DATA_DIR: e-mails are written to `outbox/*.eml` inside (no SMTP_URL in tests). */
  dataDir: string;
  browser: Browser;
  /** A page in its own new context (own storage and cookies), at baseURL. */
  newPage(opts?: PageOptions): Promise<Page>;
  /**
   * Signs in through the API and stores the tokens where the app keeps them (redux-persist's
   * 'qarar:session' key) before any of the page's scripts run: the page opens signed in.
   */
  signInAs(page: Page, username: string, password: string): Promise<{ access: string; refresh: string }>;
  /** Uncaught exceptions and console errors seen on a page made by newPage. */
  errorsOf(page: Page): string[];
  /** Saves screenshots/<name>.png (full page) and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Stores a session where the app keeps it (redux-persist's 'qarar:session' key) before any of
 * the page's scripts run, once per tab: the page opens signed in, and a later sign-out sticks.
 */
export async function storeSession(target: Page | BrowserContext, tokens: { access: string; refresh: string }): Promise<void> {
  // redux-persist stores each whitelisted field JSON-encoded inside the JSON object.
  const stored = JSON.stringify({ access: JSON.stringify(tokens.access), refresh: JSON.stringify(tokens.refresh), _persist: JSON.stringify({ version: 1, rehydrated: true }) });
  await target.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e:session-seeded')) {
        sessionStorage.setItem('e2e:session-seeded', '1');
        localStorage.setItem(key, value);
      }
    },
    ['qarar:session', stored] as const,
  );
}

/**
 * A public screen arrives drawn by the server, and the app's scripts take it over a moment
 * later (src/web/ssr.tsx): until then its buttons do nothing. So a page load here (goto,
 * reload, back, forward) returns once the app has the page (`<html data-app-ready>`), as a
 * reader would wait for a page to finish loading. Loads of anything but an app page (the
 * API, media files) return as they are.
 */
export function waitForAppOnLoad(page: Page): void {
  const ready = async <T>(loaded: Promise<T>): Promise<T> => {
    const result = await loaded;
    const url = new URL(page.url());
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/') && url.protocol.startsWith('http')) {
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    }
    return result;
  };
  const { goto, reload, goBack, goForward } = page;
  page.goto = (...args) => ready(goto.apply(page, args));
  page.reload = (...args) => ready(reload.apply(page, args));
  page.goBack = (...args) => ready(goBack.apply(page, args));
  page.goForward = (...args) => ready(goForward.apply(page, args));
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: install Debian's Chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  // Playwright gives every launch its own new temporary profile (--user-data-dir) and
  // removes it on close.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/**
 * The server (shared via E2E_BASE_URL, or started here) and a Chromium. Call in before()
 * and close in after():
 *
 *   let h: Harness;
 *   before(async () => { h = await setup(); });
 *   after(() => h.close());
 */
export async function setup(opts: { serverEnv?: Record<string, string> } = {}): Promise<Harness> {
  // A file that needs the server configured its own way (serverEnv, e.g. ACCESS_TOKEN_TTL)
  // starts a server of its own rather than sharing E2E_BASE_URL's.
  const server: RunningServer =
    process.env.E2E_BASE_URL && !opts.serverEnv
      ? { baseURL: process.env.E2E_BASE_URL.replace(/\/+$/, ''), dataDir: process.env.E2E_DATA_DIR ?? '', stop: async () => {} }
      : await startServer({ env: opts.serverEnv });
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.stop();
    throw err;
  }
  const contexts = new Set<BrowserContext>();
  const errors = new WeakMap<Page, string[]>();

  return {
    baseURL: server.baseURL,
    dataDir: server.dataDir,
    browser,
    async newPage(opts = {}) {
      const mobile = opts.viewport === 'mobile';
      const viewport =
        typeof opts.viewport === 'object' ? opts.viewport : mobile ? MOBILE : DESKTOP;
      const context = await browser.newContext({
        baseURL: server.baseURL,
        locale: opts.locale ?? 'ar',
        colorScheme: opts.colorScheme ?? 'light',
        viewport,
        ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: PHONE_BROWSER } : {}),
        // The service worker (issue 31) is tested on its own (offline.e2e.ts, update.e2e.ts, with
        // `context: { serviceWorkers: 'allow' }`): elsewhere it would answer lists from what it kept
        // and fetch behind the tests' backs, and what a test counts or reloads would be its choice.
        serviceWorkers: 'block',
        ...opts.context,
      });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);
      contexts.add(context);
      context.once('close', () => contexts.delete(context));
      const page = await context.newPage();
      waitForAppOnLoad(page);
      const seen: string[] = [];
      errors.set(page, seen);
      page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') seen.push(`console: ${msg.text()}`);
      });
      return page;
    },
    async signInAs(page, username, password) {
      const res = await fetch(`${server.baseURL}/api/v1/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!res.ok) throw new Error(`sign-in as ${username} answered ${res.status}: ${await res.text()}`);
      const { access, refresh } = (await res.json()) as { access: string; refresh: string };
      await storeSession(page, { access, refresh });
      return { access, refresh };
    },
    errorsOf(page) {
      return errors.get(page) ?? [];
    },
    async screenshot(page, name) {
      const file = path.join(SCREENSHOTS, `${name.replace(/[^\w.-]+/g, '-')}.png`);
      // Screenshots are for a person to look at (git-ignored); CI has nobody looking and skips
      // their full-page encoding (a minute or more of its two cores) unless asked with SCREENSHOTS=1.
      if (process.env.CI && !process.env.SCREENSHOTS) return file;
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      for (const c of [...contexts]) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

/** The seeded demo reader (src/server/seed/accounts.ts): bookmarks, notes, follows. */
export const DEMO_READER = { username: 'reader', password: 'Reader#2025' } as const;

/** Signs in through the API, as the sign-in screen does: the tokens the app would store. */
export async function signInThroughApi(baseURL: string, username: string, password: string): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${baseURL}/api/v1/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${username} answered ${res.status}: ${await res.text()}`);
  const { access, refresh } = (await res.json()) as { access: string; refresh: string };
  return { access, refresh };
}

/** A reader's display choices, as the settings screen makes them. */
export interface ReaderPreferences {
  language: 'ar' | 'en';
  theme: 'system' | 'light' | 'dark';
}

/**
 * What a reader who made those choices on an earlier visit has in localStorage: the language on
 * its own (read before the store exists) and redux-persist's preferences, each field
 * JSON-encoded inside the JSON object; fields left out keep their defaults.
 */
export function storedPreferences({ language, theme }: ReaderPreferences): Record<string, string> {
  return {
    'qarar:language': language,
    'qarar:preferences': JSON.stringify({ language: JSON.stringify(language), theme: JSON.stringify(theme), _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
  };
}

/** What the app keeps in localStorage for a signed-in reader (the same as storeSession writes). */
export function storedSession(tokens: { access: string; refresh: string }): Record<string, string> {
  return {
    'qarar:session': JSON.stringify({ access: JSON.stringify(tokens.access), refresh: JSON.stringify(tokens.refresh), _persist: JSON.stringify({ version: 1, rehydrated: true }) }),
  };
}

/** The cookie the app keeps in step with those choices (src/shared/drawnPage.ts), for the server to draw in. */
export function preferencesCookie(preferences: ReaderPreferences): { name: string; value: string } {
  return { name: PREFS_COOKIE, value: formatPrefsCookie(preferences) };
}

/**
 * A context whose reader chose `preferences` on an earlier visit: the cookie is sent with the
 * first request and the stored preferences are there before any of the page's scripts run
 * (once per tab, like storeSession, so a change made in the app sticks).
 */
export async function storePreferences(context: BrowserContext, baseURL: string, preferences: ReaderPreferences): Promise<void> {
  await context.addCookies([{ ...preferencesCookie(preferences), url: baseURL }]);
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e:preferences-seeded')) return;
    sessionStorage.setItem('e2e:preferences-seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storedPreferences(preferences));
}

/**
 * The tabs on the page not wholly in view: cut by their list's scroller or by the screen's edge
 * (a row of scrollable tabs too wide for a phone). Their labels, for an assertion.
 */
export async function tabsNotWhole(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="tablist"]')].flatMap((list) => {
      const clip = (list.closest('.MuiTabs-scroller') ?? list).getBoundingClientRect();
      const [left, right] = [Math.max(0, clip.left), Math.min(window.innerWidth, clip.right)];
      return [...list.querySelectorAll('[role="tab"]')]
        .filter((tab) => {
          const r = tab.getBoundingClientRect();
          return r.left < left - 0.5 || r.right > right + 0.5;
        })
        .map((tab) => tab.textContent ?? '');
    }),
  );
}
