import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP, MOBILE, PHONE_BROWSER, registerReader, setup, storePreferences, waitForAppOnLoad, type Harness } from './harness';

/**
 * Issue 31: the portal installs as an app, in the reader's language. Chromium itself is asked,
 * over the DevTools protocol, whether the page it has open can be installed (what its install
 * prompt checks: a manifest, its icons, the page within its scope) and which manifest it found:
 * for an Arabic visitor on a phone, an English reader on a dark desktop, a signed-in reader,
 * and a reader who switches to English in the app (the app points the page at the English
 * manifest, src/web/i18n/index.ts).
 *
 * Chromium installs nothing from an incognito window, and every context of the harness's browser
 * (Playwright's browser.newContext()) is one: each reader here has a browser of their own, with
 * a profile on disk (launchPersistentContext), set up as the harness's newPage sets a page up.
 */

interface ManifestFile {
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  shortcuts?: Array<{ name: string; url: string }>;
}

/** Each language's manifest, as the page's language links it (public/manifest*.webmanifest). */
const EXPECTED = {
  ar: { file: '/manifest.webmanifest', name: 'قرار — بوابة القرارات الرسمية', short_name: 'قرار', lang: 'ar', dir: 'rtl', shortcuts: [['اكتشف', '/explore'], ['المحفوظات', '/bookmarks']] },
  en: { file: '/manifest.en.webmanifest', name: 'Qarar — official decisions portal', short_name: 'Qarar', lang: 'en', dir: 'ltr', shortcuts: [['Explore', '/explore'], ['Bookmarks', '/bookmarks']] },
} as const;

describe('installing the portal', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  /** What Chromium says of the page: why it could not be installed (nothing, when it can), and its manifest. */
  async function installability(page: Page): Promise<{ errors: string[]; manifest: { url: string; errors: unknown[]; data?: string } }> {
    const cdp = await page.context().newCDPSession(page);
    try {
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      const manifest = await cdp.send('Page.getAppManifest');
      return { errors: installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' ')), manifest };
    } finally {
      await cdp.detach();
    }
  }

  /** Installable, with the manifest of `language`: its file, names, language, direction and shortcuts. */
  async function assertInstallable(page: Page, language: 'ar' | 'en') {
    const expected = EXPECTED[language];
    // The app may point the page at another manifest as it takes it over: the one Chromium holds once it settles.
    let found = await installability(page);
    for (let i = 0; i < 20 && new URL(found.manifest.url || h.baseURL).pathname !== expected.file; i++) {
      await page.waitForTimeout(250);
      found = await installability(page);
    }
    const { errors, manifest } = found;
    assert.equal(new URL(manifest.url).pathname, expected.file, 'the page links the manifest of its language');
    assert.deepEqual(manifest.errors, [], 'Chromium parsed the manifest without complaint');
    assert.deepEqual(errors, [], 'Chromium finds nothing that keeps the page from being installed');
    const data = JSON.parse(manifest.data ?? '{}') as ManifestFile;
    assert.deepEqual(
      { name: data.name, short_name: data.short_name, lang: data.lang, dir: data.dir, shortcuts: data.shortcuts?.map((s) => [s.name, s.url]) },
      { name: expected.name, short_name: expected.short_name, lang: expected.lang, dir: expected.dir, shortcuts: expected.shortcuts.map((s) => [...s]) },
    );
    // The page itself is in the same language.
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [expected.lang, expected.dir]);
  }

  /** A browser of the reader's own, its page at the server, and what went wrong on it. */
  const opened: Array<{ context: BrowserContext; profile: string }> = [];
  async function open(opts: { viewport: 'desktop' | 'mobile'; locale?: 'ar' | 'en'; colorScheme?: 'light' | 'dark' }): Promise<{ page: Page; errors: string[] }> {
    const mobile = opts.viewport === 'mobile';
    const profile = mkdtempSync(path.join(tmpdir(), 'qarar-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: 60_000,
      baseURL: h.baseURL,
      locale: opts.locale ?? 'ar',
      colorScheme: opts.colorScheme ?? 'light',
      viewport: mobile ? MOBILE : DESKTOP,
      ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3, userAgent: PHONE_BROWSER } : {}),
    });
    opened.push({ context, profile });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    const page = context.pages()[0] ?? (await context.newPage());
    waitForAppOnLoad(page);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    return { page, errors };
  }
  after(async () => {
    for (const { context, profile } of opened) {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('an Arabic visitor on a phone, light', async () => {
    const { page, errors } = await open({ viewport: 'mobile', locale: 'ar', colorScheme: 'light' });
    await page.goto('/');
    await assertInstallable(page, 'ar');
    assert.deepEqual(errors, []);
  });

  test('an English reader on a desktop, dark', async () => {
    const { page, errors } = await open({ viewport: 'desktop', locale: 'en', colorScheme: 'dark' });
    await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'system' });
    await page.goto('/');
    await assertInstallable(page, 'en');
    assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), true);
    assert.deepEqual(errors, []);
  });

  test('a signed-in reader', async () => {
    const reader = await registerReader(h.baseURL, 'install');
    const { page, errors } = await open({ viewport: 'desktop' });
    await h.signInAs(page, reader.username, reader.password);
    await page.goto('/');
    // Signed in: their own card in the navigation, filled in once the app has the page.
    await page.locator(`nav a[href="/profile/${reader.username}"]`).first().waitFor({ state: 'visible' });
    await assertInstallable(page, 'ar');
    assert.deepEqual(errors, []);
  });

  test('a reader who switches to English in the app gets the English manifest', async () => {
    const { page, errors } = await open({ viewport: 'desktop' });
    await page.goto('/');
    await assertInstallable(page, 'ar');
    await page.getByRole('button', { name: 'تغيير اللغة إلى English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await assertInstallable(page, 'en');
    assert.deepEqual(errors, []);
  });
});
