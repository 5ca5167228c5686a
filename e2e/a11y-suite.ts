import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type axeCore from 'axe-core';
import type { Result, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { registerReader, setup, type Harness, type NewReader } from './harness';

/**
 * Issue 6: axe-core on every route and on the opened states (lightbox, bookmark note popover,
 * phone menu, phone search, explore's custom range), in Arabic and English × light and dark ×
 * desktop and phone width × visitor and signed-in reader. No serious or critical violation may
 * remain; a minor or moderate one fails too unless ALLOWED below says why it stays.
 *
 * One browser context per look; the app is loaded once per look and then moved from route to
 * route inside the page (history.pushState + popstate, as a link would), waiting for the
 * screen's content rather than for a fixed time. Prints a table of violations per route and look.
 *
 * What each look audits, so that the suite's some 500 audits cost what they find:
 * - axe is put into a page once and run there for each route (not injected again per audit);
 * - a dark look is the light one's page in other colours (no component draws other elements
 *   in dark), so its audit runs the rules about colour (WCAG's contrast, links told apart in
 *   text), except one dark look per language (desktop, visitor), which runs every rule and so
 *   audits what does change with the theme: the theme switch's name, the logo;
 * - a signed-in reader is not audited on the screens that are the same for everyone (sign-in
 *   and sign-up forms, the static pages, the not-found pages): the header that differs is
 *   audited on all the others.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/**
 * Rules axe marks experimental (off unless named) that are audited all the same: WCAG 2.5.3's
 * label in name (a control's accessible name begins with the words it shows, as speech input
 * users say them).
 */
const EXPERIMENTAL = ['label-content-name-mismatch'];

/**
 * axe-core's browser build, put into each look's page once (page.evaluate, which the CSP does not
 * govern): the one @axe-core/playwright depends on (the studio's audit uses it), not whichever
 * axe-core another package put at the top of node_modules.
 */
const AXE_SOURCE = readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [path.dirname(require.resolve('@axe-core/playwright'))] }),
  'utf8',
);

/** Screens the same for a signed-in reader as for a visitor but for the header (see above). */
const SAME_FOR_EVERYONE = ['/login', '/signup', '/forgot-password', '/reset-password', '/about', '/privacy', '/terms', '/verify'];

/**
 * Minor or moderate rules that may stay, each with the reason. Anything else fails. Empty: every
 * violation found when this audit was written was fixed (see the issue 6 note).
 */
const ALLOWED: Record<string, string> = {};

