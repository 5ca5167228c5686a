import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { preferencesCookie, registerReader, setup, storedPreferences, type Harness, type ReaderPreferences } from './harness';

/**
 * The portal works under its Content-Security-Policy (src/server/http/security-headers.ts):
 * scripts from its own files and its few inline scripts allowed by hash, no 'unsafe-inline'.
 * Every screen a visitor and a signed-in reader open, in Arabic and English, light and dark,
 * reports no violation, and the app takes each page over and answers a press.
 */

interface ApiPost {
  slug: string;
  images: unknown[];
}

/** Reported by the page itself, from before its first script: each CSP violation. */
const WATCH_VIOLATIONS = () => {
  const seen: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (e) => {
    seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || document.location.pathname}:${e.lineNumber} ${e.sample || ''}`);
  });
};

describe('the Content-Security-Policy', () => {
  let h: Harness;
  let postWithImages: ApiPost;
  let organization: string;
  before(async () => {
    h = await setup();
    const posts = (await (await fetch(`${h.baseURL}/api/v1/content/posts/?page_size=50`)).json()) as { results: ApiPost[] };
    postWithImages = posts.results.find((p) => p.images.length > 0)!;
    assert.ok(postWithImages, 'a seeded post with images');
    const orgs = (await (await fetch(`${h.baseURL}/api/v1/producers/organizations/`)).json()) as { results: Array<{ code: string }> };
    organization = orgs.results[0].code;
  });
  after(async () => {
    await h?.close();
  });

  /** A tab whose reader chose `preferences`, watching for violations and CSP messages in the console. */
  async function reader(preferences: ReaderPreferences, signIn: boolean): Promise<{ page: Page; violations: () => Promise<string[]> }> {
    const page = await h.newPage({ locale: preferences.language, colorScheme: preferences.theme === 'system' ? 'light' : preferences.theme });
    const context = page.context();
    await context.addCookies([{ ...preferencesCookie(preferences), url: h.baseURL }]);
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }, storedPreferences(preferences));
    await page.addInitScript(WATCH_VIOLATIONS);
    if (signIn) {
      const who = await registerReader(h.baseURL, 'csp');
      await h.signInAs(page, who.username, who.password);
    }
    const console: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) console.push(m.text());
    });
    return {
      page,
      violations: async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))],
    };
  }

  async function visit(page: Page, url: string): Promise<void> {
    await page.goto(url);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Lazy images, the rest of a list, the strings of the screen.
    await page.mouse.wheel(0, 1500);
    await page.waitForLoadState('networkidle').catch(() => undefined);
  }

  const readers: Array<[string, ReaderPreferences, boolean]> = [
    ['a visitor, Arabic, light', { language: 'ar', theme: 'light' }, false],
    ['a visitor, English, dark', { language: 'en', theme: 'dark' }, false],
    ['a signed-in reader, Arabic, dark', { language: 'ar', theme: 'dark' }, true],
    ['a signed-in reader, English, light', { language: 'en', theme: 'light' }, true],
  ];

  for (const [who, preferences, signedIn] of readers) {
    test(`${who}: no violation on any screen, and the app answers`, async () => {
      const { page, violations } = await reader(preferences, signedIn);
      const search = preferences.language === 'ar' ? 'قرار' : 'decision';
      const screens = ['/', `/explore?search=${encodeURIComponent(search)}`, `/post/${encodeURIComponent(postWithImages.slug)}`, `/organizations/${encodeURIComponent(organization)}`];
      screens.push(...(signedIn ? ['/settings', '/bookmarks'] : ['/login', '/forgot-password']));
      for (const url of screens) {
        await visit(page, url);
        assert.deepEqual(await violations(), [], `${who} at ${url}`);
      }
      // A press the app answers: a visitor's bookmark opens the sign-in; a reader's saves the post.
      await visit(page, `/post/${encodeURIComponent(postWithImages.slug)}`);
      const save = page.getByRole('main').getByRole(signedIn ? 'button' : 'link', { name: preferences.language === 'ar' ? 'حفظ المنشور' : 'Save post' }).first();
      await save.click();
      if (signedIn) {
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: preferences.language === 'ar' ? 'حفظ بدون ملاحظة' : 'Save without note' }).click();
        await page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await save.elementHandle());
      } else {
        await page.waitForURL((u) => u.pathname === '/login');
      }
      assert.deepEqual(await violations(), [], `${who} after the press`);
      assert.deepEqual(h.errorsOf(page).filter((e) => /Content.Security/i.test(e)), []);
      await page.context().close();
    });
  }

  test('an inline script the portal did not write is refused, and seen here', async () => {
    const { page, violations } = await reader({ language: 'ar', theme: 'light' }, false);
    await visit(page, '/');
    const ran = await page.evaluate(() => {
      const w = window as unknown as { injected?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.head.appendChild(s);
      return w.injected === true;
    });
    assert.equal(ran, false);
    await page.waitForFunction(() => ((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).length > 0);
    assert.match((await violations()).join('\n'), /script-src/);
    await page.context().close();
  });

  test('the API docs work under their own page', async () => {
    const { page, violations } = await reader({ language: 'en', theme: 'light' }, false);
    await page.goto('/api/docs').catch(() => undefined);
    await page.locator('.swagger-ui').first().waitFor({ state: 'attached', timeout: 15_000 });
    assert.deepEqual(await violations(), []);
    await page.context().close();
  });

  test('the headers are on a page, an API answer, a file and an error', async () => {
    const html = await (await fetch(`${h.baseURL}/`)).text();
    const script = /<script defer="defer" src="([^"]+)"/.exec(html)?.[1] ?? /"([^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'a script file named by the page');
    const urls = ['/', '/login', '/api/v1/content/post-types/', script, '/api/v1/nothing/', '/missing.js'];
    for (const url of urls) {
      const res = await fetch(`${h.baseURL}${url}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/, url);
      assert.match(csp, /frame-ancestors 'none'/, url);
      assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/, url);
      assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, url);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', url);
      assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', url);
      assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\)/, url);
      // Served over http: no HSTS.
      assert.equal(res.headers.get('strict-transport-security'), null, url);
    }
  });

  test('the portal will not load in a frame', async () => {
    const page = await h.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => blocked.push(m.text()));
    await page.route('http://frame.test/', (route) => route.fulfill({ contentType: 'text/html', body: `<iframe src="${h.baseURL}/"></iframe>` }));
    await page.goto('http://frame.test/', { waitUntil: 'domcontentloaded' }).catch(() => undefined);
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f.url().startsWith(h.baseURL));
    const loaded = frame ? await frame.evaluate(() => document.documentElement.hasAttribute('data-app-ready')).catch(() => false) : false;
    assert.equal(loaded, false);
    await page.context().close();
  });
});
