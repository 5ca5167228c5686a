import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  DEMO_READER,
  DESKTOP,
  MOBILE,
  PHONE_BROWSER,
  setup,
  signInThroughApi,
  storePreferences,
  storeSession,
  type Harness,
  type ReaderPreferences,
} from './harness';

/**
 * Every reader gets a page the server drew for them, readable before the app's scripts arrive
 * and taken over by the app in place (issue 11): English readers, dark devices, signed-in
 * readers, narrow desktop windows and phones, as well as the Arabic light visitor. Each public
 * screen is opened with the scripts held back (what shows then is the server's doing alone),
 * then let go; and opened again as a new reader would, timing when its content shows.
 */

interface Reader {
  name: string;
  /** The language the page must be drawn in. */
  language: 'ar' | 'en';
  /** The device's colour scheme (nobody here chose a theme: 'system'). */
  scheme: 'light' | 'dark';
  /** Which frame the width calls for: phone (top bar) or desktop (navigation column). */
  layout: 'phone' | 'desktop';
  viewport: { width: number; height: number };
  /** A phone's browser: touch, its user agent, a dense screen. */
  phone?: boolean;
  /** Choices made on an earlier visit: the cookie and the stored preferences. */
  preferences?: ReaderPreferences;
  signedIn?: boolean;
}

const READERS: Reader[] = [
  { name: 'Arabic light visitor on a desktop', language: 'ar', scheme: 'light', layout: 'desktop', viewport: DESKTOP },
  { name: 'Arabic light visitor on a phone', language: 'ar', scheme: 'light', layout: 'phone', viewport: MOBILE, phone: true },
  { name: 'English reader', language: 'en', scheme: 'light', layout: 'desktop', viewport: DESKTOP, preferences: { language: 'en', theme: 'system' } },
  { name: 'dark device', language: 'ar', scheme: 'dark', layout: 'desktop', viewport: DESKTOP },
  { name: 'signed-in reader', language: 'ar', scheme: 'light', layout: 'desktop', viewport: DESKTOP, signedIn: true },
  // MUI's md breakpoint is 900 px: below it a desktop browser gets the phone's frame too.
  { name: 'desktop browser in a 600 px window', language: 'ar', scheme: 'light', layout: 'phone', viewport: { width: 600, height: 800 } },
];

/** The palettes' page backgrounds (src/web/theme/createAppTheme.ts), as computed styles give them. */
const BACKGROUND = { light: 'rgb(245, 247, 246)', dark: 'rgb(11, 18, 32)' } as const;

/** The frame's labels in each language (src/web/i18n/locales/*\/core.ts). */
const LABELS = {
  ar: { mainNavigation: 'التنقل الرئيسي', home: 'الرئيسية', openMenu: 'فتح القائمة' },
  en: { mainNavigation: 'Main navigation', home: 'Home', openMenu: 'Open menu' },
} as const;

/** Generous for localhost: a drawn page shows in a few hundred ms, one the app must draw first in about 2 s. */
const CONTENT_VISIBLE_LIMIT_MS = 1500;
/** How long a drawn page may take to show with the scripts held back (its faces' wait is 300 ms). */
const DRAWN_WAIT_MS = 5000;
const LOADS = 3;

interface ApiPost {
  slug: string;
  title: string;
  title_ar: string;
}

/** What the page itself records from its first frame (see recordFrames). */
interface Frames {
  /** Each change of the page's background, from the first frame with a body. */
  backgrounds: string[];
  /** performance.now() (from the navigation's start) at the first frame with the content visible. */
  contentVisibleAt?: number;
}

/**
 * Runs in the page before anything else: every frame until `selector` shows, notes the page's
 * background (body's, or the root's when body has none) and when the content first shows,
 * visibility inherited from a hidden #root included. A frame callback runs just before that
 * frame is painted. Plain JavaScript in a string: tsx would give the functions of a TypeScript
 * one a naming helper that the page does not have.
 */
