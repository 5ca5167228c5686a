/**
 * npm run screenshots [-- --only home,post --lang ar --theme dark --width 360 --docs]
 *
 * The visual review of issue 6: a PNG of every route in Arabic and English, light and dark,
 * desktop (1280×800) and phone (360×780), saved as screenshots/<route>-<lang>-<theme>-<width>.png
 * (git-ignored), so that a person can look at every screen side by side. Uses the build in
 * WEB_DIR (dist/web when unset) and builds it first only when there is none; starts the real
 * server on a free port over an empty data directory, so the demo content is seeded, and a
 * new reader with a few bookmarks (one with a note) for the signed-in screens.
 *
 * At 360 px it measures horizontal overflow (the page wider than the screen) and prints the
 * pages that overflow with the elements sticking out. Long pages are shot to at most three
 * screens' height; the feeds (virtualized lists) are shot as the reader sees them.
 *
 * --docs writes only the few small images the README shows, into docs/screenshots/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { PHONE_BROWSER, ROOT, SCREENSHOTS, launchBrowser, registerReader, startServer, storeSession, waitForAppOnLoad, type RunningServer } from '../e2e/harness';

type Lang = 'ar' | 'en';
type Theme = 'light' | 'dark';
type Width = 'desktop' | 'mobile';

const LANGS: Lang[] = ['ar', 'en'];
const THEMES: Theme[] = ['light', 'dark'];
const WIDTHS: Width[] = ['desktop', 'mobile'];
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  // The narrowest phone the issue asks for.
  mobile: { width: 360, height: 780 },
} as const;
/** A phone at twice the pixels, so Arabic diacritics and thin strokes can be judged. */
const MOBILE_SCALE = 2;

const DOCS_DIR = path.join(ROOT, 'docs', 'screenshots');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    lang: { type: 'string' },
    theme: { type: 'string' },
    width: { type: 'string' },
    docs: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const log = (msg: string) => process.stderr.write(`[screenshots] ${msg}\n`);

/** What the routes need from the seeded database. */
interface Fixtures {
  category: string;
  typeId: number;
  hashtag: string;
  organization: string;
  /** A published post with images (and another file when the seed has one). */
  post: string;
  /** Its author: a publisher with a profile. */
  author: string;
}

interface Shot {
  /** The file name's first part and the --only filter. */
  name: string;
  path: (f: Fixtures) => string;
  /** Opens signed in as the reader with bookmarks. */
  signedIn?: boolean;
  /**
   * 'page': the whole page, up to three screens high. 'view' (default): the viewport only,
   * for virtualized lists whose full page is mostly the space standing for unrendered rows.
   */
  capture?: 'page' | 'view';
  /** Only at these widths (default: both). */
  widths?: Width[];
  /** Before the page loads (e.g. make an API call fail). */
  before?: (page: Page) => Promise<void>;
  /** After it is ready, before the shot (e.g. open the menu). */
  after?: (page: Page, lang: Lang) => Promise<void>;
}

