/**
 * npm run screenshots [-- --only home,post,studio* --lang ar --theme dark --width 768 --reader in --strict --docs]
 *
 * The visual review (issues 6 and 18): a PNG of every route for each kind of reader: Arabic and
 * English, light and dark, desktop (1280×800), tablet (768×1024) and phone (360×780), a visitor
 * and a signed-in reader, saved as
 *   screenshots/<route>-<lang>-<theme>-<width px>-<in|out>.png
 * (git-ignored), and for each route a contact sheet, screenshots/sheets/<route>.png: all of that
 * route's shots of the run as labelled thumbnails, so that a person can look at every screen side
 * by side. Uses the build in WEB_DIR (dist/web when unset) and builds it first only when there is
 * none; starts the real server on a free port over an empty data directory, so the demo content
 * is seeded, and a new reader with a few bookmarks (one with a note) for the signed-in screens.
 *
 * Every route is shot for both readers, except those that only make sense for one: the reader's
 * own screens (bookmarks, follows, settings, alerts) signed in only, the sign-in screens (login,
 * signup, forgot and reset password: a signed-in reader is sent away from them) as a visitor
 * only. The publishing workspace (studio*) is shot signed in as the seeded publisher of the
 * Ministry of Education (moe_media), its file names ending in -in too.
 *
 *   --only      routes, by name (a name ending in * takes every route it starts: studio*)
 *   --lang      ar,en             --theme  light,dark
 *   --width     desktop,tablet,mobile or 1280,768,360
 *   --reader    out,in (visitor, signed in; the studio's publisher counts as in)
 *   --strict    exit 1 when a page overflows horizontally (a check for CI)
 *   --dry-run   print how many shots the filters make, and stop
 *
 * At the phone and tablet widths it measures horizontal overflow (the page wider than the
 * screen) and prints, for each width, the pages that overflow with the elements sticking out.
 * Long pages are shot to at most three screens' height; the feeds (virtualized lists) are shot
 * as the reader sees them.
 *
 * The tablet is emulated as Chromium's device list has an iPad Mini: 768×1024 CSS pixels at
 * twice the pixels, touch, and a mobile viewport (isMobile: true, so the page's meta viewport
 * applies), with the user agent of Chrome on an Android tablet (no "Mobile" in it).
 *
 * --docs writes only the few small images the README shows, into docs/screenshots/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { PHONE_BROWSER, ROOT, SCREENSHOTS, launchBrowser, registerReader, startServer, storeSession, waitForAppOnLoad, type RunningServer } from '../e2e/harness';
import { PUBLISHER_PASSWORD } from '../src/server/seed/accounts';
import { writeSheet, type SheetEntry } from './screenshot-sheets';

type Lang = 'ar' | 'en';
type Theme = 'light' | 'dark';
type Width = 'desktop' | 'tablet' | 'mobile';
/** A visitor, the reader with bookmarks, the publisher (studio routes only; files say -in). */
type Reader = 'out' | 'in' | 'publisher';

const LANGS: Lang[] = ['ar', 'en'];
const THEMES: Theme[] = ['light', 'dark'];
const WIDTHS: Width[] = ['desktop', 'tablet', 'mobile'];
const READERS: Array<'out' | 'in'> = ['out', 'in'];
const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  // An iPad Mini upright, as in Chromium's device list.
  tablet: { width: 768, height: 1024 },
  // The narrowest phone the issue asks for.
  mobile: { width: 360, height: 780 },
} as const;
/** Chrome on an Android tablet: no "Mobile" in it. */
const TABLET_BROWSER = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/**
 * The browser for each width. Phone and tablet at twice the pixels (as the devices are), so
 * Arabic diacritics and thin strokes can be judged; touch and a mobile viewport as Chromium's
 * device emulation has them (its iPad Mini: 768×1024, scale 2, isMobile and hasTouch true).
 */