const recordFrames = (selector: string) => `(() => {
  var frames = { backgrounds: [] };
  window.__frames = frames;
  var options = { checkVisibilityCSS: true, visibilityProperty: true, checkOpacity: true, opacityProperty: true };
  requestAnimationFrame(function tick() {
    if (document.body) {
      var background = getComputedStyle(document.body).backgroundColor;
      if (background === 'rgba(0, 0, 0, 0)' || background === 'transparent') background = getComputedStyle(document.documentElement).backgroundColor;
      if (frames.backgrounds[frames.backgrounds.length - 1] !== background) frames.backgrounds.push(background);
      var content = document.querySelector(${JSON.stringify(selector)});
      if (content && content.getBoundingClientRect().height > 0 && content.checkVisibility(options)) {
        frames.contentVisibleAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  });
})()`;

const CONTENT = 'main article';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

describe('every reader gets a drawn page', () => {
  let h: Harness;
  let post: ApiPost;
  let session: { access: string; refresh: string };
  /** reader → page → median ms, for the summary at the end. */
  const figures = new Map<string, Map<string, number>>();

  before(async () => {
    h = await setup();
    const res = await fetch(`${h.baseURL}/api/v1/content/posts/?status=published&page_size=50`);
    const posts = ((await res.json()) as { results: ApiPost[] }).results;
    // Titled in both languages, so the drawn heading says which language the page is in.
    const both = posts.find((p) => p.title && p.title_ar && p.title !== p.title_ar);
    assert.ok(both, 'a published post titled in both languages among the first 50');
    post = both;
    session = await signInThroughApi(h.baseURL, DEMO_READER.username, DEMO_READER.password);
  });

  after(async () => {
    if (figures.size) {
      const columns = [...new Set([...figures.values()].flatMap((m) => [...m.keys()]))];
      const width = Math.max(...[...figures.keys()].map((r) => r.length));
      const lines = [
        `content visible after navigating (median of ${LOADS} loads, ms; limit ${CONTENT_VISIBLE_LIMIT_MS}):`,
        `${''.padEnd(width)}  ${columns.map((p) => p.padStart(8)).join('')}`,
        ...[...figures].map(([reader, byPage]) => `${reader.padEnd(width)}  ${columns.map((p) => String(byPage.get(p) ?? '-').padStart(8)).join('')}`),
      ];
      console.log(lines.join('\n'));
    }
    await h?.close();
  });

  const pages = () => [
    { name: 'home', path: '/' },
    { name: 'post', path: `/post/${encodeURIComponent(post.slug)}` },
    { name: 'explore', path: '/explore' },
  ];

  /** A new browser context as this reader's: a first-time page's context, like h.newPage's, but its loads do not wait for the app. */
  async function openAs(reader: Reader): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const options: BrowserContextOptions = {
      baseURL: h.baseURL,
      locale: reader.language,
      colorScheme: reader.scheme,
      viewport: reader.viewport,
      ...(reader.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: PHONE_BROWSER } : {}),
    };
    const context = await h.browser.newContext(options);
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    if (reader.preferences) await storePreferences(context, h.baseURL, reader.preferences);
    if (reader.signedIn) await storeSession(context, session);
    await context.addInitScript(recordFrames(CONTENT));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    return { context, page, errors };
  }

  const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Frames }).__frames);

  /** Why the content is not showing: what the page says about itself. */
  const stateOf = (page: Page) =>
    page.evaluate(() => {
      const root = document.getElementById('root');
      const attributes = [...document.documentElement.attributes].map((a) => (a.value ? `${a.name}="${a.value}"` : a.name)).join(' ');
      return `<html ${attributes}>; #root ${root ? `visibility ${getComputedStyle(root).visibility}, ${root.querySelectorAll('article').length} articles` : 'missing'}`;
    });

  for (const reader of READERS) {
    describe(reader.name, () => {
      const labels = LABELS[reader.language];
      const otherLabels = LABELS[reader.language === 'ar' ? 'en' : 'ar'];

      for (const target of [{ name: 'home' }, { name: 'post' }, { name: 'explore' }]) {
        test(`${target.name}: drawn for them, readable before the scripts, taken over in place`, async () => {
          const { path } = pages().find((p) => p.name === target.name)!;
          const { context, page, errors } = await openAs(reader);
          try {
            // The app's scripts wait until let go: what shows meanwhile is the server's page.
            let release = () => {};
            const released = new Promise<void>((resolve) => (release = resolve));
            const held: string[] = [];
            await page.route('**/*.js', async (route) => {
              held.push(route.request().url());
              await released;
              await route.continue().catch(() => {});
            });
            await page.goto(path, { waitUntil: 'commit' });
            const content = page.locator(CONTENT).first();
            try {
              await content.waitFor({ state: 'visible', timeout: DRAWN_WAIT_MS });
            } catch {
              assert.fail(`the ${reader.name}'s ${target.name} page does not show before the app's scripts run: ${await stateOf(page)}`);
            }
            assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready')), false, 'the scripts were held back');

            // In their language and direction.
            const html = page.locator('html');
            assert.equal(await html.getAttribute('lang'), reader.language, '<html lang>');
            assert.equal(await html.getAttribute('dir'), reader.language === 'ar' ? 'rtl' : 'ltr', '<html dir>');
            if (target.name === 'post') {
              const expected = reader.language === 'en' ? post.title : post.title_ar;
              assert.equal((await page.locator('main h1').first().textContent())?.trim(), expected, 'the post’s heading in the reader’s language');
            }
            const otherFrame = page.locator(`[aria-label="${otherLabels.mainNavigation}"], [aria-label="${otherLabels.openMenu}"]`);
            assert.equal(await otherFrame.count(), 0, `no navigation labelled in ${reader.language === 'ar' ? 'English' : 'Arabic'}`);

            // The frame the width calls for, whatever browser asked.
            const topBar = page.locator(`header:visible:has(button[aria-label="${labels.openMenu}"])`);
            const sideNav = page.locator(`nav[aria-label="${labels.mainNavigation}"]:visible`);
            if (reader.layout === 'phone') {
              assert.equal(await topBar.count(), 1, `the top bar with “${labels.openMenu}”`);
              assert.equal(await sideNav.count(), 0, 'no navigation column');
            } else {
              assert.equal(await sideNav.count(), 1, 'the navigation column');
              assert.equal(await sideNav.locator('a[href="/"]', { hasText: labels.home }).count(), 1, `its “${labels.home}” link`);
              assert.equal(await topBar.count(), 0, 'no top bar');
            }

            // The reader's colours from the first frame on: a dark device never sees a light one.
            // A loaded machine may show the content before the recorder's first frame callback
            // has run (seen once in CI: none recorded): wait for a frame to have been painted.
            await page.waitForFunction(() => (window as unknown as { __frames: Frames }).__frames.backgrounds.length > 0, undefined, { timeout: 5000 }).catch(() => undefined);
            const frames = await framesOf(page);
            assert.ok(frames.backgrounds.length > 0, 'frames were recorded');
            assert.deepEqual([...new Set(frames.backgrounds)], [BACKGROUND[reader.scheme]], `every frame until the content showed has the ${reader.scheme} background`);

            // Then the app takes over what was drawn, rather than drawing it again.
            await page.evaluate((selector) => {
              for (const el of [document.querySelector('main'), document.querySelector(selector)]) if (el) Object.assign(el, { __drawn: true });
            }, CONTENT);
            // Measured once the faces are in: a loaded machine may show the page in the fallback
            // face (past FONT_WAIT_MS), whose lines are longer or shorter, and what moves then is
            // the font's doing, not the takeover's (seen once in CI: the post 61 px shorter after).
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            const box = await content.boundingBox();
            // Their card links to their profile: none in the page the server drew for everyone.
            const userCard = page.locator(`nav[aria-label="${labels.mainNavigation}"] a[href="/profile/${DEMO_READER.username}"]`, { hasText: `@${DEMO_READER.username}` });
            assert.equal(await userCard.count(), 0, 'nothing of a reader’s own in the drawn page');
            release();
            await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
            assert.ok(held.length > 0, 'the app’s scripts were held back');
            if (reader.signedIn) {
              // Their own bits fill in after the takeover.
              await userCard.waitFor({ state: 'visible' });
            }
            // And whatever the app asks for once it has the page (a signed-in reader's bookmark
            // marks, the right column's lists) has come and been shown.
            await page.waitForLoadState('networkidle');
            const kept = await page.evaluate(
              (selector) => Object.fromEntries(Object.entries({ main: 'main', content: selector }).map(([k, s]) => [k, (document.querySelector(s) as { __drawn?: boolean } | null)?.__drawn === true])),
              CONTENT,
            );
            assert.deepEqual(kept, { main: true, content: true }, 'the drawn <main> and its first article are the ones the app took over');
            assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), BACKGROUND[reader.scheme], 'the same colours once the app has the page');
            assert.deepEqual(await content.boundingBox(), box, 'the content did not move');
            assert.deepEqual(errors, []);
          } finally {
            await context.close();
          }
        });
      }

      // Parts of the drawn page this reader's screen does not show (the navigation column on a
      // phone, the right column below 1200 px) are never taken over: they must not hold up the
      // app's own navigation, by link or by the browser's back button.
      test('after the take-over, links and the back button move between screens', async () => {
        const { context, page, errors } = await openAs(reader);
        try {
          await page.goto('/');
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
          const home = (await page.locator('main h1').first().textContent())?.trim();
          const title = page.locator('main article h2 a').first();
          const href = await title.getAttribute('href');
          assert.ok(href?.startsWith('/post/'), 'a card links to its post');
          const documents: string[] = [];
          page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
          await title.click();
          await page.waitForURL((url) => url.pathname === href);
          await page.locator('main h1').first().waitFor();
          await page.waitForFunction((home) => document.querySelector('main h1')?.textContent?.trim() !== home, home);
          await page.goBack();
          await page.waitForFunction((home) => document.querySelector('main h1')?.textContent?.trim() === home, home);
          assert.deepEqual(documents, [], 'the app moved between screens itself, without loading a page');
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      });

      test('content visible soon after navigating, as a first-time load', async (t) => {
        const byPage = new Map<string, number>();
        figures.set(reader.name, byPage);
        const slow: string[] = [];
        for (const { name, path } of pages()) {
          const times: number[] = [];
          for (let i = 0; i < LOADS; i++) {
            const { context, page } = await openAs(reader);
            try {
              await page.goto(path, { waitUntil: 'commit' });
              await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
              await page.waitForFunction(() => (window as unknown as { __frames: Frames }).__frames.contentVisibleAt !== undefined);
              times.push(Math.round((await framesOf(page)).contentVisibleAt!));
            } finally {
              await context.close();
            }
          }
          const ms = median(times);
          byPage.set(name, ms);
          t.diagnostic(`${reader.name}, ${name}: content visible after ${ms} ms (loads: ${times.join(', ')} ms)`);
          // The median is the figure; the test holds the best load to the limit, which a page hidden
          // until the app draws it can never meet (it waits for a 1.5 s timer at least), while a
          // busy machine's odd slow load does not fail a drawn one.
          if (Math.min(...times) > CONTENT_VISIBLE_LIMIT_MS) slow.push(`${name} ${times.join('/')} ms`);
        }
        assert.deepEqual(slow, [], `content visible within ${CONTENT_VISIBLE_LIMIT_MS} ms of navigating`);
      });
    });
  }
});