/** Everything in src/web/app/router.tsx, plus the states worth a look (missing, empty, failed). */
const SHOTS: Shot[] = [
  { name: 'home', path: () => '/' },
  { name: 'home-category', path: (f) => `/?category=${enc(f.category)}` },
  {
    name: 'home-error',
    path: () => '/',
    // The network drops the feed's first page: the error panel with its retry button. Asking
    // for reduced motion (invisible in a still picture) makes the app draw the page itself: a
    // page drawn by the server would hold the feed already (src/web/serverPage.ts).
    before: async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.route(
        (url) => url.pathname === '/api/v1/content/posts/',
        (route) => route.abort('internetdisconnected'),
      );
    },
  },
  {
    name: 'menu',
    path: () => '/',
    widths: ['mobile'],
    after: async (page, lang) => {
      await page.getByRole('button', { name: lang === 'ar' ? 'فتح القائمة' : 'Open menu' }).click();
      await page.waitForTimeout(500);
    },
  },
  { name: 'explore', path: () => '/explore' },
  { name: 'explore-filtered', path: (f) => `/explore?category=${enc(f.category)}&type_id=${f.typeId}&sortBy=most_viewed&has_attachments=true` },
  { name: 'explore-empty', path: () => '/explore?search=zqxjvwk', capture: 'page' },
  { name: 'categories', path: () => '/categories', capture: 'page' },
  { name: 'types', path: () => '/types', capture: 'page' },
  { name: 'type', path: (f) => `/types/${f.typeId}` },
  { name: 'hashtags', path: () => '/hashtags' },
  { name: 'hashtag', path: (f) => `/hashtags/${enc(f.hashtag)}` },
  { name: 'organizations', path: () => '/organizations' },
  { name: 'organization', path: (f) => `/organizations/${enc(f.organization)}` },
  { name: 'post', path: (f) => `/post/${enc(f.post)}`, capture: 'page' },
  {
    name: 'lightbox',
    path: (f) => `/post/${enc(f.post)}`,
    after: async (page) => {
      await page.locator('[role="group"] button[aria-label] img').first().click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(500);
    },
  },
  { name: 'post-missing', path: () => '/post/no-such-post-here', capture: 'page' },
  { name: 'profile', path: (f) => `/profile/${enc(f.author)}` },
  { name: 'bookmarks', path: () => '/bookmarks', signedIn: true, capture: 'page' },
  { name: 'settings', path: () => '/settings', signedIn: true, capture: 'page' },
  { name: 'login', path: () => '/login', capture: 'page' },
  { name: 'signup', path: () => '/signup', capture: 'page' },
  { name: 'forgot-password', path: () => '/forgot-password', capture: 'page' },
  { name: 'reset-password', path: () => '/reset-password?token=x', capture: 'page' },
  { name: 'about', path: () => '/about', capture: 'page' },
  { name: 'privacy', path: () => '/privacy', capture: 'page' },
  { name: 'terms', path: () => '/terms', capture: 'page' },
];

/** The README's pictures: a few screens, languages, themes and widths. */
const DOCS: Array<{ name: string; lang: Lang; theme: Theme; width: Width }> = [
  { name: 'home', lang: 'ar', theme: 'light', width: 'desktop' },
  { name: 'explore-filtered', lang: 'en', theme: 'light', width: 'desktop' },
  { name: 'post', lang: 'ar', theme: 'dark', width: 'mobile' },
  { name: 'menu', lang: 'ar', theme: 'light', width: 'mobile' },
  { name: 'hashtag', lang: 'en', theme: 'dark', width: 'mobile' },
  { name: 'organizations', lang: 'ar', theme: 'dark', width: 'mobile' },
];
/** The README images' widths in pixels: small enough to sit side by side and stay light. */
const DOCS_WIDTH = { desktop: 640, mobile: 300 } as const;

const enc = (s: string) => encodeURIComponent(s);

function list<T extends string>(value: string | undefined, all: readonly T[], what: string, alias: Record<string, T> = {}): T[] {
  if (!value) return [...all];
  const picked = value.split(',').map((v) => alias[v.trim()] ?? (v.trim() as T));
  const unknown = picked.filter((v) => !all.includes(v));
  if (unknown.length) throw new Error(`unknown ${what}: ${unknown.join(', ')} (one of ${all.join(', ')})`);
  return picked;
}

function ensureBuild(): string {
  const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(ROOT, 'dist', 'web');
  if (existsSync(path.join(webDir, 'index.html'))) return webDir;
  log(`no build in ${path.relative(ROOT, webDir) || webDir}: building it first`);
  const res = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--stats', 'errors-warnings'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIR: webDir },
  });
  if (res.status !== 0) throw new Error(`the build failed (exit ${res.status})`);
  return webDir;
}