const DEVICES = {
  desktop: { deviceScaleFactor: 1 },
  tablet: { isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: TABLET_BROWSER },
  mobile: { isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: PHONE_BROWSER },
} as const;
/** Where the page's horizontal overflow is measured. */
const OVERFLOW_WIDTHS: Width[] = ['tablet', 'mobile'];
/** The contact sheets' thumbnails: their width in pixels, and how much of a shot (in screens). */
const SHEET_THUMB = { desktop: 300, tablet: 300, mobile: 180 } as const;
const SHEET_SCREENS = 1.5;
/** The seeded publisher whose workspace is shot (src/server/seed/accounts.ts). */
const PUBLISHER = { username: 'moe_media', password: PUBLISHER_PASSWORD };

const DOCS_DIR = path.join(ROOT, 'docs', 'screenshots');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    lang: { type: 'string' },
    theme: { type: 'string' },
    width: { type: 'string' },
    reader: { type: 'string' },
    strict: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
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
  /** A post's version page (an older version of one corrected when the seed has one), when there is any. */
  version?: { slug: string; version: number };
  /** A post in the publisher's workspace, when it has any. */
  studioPost?: number;
  /** A visitor's e-mail alert, confirmed: its confirmation link's token (used) and the manage token. */
  alert?: { usedConfirm: string; manage: string };
}

interface Shot {
  /** The file name's first part and the --only filter. */
  name: string;
  /** Its address; undefined when the seed has nothing to show there (the shot is skipped). */
  path: (f: Fixtures) => string | undefined;
  /** Who it is shot for (default: a visitor and the reader with bookmarks). */
  readers?: Reader[];
  /**
   * 'page': the whole page, up to three screens high. 'view' (default): the viewport only,
   * for virtualized lists whose full page is mostly the space standing for unrendered rows.
   */
  capture?: 'page' | 'view';
  /** Only at these widths (default: all). */
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
    widths: ['tablet', 'mobile'],
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
  { name: 'organization-missing', path: () => '/organizations/NO-SUCH-ORG', capture: 'page' },
  { name: 'post', path: (f) => `/post/${enc(f.post)}`, capture: 'page' },
  { name: 'post-version', path: (f) => f.version && `/post/${enc(f.version.slug)}/versions/${f.version.version}`, capture: 'page' },
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
  { name: 'bookmarks', path: () => '/bookmarks', readers: ['in'], capture: 'page' },
  { name: 'following', path: () => '/following', readers: ['in'], capture: 'page' },
  { name: 'alerts', path: () => '/alerts', readers: ['in'], capture: 'page' },
  { name: 'settings', path: () => '/settings', readers: ['in'], capture: 'page' },
  // The pages an alert's e-mails link to, for a visitor (the token is the address's).
  // (A confirmation link works once: its page is shot as a reader finds it opened a second time.)
  { name: 'alerts-manage', path: (f) => f.alert && `/alerts?token=${f.alert.manage}`, readers: ['out'], capture: 'page' },
  { name: 'alerts-unsubscribe', path: (f) => f.alert && `/alerts/unsubscribe?token=${f.alert.manage}`, readers: ['out'], capture: 'page' },
  { name: 'alerts-confirm-used', path: (f) => f.alert && `/alerts/confirm?token=${f.alert.usedConfirm}`, readers: ['out'], capture: 'page' },
  { name: 'login', path: () => '/login', readers: ['out'], capture: 'page' },
  { name: 'signup', path: () => '/signup', readers: ['out'], capture: 'page' },
  { name: 'forgot-password', path: () => '/forgot-password', readers: ['out'], capture: 'page' },
  { name: 'reset-password', path: () => '/reset-password?token=x', readers: ['out'], capture: 'page' },
  { name: 'about', path: () => '/about', capture: 'page' },
  { name: 'privacy', path: () => '/privacy', capture: 'page' },
  { name: 'terms', path: () => '/terms', capture: 'page' },
  // The server answers 404 with the app's page; the shot is whatever the app shows there.
  { name: 'not-found', path: () => '/no-such-page', capture: 'page' },
  // The publishing workspace, as the seeded publisher.
  { name: 'studio', path: () => '/studio', readers: ['publisher'], capture: 'page' },
  { name: 'studio-editor', path: (f) => (f.studioPost === undefined ? undefined : `/studio/posts/${f.studioPost}`), readers: ['publisher'], capture: 'page' },
  { name: 'studio-members', path: () => '/studio/members', readers: ['publisher'], capture: 'page' },
  { name: 'studio-audit', path: () => '/studio/audit', readers: ['publisher'], capture: 'page' },
];