export type Language = 'ar' | 'en';
type Scheme = 'light' | 'dark';
type Width = 'desktop' | 'mobile';
interface Look {
  language: Language;
  scheme: Scheme;
  width: Width;
  signedIn: boolean;
}
const lookName = (l: Look) => `${l.language}-${l.scheme}-${l.width}-${l.signedIn ? 'in' : 'out'}`;
/** Whether a look runs every rule, or only the rules about colour (a dark look but one: see above). */
const allRules = (l: Look) => l.scheme === 'light' || (l.width === 'desktop' && !l.signedIn);
const LOOKS: Look[] = (['ar', 'en'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((scheme) =>
    (['desktop', 'mobile'] as const).flatMap((width) => [false, true].map((signedIn) => ({ language, scheme, width, signedIn }))),
  ),
);

/** The opened states audited after the routes, in the table's order. */
const OPENED = ['explore: custom range open', 'post: lightbox open', 'post: bookmark note open', 'mobile menu open', 'mobile search open'];

interface Finding {
  route: string;
  look: string;
  rule: string;
  impact: string;
  nodes: string[];
}

/** Every screen loaded, nothing still loading, nothing moving (a fading colour fails contrast falsely). */
// Functions, not strings: the portal's CSP forbids evaluating a string as script.
const SETTLED = () => {
  const main = document.querySelector('main');
  const h1 = main && main.querySelector('h1');
  if (!h1 || h1.getAttribute('data-a11y-before') === h1.textContent) return false;
  // Nothing loading: a control still waiting for its data changes its look when it arrives (a
  // follow button leaving its disabled colours mid-audit read as a contrast failure).
  if (document.querySelector('[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]')) return false;
  // Style and layout brought up to date first: a change React has just made (a button leaving
  // its disabled colours) starts its CSS transition only then, and getAnimations() alone may not
  // see it yet (it read as settled under load, and axe then measured the colours mid-way).
  void document.documentElement.offsetHeight;
  return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
};

/** Nothing moving (after opening a dialog or popover). */
const STILL = () => {
  void document.documentElement.offsetHeight;
  return document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
};

/**
 * The suite for one language's eight looks: a11y-ar.e2e.ts and a11y-en.e2e.ts each run one, so
 * that the runner gives the two halves to its two lanes instead of one file holding a lane for
 * some seven minutes while the other lane runs everything else.
 */
export function accessibilitySuite(language: Language): void {
  // Two looks at a time: each is mostly waiting on the browser.
  describe(`accessibility (axe-core, ${language})`, { concurrency: 2 }, () => {
    let h: Harness;
    let reader: NewReader;
    const routes: string[] = [];
    /** The routes a signed-in look skips: SAME_FOR_EVERYONE's and the two not-found pages. */
    const sameForEveryone = new Set<string>();
    /** The post with images, whose lightbox and note popover are opened. */
    let illustratedSlug = '';
    const findings: Finding[] = [];
    /** route → look → number of violations (any impact). */
    const table = new Map<string, Map<string, number>>();

    const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
      const res = await fetch(`${h.baseURL}/api/v1${path}`, init);
      assert.ok(res.ok, `${path} answered ${res.status}`);
      return (await res.json()) as T;
    };

    before(async () => {
      h = await setup();
      const [categories, types, hashtags, orgs, withFiles] = await Promise.all([
        api<{ slug: string }[]>('/content/categories/'),
        api<{ id: number }[]>('/content/post-types/'),
        api<{ results: { slug: string }[] }>('/content/hashtags/?page_size=1'),
        api<{ results: { code: string }[] }>('/producers/organizations/?is_active=true&is_verified=true&page_size=1'),
        api<{ results: { slug: string; author: { username: string }; attachments: { file_type: string }[] }[] }>(
          '/content/posts/?has_attachments=true&status=published&page_size=50',
        ),
      ]);
      const [orgFull, hashtagFull] = await Promise.all([
        api<{ id: number }>(`/producers/organizations/${encodeURIComponent(orgs.results[0].code)}/`),
        api<{ id: number }>(`/content/hashtags/${encodeURIComponent(hashtags.results[0].slug)}/`),
      ]);
      const illustrated = withFiles.results.find((p) => p.attachments.filter((a) => a.file_type.startsWith('image/')).length > 1);
      assert.ok(illustrated, 'the seed has a post with two images');
      illustratedSlug = illustrated.slug;
      const enc = encodeURIComponent;
      // A corrected post, for the comparison of its versions (issue 30).
      let corrected: { slug: string; version: number } | undefined;
      for (let page = 1; !corrected && page <= 20; page++) {
        const list = await api<{ results: { slug: string; version: number }[] }>(`/content/posts/?page_size=50&page=${page}`);
        corrected = list.results.find((p) => p.version >= 2);
      }
      assert.ok(corrected, 'the seed has a corrected post');

      // A reader of its own, with two bookmarks (one noted, mixing scripts) for /bookmarks.
      reader = await registerReader(h.baseURL, 'ax', { first_name: 'Layla', last_name: 'Hassan' });
      const { access } = await api<{ access: string }>('/auth/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: reader.username, password: reader.password }),
      });
      // It follows an organization and a hashtag, for /following.
      for (const target of [`organization/${orgFull.id}`, `hashtag/${hashtagFull.id}`]) {
        await api(`/auth/follows/${target}/`, { method: 'PUT', headers: { authorization: `Bearer ${access}` } });
      }
      const others = withFiles.results.filter((p) => p.slug !== illustrated.slug).slice(0, 2);
      for (const [i, post] of others.entries()) {
        await api(`/content/posts/${enc(post.slug)}/bookmark/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
          body: JSON.stringify({ notes: i === 0 ? 'مراجعة مع Ahmed قبل 2025-01-31 على https://example.com/a' : null }),
        });
      }

      routes.push(
        '/',
        `/?category=${enc(categories[0].slug)}`,
        '/explore',
        `/explore?dateRange=month&has_attachments=true&sortBy=most_viewed&category=${enc(categories[0].slug)}`,
        '/categories',
        '/types',
        `/types/${types[0].id}`,
        '/hashtags',
        `/hashtags/${enc(hashtags.results[0].slug)}`,
        '/organizations',
        `/organizations/${enc(orgs.results[0].code)}`,
        `/post/${enc(illustrated.slug)}`,
        `/profile/${enc(illustrated.author.username)}`,
        '/bookmarks',
        '/following',
        '/alerts',
        '/settings',
        '/login',
        '/signup',
        '/forgot-password',
        '/reset-password?token=not-a-real-token',
        '/about',
        '/privacy',
        '/terms',
        '/post/no-such-post-a11y',
        '/organizations/NO-SUCH-ORG',
        // Issue 30: checking a document, a post's print view, two of its versions compared.
        '/verify',
        `/post/${enc(illustrated.slug)}/print`,
        `/post/${enc(corrected.slug)}/compare/${corrected.version - 1}/${corrected.version}`,
        // Issue 31: what can be read without a network.
        '/offline',
      );
      for (const route of routes) if (SAME_FOR_EVERYONE.includes(new URL(route, h.baseURL).pathname)) sameForEveryone.add(route);
      sameForEveryone.add('/post/no-such-post-a11y').add('/organizations/NO-SUCH-ORG');
      for (const route of routes) if (/^\/post\/[^/]+\/(print|compare\/)/.test(route)) sameForEveryone.add(route);
    });

    after(async () => {
      printTable();
      await h?.close();
    });

    function record(route: string, look: string, violations: Result[]) {
      if (!table.has(route)) table.set(route, new Map());
      table.get(route)!.set(look, violations.length);
      for (const v of violations) {
        findings.push({ route, look, rule: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} — ${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`) });
      }
    }

    function printTable() {
      if (!table.size) return;
      const looks = LOOKS.filter((l) => l.language === language).map(lookName);
      const shown = (route: string) => {
        const text = decodeURIComponent(route);
        return text.length > 44 ? `${text.slice(0, 43)}…` : text;
      };
      const width = Math.max(...[...table.keys()].map((r) => shown(r).length), 5);
      const short = (l: string) => l.replace(/-(light|dark)-(desktop|mobile)-(in|out)$/, (_m, s, w, a) => `${s[0]}${w[0]}${a[0]}`);
      const lines = [`${'route'.padEnd(width)} ${looks.map((l) => short(l).padStart(6)).join('')}`];
      // Routes in their order, each settings tab after /settings, the opened states last (looks run two at a time).
      const order = [...routes.flatMap((r) => (r === '/settings' ? [r, ...[2, 3, 4, 5].map((n) => `/settings tab ${n}`)] : [r])), ...OPENED];
      const rows = [...table].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
      for (const [route, byLook] of rows) {
        lines.push(`${shown(route).padEnd(width)} ${looks.map((l) => String(byLook.has(l) ? byLook.get(l) || '·' : '-').padStart(6)).join('')}`);
      }
      lines.push('(columns: language, then l/d theme, d/m width, i/o signed in/out; · none, - not audited; the dark looks but "ddo" run the rules about colour only)');
      console.log(`\naxe violations per route and look\n${lines.join('\n')}`);
      const rules = new Map<string, Finding[]>();
      for (const f of findings) rules.set(f.rule, [...(rules.get(f.rule) ?? []), f]);
      for (const [rule, list] of rules) {
        console.log(`\n${rule} (${list[0].impact}${ALLOWED[rule] ? ', allowed' : ''}) on ${list.length} screen(s), e.g. ${list[0].route} ${list[0].look}:`);
        for (const n of list[0].nodes) console.log(`  ${n}`);
      }
    }

    async function audit(page: Page, route: string, look: Look): Promise<string[]> {
      const t0 = Date.now();
      // A page loaded afresh (the same screen with other search parameters) needs axe again.
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(
        async ({ tags, every, experimental }) => {
          const axe = (window as unknown as { axe: typeof axeCore }).axe;
          const colour = axe.getRules(tags).filter((r) => r.tags.includes('cat.color')).map((r) => r.ruleId);
          const options: RunOptions = {
            runOnly: every ? { type: 'tag', values: tags } : { type: 'rule', values: colour },
            // Named rules run beside the tags' (runOnly by rule, the colour looks', ignores this).
            rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])),
            resultTypes: ['violations'],
          };
          return (await axe.run(document, options)).violations;
        },
        { tags: TAGS, every: allRules(look), experimental: EXPERIMENTAL },
      );
      if (process.env.A11Y_DEBUG) console.log(`axe ${route} ${Date.now() - t0} ms`);
      const name = lookName(look);
      record(route, name, violations);
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || !ALLOWED[v.id])
        .map((v) => `${route} [${name}] ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    }

    /** Loads the app at a route (the reader's profile, when signed in, arrived) and waits for it to settle. */
    async function load(page: Page, route: string, signedIn: boolean) {
      const me = signedIn ? page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/me/' && r.ok()) : null;
      await page.goto(route);
      await me;
      await settle(page);
    }

    /**
     * Moves the app to a route as a link would (no reload), then waits for it to settle. The same
     * screen with other search parameters is loaded afresh instead: nothing on it would tell the
     * state before its update from the state after.
     */
    async function visit(page: Page, route: string, signedIn: boolean) {
      const [to, from] = [new URL(route, page.url()), new URL(page.url())];
      if (to.pathname === from.pathname) {
        if (to.search !== from.search) await load(page, route, signedIn);
        return;
      }
      await page.evaluate((to) => {
        // The screen being left keeps its heading until the next one renders: tell them apart by
        // its element and its words (the same screen with other search parameters keeps both).
        const h1 = document.querySelector('main h1');
        if (h1 && new URL(to, location.href).pathname !== location.pathname) h1.setAttribute('data-a11y-before', h1.textContent ?? '');
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      const t0 = Date.now();
      await settle(page);
      if (process.env.A11Y_DEBUG) console.log(`settle ${route} ${Date.now() - t0} ms`);
    }

    const settle = (page: Page) => page.waitForFunction(SETTLED, undefined, { timeout: 20_000 });
    const still = (page: Page) => page.waitForFunction(STILL);

    async function lookPage(look: Look): Promise<{ page: Page; context: BrowserContext }> {
      const page = await h.newPage({ locale: look.language, colorScheme: look.scheme, viewport: look.width });
      if (look.language === 'en') await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
      if (look.signedIn) await h.signInAs(page, reader.username, reader.password);
      await load(page, '/', look.signedIn);
      return { page, context: page.context() };
    }

    for (const look of LOOKS.filter((l) => l.language === language)) {
      const name = lookName(look);
      test(name, async () => {
        const { page, context } = await lookPage(look);
        const failures: string[] = [];
        try {
          for (const route of routes) {
            if (look.signedIn && sameForEveryone.has(route)) continue;
            await visit(page, route, look.signedIn);
            failures.push(...(await audit(page, route, look)));
            if (route === '/settings' && look.signedIn) {
              // The four other tabs.
              const tabs = page.getByRole('tab');
              const count = await tabs.count();
              for (let i = 1; i < count; i++) {
                await tabs.nth(i).click();
                await page.locator('[role="tabpanel"]:not([hidden])').waitFor();
                await still(page);
                failures.push(...(await audit(page, `/settings tab ${i + 1}`, look)));
              }
              await tabs.first().click();
            }
          }

          // Opened states.
          await visit(page, '/explore', look.signedIn);
          await page.locator('main [aria-expanded][aria-controls], main .MuiChip-root[aria-expanded]').last().click();
          await page.locator('main [role="group"] input[type="date"]').first().waitFor();
          await still(page);
          failures.push(...(await audit(page, 'explore: custom range open', look)));

          await visit(page, `/post/${encodeURIComponent(illustratedSlug)}`, look.signedIn);
          const opener = page.locator('main button[aria-label]:has(img)').first();
          await opener.click();
          await page.locator('[role="dialog"] img').first().waitFor();
          await still(page);
          failures.push(...(await audit(page, 'post: lightbox open', look)));
          await page.keyboard.press('Escape');
          await page.locator('[role="dialog"]').waitFor({ state: 'detached' });

          if (look.signedIn) {
            // The bookmark toggle (a link-born button: see ActionButton).
            await page.locator('main [aria-pressed="false"]').first().click();
            await page.locator('[role="dialog"] textarea').first().waitFor();
            await still(page);
            failures.push(...(await audit(page, 'post: bookmark note open', look)));
            await page.keyboard.press('Escape');
            await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
          }

          if (look.width === 'mobile') {
            await page.locator('header button[aria-controls="mobile-menu"]').click();
            await page.locator('#mobile-menu').waitFor();
            await still(page);
            failures.push(...(await audit(page, 'mobile menu open', look)));
            await page.keyboard.press('Escape');
            await page.locator('#mobile-menu').waitFor({ state: 'hidden' });
            await page.locator('header button[aria-haspopup="dialog"]').click();
            await page.locator('[role="dialog"] input').first().waitFor();
            await still(page);
            failures.push(...(await audit(page, 'mobile search open', look)));
            await page.keyboard.press('Escape');
          }
        } finally {
          await context.close();
        }
        assert.deepEqual(failures, [], `axe violations in ${name}`);
      });
    }

    if (language === 'ar') test('reduced motion: no transitions, no smooth scrolling; the theme-color meta follows the chosen theme', async () => {
      const reduced = await h.newPage({ context: { reducedMotion: 'reduce', colorScheme: 'dark' } });
      const normal = await h.newPage({ context: { reducedMotion: 'no-preference' } });
      try {
        const chipTransition = (page: Page) =>
          page.evaluate(() => {
            const chip = document.querySelector('main .MuiChip-root')!;
            return { chip: getComputedStyle(chip).transitionDuration, scroll: getComputedStyle(document.documentElement).scrollBehavior };
          });
        for (const page of [reduced, normal]) {
          await page.goto('/explore');
          await page.locator('main .MuiChip-root').first().waitFor();
        }
        assert.deepEqual(await chipTransition(reduced), { chip: '0s', scroll: 'auto' });
        assert.notEqual((await chipTransition(normal)).chip.split(',')[0], '0s', 'with motion, the chip still eases');

        const themeColors = (page: Page) => page.evaluate(() => [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content')));
        // 'system' on a dark device: dark.
        assert.deepEqual(new Set(await themeColors(reduced)), new Set(['#0b1220']));
        // The reader picks light on that dark device (the stored preference, as the theme switch keeps it).
        await reduced.evaluate(() =>
          localStorage.setItem('qarar:preferences', JSON.stringify({ theme: JSON.stringify('light'), _persist: JSON.stringify({ version: 1, rehydrated: true }) })),
        );
        await reduced.reload();
        await reduced.locator('main .MuiChip-root').first().waitFor();
        await reduced.waitForFunction(() => [...document.querySelectorAll('meta[name="theme-color"]')].every((m) => m.getAttribute('content') === '#0f5e4f'));
      } finally {
        await reduced.context().close();
        await normal.context().close();
      }
    });
  });
}