async function api<T>(baseURL: string, pathname: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${baseURL}/api/v1${pathname}`, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface ApiPost {
  slug: string;
  author: { username: string };
  attachments: Array<{ file_type: string }>;
}
interface Paged<T> {
  results: T[];
}

async function findFixtures(baseURL: string): Promise<Fixtures> {
  const withFiles = await api<Paged<ApiPost>>(baseURL, '/content/posts/?has_attachments=true&page_size=100');
  const isImage = (a: { file_type: string }) => a.file_type.startsWith('image/');
  const post =
    withFiles.results.find((p) => p.attachments.filter(isImage).length >= 2 && p.attachments.some((a) => !isImage(a))) ??
    withFiles.results.find((p) => p.attachments.some(isImage)) ??
    withFiles.results[0];
  if (!post) throw new Error('the seed has no post with attachments');
  const categories = await api<Array<{ slug: string; post_count: number }>>(baseURL, '/content/categories/');
  const types = await api<Array<{ id: number; post_count: number }>>(baseURL, '/content/post-types/');
  const hashtags = await api<Paged<{ slug: string }>>(baseURL, '/content/hashtags/?page_size=1');
  const orgs = await api<Paged<{ code: string; is_verified: boolean; active_subsidiary_count: number; active_department_count: number }>>(
    baseURL,
    '/producers/organizations/?page_size=100',
  );
  // The fullest organization page: verified, with subsidiaries and departments.
  const org = orgs.results.find((o) => o.is_verified && o.active_subsidiary_count > 0 && o.active_department_count > 0) ?? orgs.results[0];
  const biggest = <T extends { post_count: number }>(xs: T[]) => [...xs].sort((a, b) => b.post_count - a.post_count)[0];
  return {
    category: biggest(categories).slug,
    typeId: biggest(types).id,
    hashtag: hashtags.results[0].slug,
    organization: org.code,
    post: post.slug,
    author: post.author.username,
  };
}

interface Tokens {
  access: string;
  refresh: string;
}

/** A new reader with three bookmarks, one of them with a private note. */
async function readerWithBookmarks(baseURL: string): Promise<{ username: string; password: string }> {
  const reader = await registerReader(baseURL, 'shots', { first_name: 'نورة', last_name: 'العتيبي' });
  const tokens = await signIn(baseURL, reader.username, reader.password);
  const posts = await api<Paged<ApiPost>>(baseURL, '/content/posts/?page_size=3');
  const notes = ['مراجعة مواعيد التقديم قبل نهاية الشهر، ومشاركة التعميم مع فريق العمل.', null, null];
  for (const [i, p] of posts.results.entries()) {
    await api(baseURL, `/content/posts/${enc(p.slug)}/bookmark/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access}` },
      body: JSON.stringify(notes[i] ? { notes: notes[i] } : {}),
    });
  }
  return reader;
}

async function signIn(baseURL: string, username: string, password: string): Promise<Tokens> {
  return api<Tokens>(baseURL, '/auth/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

/**
 * A context for one language, theme and width. The language is the app's own stored choice
 * (read before the first paint); the theme stays 'system' and follows the emulated scheme.
 * Signed in the way e2e/harness.ts does: tokens stored where redux-persist keeps them.
 */
async function newContext(browser: Browser, baseURL: string, lang: Lang, theme: Theme, width: Width, tokens?: Tokens): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: lang,
    colorScheme: theme,
    viewport: VIEWPORTS[width],
    ...(width === 'mobile' ? { isMobile: true, hasTouch: true, deviceScaleFactor: MOBILE_SCALE, userAgent: PHONE_BROWSER } : { deviceScaleFactor: 1 }),
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.addInitScript((l) => localStorage.setItem('qarar:language', l), lang);
  if (tokens) await storeSession(context, tokens);
  return context;
}

// Page scripts are strings: tsx would wrap named functions in a helper the page does not have.

/** Nothing is loading: no spinner, no skeleton, the fonts in, the images on screen decoded. */
const SETTLED = `(() => {
  const busy = document.querySelector('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]');
  if (busy && busy.getClientRects().length) return false;
  if (document.fonts.status !== 'loaded') return false;
  const h = innerHeight;
  return Array.from(document.images).every((img) => {
    const r = img.getBoundingClientRect();
    return r.bottom < 0 || r.top > h || r.width === 0 || img.complete;
  });
})()`;

/**
 * How far the page reaches past the screen's width (a phone widens its layout viewport to fit,
 * so the width emulated is the measure, not innerWidth), and what forces it: the outermost
 * elements wider than their parent's content box, each with the deepest descendant just as wide
 * (the one whose content sets that width). Inside a horizontal scroller or a fixed layer (a
 * drawer, a toast) an element is left alone: scrolling or clipping there is by design.
 */
const overflowScript = (screenWidth: number) => `(() => {
  const screen = ${screenWidth};
  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  const contained = (el) => {
    for (let p = el; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.position === 'fixed') return true;
      if (p !== el && ['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX)) return true;
    }
    return false;
  };
  const describe = (el) => {
    const cls = (el.getAttribute('class') || '').split(/\\s+/).filter((c) => /^Mui[A-Z]/.test(c) && c !== 'MuiBox-root').slice(0, 2).join('.');
    const text = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
    return el.tagName.toLowerCase() + (cls ? '.' + cls : '') + '(' + getComputedStyle(el).display + ')' + (text ? ' "' + text + '"' : '');
  };
  const innerWidth = (el) => {
    const s = getComputedStyle(el);
    return el.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - parseFloat(s.borderLeftWidth) - parseFloat(s.borderRightWidth);
  };
  // The width an element asks for when it may be as narrow as its content allows.
  const minContent = (el) => {
    const { width, maxWidth, minWidth } = el.style;
    Object.assign(el.style, { width: 'min-content', maxWidth: 'none', minWidth: '0' });
    const w = el.getBoundingClientRect().width;
    Object.assign(el.style, { width, maxWidth, minWidth });
    return w;
  };
  const culprits = [];
  if (scrollWidth > screen) {
    const done = new Set();
    for (const el of document.body.querySelectorAll('*')) {
      if (culprits.length >= 3) break;
      const box = el.parentElement;
      if (!box || done.has(box) || [...done].some((d) => d.contains(box))) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || r.width <= innerWidth(box) + 1 || contained(el)) continue;
      done.add(box);
      // Down to the innermost element that cannot be narrower than this.
      let holder = box;
      for (let next = box; next; ) {
        next = Array.from(next.children).find((c) => getComputedStyle(c).position !== 'absolute' && minContent(c) >= r.width - 1);
        if (next) holder = next;
      }
      culprits.push(describe(box) + ' holds ' + Math.round(r.width) + ' px in ' + Math.round(innerWidth(box)) + (holder !== box ? ', held open by ' + describe(holder) : ''));
    }
  }
  return { width: screen, scrollWidth, culprits };
})()`;

interface Overflow {
  width: number;
  scrollWidth: number;
  culprits: string[];
}

async function settle(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.locator('h1').first().waitFor({ timeout: 10_000 }).catch(() => {});
  const settled = await page
    .waitForFunction(SETTLED, undefined, { timeout: 10_000, polling: 200 })
    .then(() => true)
    .catch(() => false);
  // The last images decoded and any layout shift after them.
  await page.waitForTimeout(250);
  return settled;
}

/** Scrolls through a page so its lazy images load before a whole-page picture. */
async function loadLazyImages(page: Page, limit: number) {
  for (let y = 0; y < limit; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  await page.waitForFunction(SETTLED, undefined, { timeout: 5_000 }).catch(() => {});
}

/** The README shows one screen of each page: a whole page would be a long strip. */
async function capture(page: Page, shot: Shot, width: Width, screenOnly: boolean): Promise<Buffer> {
  const view = VIEWPORTS[width];
  if (shot.capture !== 'page' || screenOnly) return page.screenshot({ animations: 'disabled', caret: 'hide' });
  const maxHeight = view.height * 3;
  const height = Math.min(maxHeight, await page.evaluate(() => document.documentElement.scrollHeight));
  if (height > view.height) await loadLazyImages(page, height);
  return page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true, clip: { x: 0, y: 0, width: view.width, height } });
}

async function main() {
  if (args.help) {
    console.log(
      `npm run screenshots [-- --only ${SHOTS.map((s) => s.name).join(',')}] [--lang ar,en] [--theme light,dark] [--width desktop,mobile|1280,360] [--docs]`,
    );
    return;
  }
  const names = list(args.only, SHOTS.map((s) => s.name), 'route');
  const langs = list(args.lang, LANGS, 'language');
  const themes = list(args.theme, THEMES, 'theme');
  const widths = list(args.width, WIDTHS, 'width', { '1280': 'desktop', '360': 'mobile' });

  type Job = { shot: Shot; lang: Lang; theme: Theme; width: Width; file: string; docs: boolean };
  const jobs: Job[] = [];
  if (args.docs) {
    for (const d of DOCS) jobs.push({ shot: SHOTS.find((s) => s.name === d.name)!, lang: d.lang, theme: d.theme, width: d.width, file: path.join(DOCS_DIR, `${d.name}-${d.lang}-${d.theme}-${d.width}.png`), docs: true });
  } else {
    for (const lang of langs)
      for (const theme of themes)
        for (const width of widths)
          for (const shot of SHOTS)
            if (names.includes(shot.name) && (!shot.widths || shot.widths.includes(width)))
              jobs.push({ shot, lang, theme, width, file: path.join(SCREENSHOTS, `${shot.name}-${lang}-${theme}-${VIEWPORTS[width].width}.png`), docs: false });
  }
  if (!jobs.length) throw new Error('nothing to shoot with these filters');

  const started = Date.now();
  const webDir = ensureBuild();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const stopAll = async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    process.env.WEB_DIR = webDir;
    server = await startServer();
    log(`server ready at ${server.baseURL} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const fixtures = await findFixtures(server.baseURL);
    const needsReader = jobs.some((j) => j.shot.signedIn);
    const reader = needsReader ? await readerWithBookmarks(server.baseURL) : undefined;
    browser = await launchBrowser();
    mkdirSync(args.docs ? DOCS_DIR : SCREENSHOTS, { recursive: true });

    const overflowing: string[] = [];
    const unsettled: string[] = [];
    const failed: string[] = [];
    const contexts = new Map<string, BrowserContext>();
    let done = 0;

    for (const job of jobs) {
      const look = `${job.lang}-${job.theme}-${job.width}`;
      const key = `${look}-${job.shot.signedIn ? 'in' : 'out'}`;
      if (![...contexts.keys()].every((k) => k.startsWith(look))) {
        // The jobs are grouped by look: the previous look's contexts are done with.
        for (const c of contexts.values()) await c.close().catch(() => {});
        contexts.clear();
      }
      let context = contexts.get(key);
      if (!context) {
        // One context per look (pages share its cache); fresh tokens for each signed-in one.
        const tokens = job.shot.signedIn && reader ? await signIn(server.baseURL, reader.username, reader.password) : undefined;
        context = await newContext(browser, server.baseURL, job.lang, job.theme, job.width, tokens);
        contexts.set(key, context);
      }
      const label = path.basename(job.file, '.png');
      const page = await context.newPage();
      waitForAppOnLoad(page);
      try {
        await job.shot.before?.(page);
        await page.goto(job.shot.path(fixtures));
        if (!(await settle(page))) unsettled.push(label);
        if (job.shot.after) {
          await job.shot.after(page, job.lang);
          await page.waitForFunction(SETTLED, undefined, { timeout: 5_000, polling: 200 }).catch(() => {});
        }
        if (job.width === 'mobile' && !job.docs) {
          const o = (await page.evaluate(overflowScript(VIEWPORTS.mobile.width))) as Overflow;
          if (o.scrollWidth > o.width) {
            overflowing.push(`${label}: ${o.scrollWidth} px wide in ${o.width}${o.culprits.map((c) => `\n      ${c}`).join('')}`);
          }
        }
        const png = await capture(page, job.shot, job.width, job.docs);
        if (job.docs) {
          // Small enough for the README: resized, then as few colours as still look right.
          await sharp(png).resize({ width: DOCS_WIDTH[job.width] }).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(job.file);
        } else {
          await sharp(png).png({ compressionLevel: 9 }).toFile(job.file);
        }
        done++;
        if (done % 20 === 0) log(`${done}/${jobs.length}`);
      } catch (err) {
        failed.push(`${label}: ${err instanceof Error ? err.message.split('\n')[0] : err}`);
        rmSync(job.file, { force: true });
      } finally {
        await page.close().catch(() => {});
      }
    }

    const secs = ((Date.now() - started) / 1000).toFixed(0);
    const where = path.relative(ROOT, args.docs ? DOCS_DIR : SCREENSHOTS);
    console.log(`\n${done} screenshots in ${where}/ (${secs} s)`);
    if (unsettled.length) console.log(`\nstill loading after 10 s when shot (${unsettled.length}):\n  ${unsettled.join('\n  ')}`);
    if (!args.docs) {
      const checked = jobs.filter((j) => j.width === 'mobile').length;
      console.log(
        checked
          ? overflowing.length
            ? `\nhorizontal overflow at ${VIEWPORTS.mobile.width} px (${overflowing.length} of ${checked}):\n  ${overflowing.join('\n  ')}`
            : `\nno horizontal overflow at ${VIEWPORTS.mobile.width} px (${checked} pages checked)`
          : '',
      );
    }
    if (failed.length) {
      console.log(`\nfailed (${failed.length}):\n  ${failed.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