const readersOf = (shot: Shot): Reader[] => shot.readers ?? ['out', 'in'];
/** The file name's last part: the publisher is a signed-in reader. */
const readerSuffix = (reader: Reader) => (reader === 'out' ? 'out' : 'in');

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
const DOCS_WIDTH = { desktop: 640, tablet: 480, mobile: 300 } as const;

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
  version?: number;
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
    version: await findVersion(baseURL, post.slug),
  };
}

/** A corrected post's first version (what an old link shows, under its warning); else the latest of `fallback`, when it lists any. */
async function findVersion(baseURL: string, fallback: string): Promise<Fixtures['version']> {
  const recent = await api<Paged<ApiPost>>(baseURL, '/content/posts/?page_size=100');
  const corrected = recent.results.find((p) => (p.version ?? 1) > 1);
  if (corrected) return { slug: corrected.slug, version: 1 };
  const versions = await api<Array<{ version: number }>>(baseURL, `/content/posts/${enc(fallback)}/versions/`).catch(() => []);
  return versions.length ? { slug: fallback, version: Math.max(...versions.map((v) => v.version)) } : undefined;
}

/** A post in the publisher's workspace for the editor's shot: one still being worked on when there is one. */
async function findStudioPost(baseURL: string, tokens: Tokens): Promise<number | undefined> {
  const posts = await api<Paged<{ id: number; stage: string }>>(baseURL, '/studio/posts/?page_size=50', {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  const editable = ['in_review', 'changes_requested', 'draft'].map((stage) => posts.results.find((p) => p.stage === stage)).find(Boolean);
  return (editable ?? posts.results[0])?.id;
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

/**
 * A visitor's alert on an organization's posts, subscribed as the dialog does and confirmed as its
 * e-mail's link does (the token read from the server's outbox): the used token and the address's
 * manage token.
 */
async function visitorAlert(server: RunningServer): Promise<Fixtures['alert']> {
  const email = `shots${Date.now().toString(36)}@example.com`;
  const orgs = await api<Paged<{ code: string }>>(server.baseURL, '/producers/organizations/?page_size=1');
  await api(server.baseURL, '/alerts/subscriptions/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, list: { organization_code: orgs.results[0].code }, frequency: 'daily', lang: 'ar' }),
  });
  const outbox = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = existsSync(outbox) ? readdirSync(outbox).find((n) => n.endsWith(`-${email}.eml`)) : undefined;
    // Quoted-printable may fold the link: soft line breaks out first.
    const text = mail ? readFileSync(path.join(outbox, mail), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=') : '';
    const confirm = /\/alerts\/confirm\?token=([\w-]+)/.exec(text)?.[1];
    if (confirm) {
      const { manage_token: manage } = await api<{ manage_token: string }>(server.baseURL, '/alerts/confirm/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: confirm }),
      });
      return { usedConfirm: confirm, manage };
    }
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail for ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 250));
  }
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
    ...DEVICES[width],
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
      `npm run screenshots [-- --only ${SHOTS.map((s) => s.name).join(',')}] [--lang ar,en] [--theme light,dark] ` +
        `[--width desktop,tablet,mobile|1280,768,360] [--reader out,in] [--strict] [--dry-run] [--docs]`,
    );
    return;
  }
  const allNames = SHOTS.map((s) => s.name);
  // A name ending in * takes every route it starts (studio*).
  const only = args.only
    ?.split(',')
    .map((v) => v.trim())
    .flatMap((v) => (v.endsWith('*') ? allNames.filter((n) => n.startsWith(v.slice(0, -1))) : [v]))
    .join(',');
  const names = list(only, allNames, 'route');
  const langs = list(args.lang, LANGS, 'language');
  const themes = list(args.theme, THEMES, 'theme');
  const widths = list(args.width, WIDTHS, 'width', { '1280': 'desktop', '768': 'tablet', '360': 'mobile' });
  const readers = list(args.reader, READERS, 'reader', { visitor: 'out', 'signed-in': 'in' });
  // The publisher is a signed-in reader.
  const readerKinds: Reader[] = readers.includes('in') ? [...readers, 'publisher'] : readers;

  type Job = { shot: Shot; lang: Lang; theme: Theme; width: Width; reader: Reader; file: string; docs: boolean };
  const jobs: Job[] = [];
  if (args.docs) {
    for (const d of DOCS)
      jobs.push({ shot: SHOTS.find((s) => s.name === d.name)!, lang: d.lang, theme: d.theme, width: d.width, reader: 'out', file: path.join(DOCS_DIR, `${d.name}-${d.lang}-${d.theme}-${d.width}.png`), docs: true });
  } else {
    // Grouped by look, then by reader: one browser context each, closed when the look is done.
    for (const lang of langs)
      for (const theme of themes)
        for (const width of widths)
          for (const reader of readerKinds)
            for (const shot of SHOTS)
              if (names.includes(shot.name) && (!shot.widths || shot.widths.includes(width)) && readersOf(shot).includes(reader))
                jobs.push({
                  shot,
                  lang,
                  theme,
                  width,
                  reader,
                  file: path.join(SCREENSHOTS, `${shot.name}-${lang}-${theme}-${VIEWPORTS[width].width}-${readerSuffix(reader)}.png`),
                  docs: false,
                });
  }
  if (!jobs.length) throw new Error('nothing to shoot with these filters');
  if (args['dry-run']) {
    const per = (w: Width) => jobs.filter((j) => j.width === w).length;
    console.log(`${jobs.length} shots of ${new Set(jobs.map((j) => j.shot.name)).size} routes (${widths.map((w) => `${per(w)} at ${VIEWPORTS[w].width} px`).join(', ')}); post-version and studio-editor are skipped when the seed has nothing for them`);
    return;
  }

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
    const baseURL = server.baseURL;
    const fixtures = await findFixtures(baseURL);
    const accounts: Partial<Record<Reader, { username: string; password: string }>> = {};
    if (jobs.some((j) => j.reader === 'in')) accounts.in = await readerWithBookmarks(baseURL);
    if (jobs.some((j) => j.reader === 'publisher')) {
      accounts.publisher = PUBLISHER;
      fixtures.studioPost = await findStudioPost(baseURL, await signIn(baseURL, PUBLISHER.username, PUBLISHER.password));
    }
    if (jobs.some((j) => j.shot.name.startsWith('alerts-'))) fixtures.alert = await visitorAlert(server);
    // The shots the seed has nothing for.
    const skipped = new Set(jobs.filter((j) => j.shot.path(fixtures) === undefined).map((j) => j.shot.name));
    if (skipped.size) log(`nothing to show for ${[...skipped].join(', ')} in the seed: skipped`);
    const planned = jobs.filter((j) => !skipped.has(j.shot.name));
    browser = await launchBrowser();
    mkdirSync(args.docs ? DOCS_DIR : SCREENSHOTS, { recursive: true });

    const overflowing = new Map<Width, string[]>(OVERFLOW_WIDTHS.map((w) => [w, []]));
    const checked = new Map<Width, number>(OVERFLOW_WIDTHS.map((w) => [w, 0]));
    const unsettled: string[] = [];
    const failed: string[] = [];
    const shotFiles: Job[] = [];
    const contexts = new Map<string, BrowserContext>();
    let done = 0;

    for (const job of planned) {
      const look = `${job.lang}-${job.theme}-${job.width}`;
      const key = `${look}-${job.reader}`;
      if (![...contexts.keys()].every((k) => k.startsWith(`${look}-`))) {
        // The jobs are grouped by look: the previous look's contexts are done with.
        for (const c of contexts.values()) await c.close().catch(() => {});
        contexts.clear();
      }
      let context = contexts.get(key);
      if (!context) {
        // One context per look and reader (pages share its cache); fresh tokens for each signed-in one.
        const account = accounts[job.reader];
        const tokens = account ? await signIn(baseURL, account.username, account.password) : undefined;
        context = await newContext(browser, baseURL, job.lang, job.theme, job.width, tokens);
        contexts.set(key, context);
      }
      const label = path.basename(job.file, '.png');
      const page = await context.newPage();
      waitForAppOnLoad(page);
      try {
        await job.shot.before?.(page);
        await page.goto(job.shot.path(fixtures)!);
        if (!(await settle(page))) unsettled.push(label);
        if (job.shot.after) {
          await job.shot.after(page, job.lang);
          await page.waitForFunction(SETTLED, undefined, { timeout: 5_000, polling: 200 }).catch(() => {});
        }
        if (OVERFLOW_WIDTHS.includes(job.width) && !job.docs) {
          const o = await page.evaluate<Overflow>(overflowScript(VIEWPORTS[job.width].width));
          checked.set(job.width, checked.get(job.width)! + 1);
          if (o.scrollWidth > o.width) {
            overflowing.get(job.width)!.push(`${label}: ${o.scrollWidth} px wide in ${o.width}${o.culprits.map((c) => `\n      ${c}`).join('')}`);
          }
        }
        const png = await capture(page, job.shot, job.width, job.docs);
        if (job.docs) {
          // Small enough for the README: resized, then as few colours as still look right.
          await sharp(png).resize({ width: DOCS_WIDTH[job.width] }).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(job.file);
        } else {
          await sharp(png).png({ compressionLevel: 9 }).toFile(job.file);
          shotFiles.push(job);
        }
        done++;
        if (done % 20 === 0) log(`${done}/${planned.length}`);
      } catch (err) {
        failed.push(`${label}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
        rmSync(job.file, { force: true });
      } finally {
        await page.close().catch(() => {});
      }
    }
    for (const c of contexts.values()) await c.close().catch(() => {});
    await browser.close().catch(() => {});
    browser = undefined;

    const secs = ((Date.now() - started) / 1000).toFixed(0);
    const where = path.relative(ROOT, args.docs ? DOCS_DIR : SCREENSHOTS);
    console.log(`\n${done} screenshots in ${where}/ (${secs} s)`);

    if (shotFiles.length) {
      // A contact sheet per route: this run's shots of it, a row per width.
      const sheetsDir = path.join(SCREENSHOTS, 'sheets');
      mkdirSync(sheetsDir, { recursive: true });
      const sheetStarted = Date.now();
      const routes = SHOTS.filter((s) => shotFiles.some((j) => j.shot === s));
      for (const shot of routes) {
        const entries: SheetEntry[] = [];
        for (const width of WIDTHS)
          for (const j of shotFiles)
            if (j.shot === shot && j.width === width)
              entries.push({
                file: j.file,
                label: `${j.lang}-${j.theme}-${VIEWPORTS[width].width}-${j.reader}`,
                group: width,
                thumbWidth: SHEET_THUMB[width],
                maxSourceHeight: Math.round(VIEWPORTS[width].height * SHEET_SCREENS * (DEVICES[width].deviceScaleFactor ?? 1)),
              });
        await writeSheet(path.join(sheetsDir, `${shot.name}.png`), `${shot.name}   ${shot.path(fixtures)}`, entries);
      }
      console.log(`${routes.length} contact sheets in ${path.relative(ROOT, sheetsDir)}/ (${((Date.now() - sheetStarted) / 1000).toFixed(0)} s)`);
    }

    if (unsettled.length) console.log(`\nstill loading after 10 s when shot (${unsettled.length}):\n  ${unsettled.join('\n  ')}`);
    let overflows = 0;
    if (!args.docs) {
      for (const width of OVERFLOW_WIDTHS) {
        const n = checked.get(width)!;
        if (!n) continue;
        const list = overflowing.get(width)!;
        overflows += list.length;
        const px = VIEWPORTS[width].width;
        console.log(list.length ? `\nhorizontal overflow at ${px} px (${list.length} of ${n}):\n  ${list.join('\n  ')}` : `\nno horizontal overflow at ${px} px (${n} pages checked)`);
      }
    }
    if (failed.length) {
      console.log(`\nfailed (${failed.length}):\n  ${failed.join('\n  ')}`);
      process.exitCode = 1;
    }
    if (args.strict && overflows) {
      console.log(`\n--strict: ${overflows} page${overflows === 1 ? '' : 's'} overflow`);
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
