import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { registerReader, setup, type Harness, type PageOptions } from './harness';

/**
 * Issue 6, keyboard only: the skip link, the phone menu and search trapping focus and giving it
 * back, the bookmark note popover giving it back, Tab reaching every control of a post card and
 * of the explore filters with a visible focus ring, and arrow keys in right-to-left tabs.
 * (The lightbox's arrows and focus are in card.e2e.ts.)
 */
describe('keyboard', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  async function open(language: 'ar' | 'en', opts: PageOptions = {}): Promise<Page> {
    const page = await h.newPage({ locale: language, ...opts });
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    return page;
  }

  /**
   * What has the focus: a label for messages, whether a ring shows (an outline, or for a text
   * field the focused border of its MUI frame) and the number tabbables() gave it. (A string,
   * not a function: tsx would add a helper the page does not have.)
   */
  const focused = (page: Page, scope: string) =>
    page.evaluate<{ label: string; ring: boolean; inside: boolean; key: string }>(`(() => {
      const el = document.activeElement;
      const cs = getComputedStyle(el);
      const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1;
      const field = !!el.closest('.MuiInputBase-root.Mui-focused');
      const root = document.querySelector(${JSON.stringify(scope)});
      const label = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 60);
      return { label, ring: outline || field, inside: !!root && root.contains(el), key: el.getAttribute('data-kb-i') || 'unexpected: ' + label };
    })()`);

  /**
   * The controls a keyboard must reach inside `scope`, in document order, each numbered with a
   * data attribute (focus adds ripple elements, so positions in the tree do not stay put).
   */
  const tabbables = (page: Page, scope: string) =>
    page.evaluate<string[]>(`(() => {
      const root = document.querySelector(${JSON.stringify(scope)});
      return [...root.querySelectorAll('a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), [tabindex]:not([tabindex="-1"])')]
        .filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
        .map((el, i) => {
          el.setAttribute('data-kb-i', String(i));
          return String(i);
        });
    })()`);

  /**
   * Tabs through `scope` from its first control until the focus leaves it: every control is
   * reached, in document order, each with a visible focus ring.
   */
  async function tabThrough(page: Page, scope: string, first: Locator) {
    const expected = await tabbables(page, scope);
    assert.ok(expected.length > 0, `${scope} has controls`);
    // Focus the control before the first one, then Tab in: a keyboard focus, so :focus-visible applies.
    await first.focus();
    await page.keyboard.press('Shift+Tab');
    const reached: string[] = [];
    const noRing: string[] = [];
    for (let i = 0; i < expected.length + 5; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page, scope);
      if (!now.inside) break;
      reached.push(now.key);
      if (!now.ring) noRing.push(now.label);
    }
    assert.deepEqual(reached, expected, `Tab reaches every control of ${scope} in order`);
    assert.deepEqual(noRing, [], `every control of ${scope} shows a focus ring`);
  }

  const isActive = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

  test('the skip link comes first, shows when focused and moves the focus to the main content', async () => {
    for (const language of ['ar', 'en'] as const) {
      const page = await open(language);
      await page.goto('/');
      await page.locator('main article').first().waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: language === 'ar' ? 'الانتقال إلى المحتوى الرئيسي' : 'Skip to main content' });
      assert.ok(await isActive(skip), 'the first Tab lands on the skip link');
      const box = (await skip.boundingBox())!;
      assert.ok(box.y >= 0 && box.height > 0, `the focused skip link is on screen (y ${box.y})`);
      assert.ok((await focused(page, 'body')).ring, 'with a focus ring');
      await page.keyboard.press('Enter');
      assert.ok(await isActive(page.locator('main#main-content')), 'Enter moves the focus to <main>');
      await page.keyboard.press('Tab');
      assert.ok((await focused(page, 'main')).inside, 'the next Tab stays in the main content');
      await page.context().close();
    }
  });

  test('the phone menu traps the focus and gives it back to its button (Arabic, then English)', async () => {
    for (const language of ['ar', 'en'] as const) {
      const page = await open(language, { viewport: 'mobile' });
      await page.goto('/');
      await page.locator('main article').first().waitFor();
      const button = page.locator('header button[aria-controls="mobile-menu"]');
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.locator('#mobile-menu');
      await menu.waitFor();
      await page.waitForFunction(() => document.getElementById('mobile-menu')?.contains(document.activeElement));
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        assert.ok((await focused(page, '#mobile-menu')).inside, `Tab ${i + 1} left the menu`);
      }
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Shift+Tab');
        assert.ok((await focused(page, '#mobile-menu')).inside, `Shift+Tab ${i + 1} left the menu`);
      }
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-controls') === 'mobile-menu');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      await page.context().close();
    }
  });

  test('the phone search traps the focus and gives it back', async () => {
    const page = await open('ar', { viewport: 'mobile', colorScheme: 'dark' });
    await page.goto('/');
    await page.locator('main article').first().waitFor();
    const button = page.getByRole('button', { name: 'فتح البحث' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox').waitFor();
    assert.ok(await isActive(dialog.getByRole('combobox')), 'the search field has the focus');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      assert.ok((await focused(page, '[role="dialog"]')).inside, `Tab ${i + 1} left the search`);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'dialog');
    await page.context().close();
  });

  test('the bookmark note popover keeps the focus inside and gives it back to the button', async () => {
    const reader = await registerReader(h.baseURL, 'kb');
    const page = await open('ar');
    await h.signInAs(page, reader.username, reader.password);
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/auth/me/' && r.ok());
    await page.goto('/');
    await me;
    const save = page.getByRole('feed').getByRole('article').first().getByRole('button', { name: 'حفظ المنشور' });
    await save.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'حفظ المنشور' });
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      assert.ok((await focused(page, '[role="dialog"]')).inside, `Tab ${i + 1} left the popover`);
      assert.ok((await focused(page, '[role="dialog"]')).ring, 'with a focus ring');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await isActive(save), 'the focus is back on the bookmark button');
    assert.equal(await save.getAttribute('aria-pressed'), 'false', 'Escape saved nothing');
    await page.context().close();
  });

  test('Tab reaches every control of a post card, each with a focus ring (Arabic light, English dark)', async () => {
    for (const [language, colorScheme] of [
      ['ar', 'light'],
      ['en', 'dark'],
    ] as const) {
      const page = await open(language, { colorScheme });
      await page.goto('/');
      // A card with attachments has the most controls.
      const card = page.locator('main article:has(button[aria-label] img)').first();
      for (let i = 0; i < 40 && !(await card.count()); i++) {
        await page.mouse.wheel(0, 1200);
        await page.waitForTimeout(200);
      }
      // The feed is virtualized: a card found while the wheel still scrolls may be unmounted
      // under the locator. Bring it to the middle and mark it in one step, until it stays.
      const marked = page.locator('[data-kb-card]');
      for (let i = 0; i < 10 && !(await marked.count()); i++) {
        await page.waitForTimeout(150);
        await card
          .evaluate((el) => {
            el.scrollIntoView({ block: 'center' });
            el.setAttribute('data-kb-card', '');
          })
          .catch(() => undefined);
        await page.waitForTimeout(150);
      }
      await marked.waitFor();
      await tabThrough(page, '[data-kb-card]', marked.locator('a[href]').first());
      await page.context().close();
    }
  });

  test('Tab reaches every explore filter, each with a focus ring (Arabic desktop, English phone)', async () => {
    for (const [language, viewport] of [
      ['ar', 'desktop'],
      ['en', 'mobile'],
    ] as const) {
      const page = await open(language, { viewport });
      await page.goto('/explore');
      await page.locator('main article').first().waitFor();
      // Every filter group is in: the chips of types, organizations, categories and hashtags.
      await page.waitForFunction(() => !document.querySelector('main .MuiSkeleton-root'));
      // The box after the search form holds every filter (the results come after it).
      await page.evaluate(() => document.querySelector('main form[role="search"]')!.nextElementSibling!.setAttribute('data-kb-filter-box', ''));
      // The search field and its buttons.
      await tabThrough(page, 'main form[role="search"]', page.locator('main form[role="search"] input'));
      // The filter chips and their 'view all' and 'more' controls.
      await tabThrough(page, '[data-kb-filter-box]', page.locator('[data-kb-filter-box] [tabindex="0"], [data-kb-filter-box] a[href], [data-kb-filter-box] button').first());
      await page.context().close();
    }
  });

  test('arrow keys move between settings tabs the natural way: left is next in Arabic, right in English', async () => {
    const reader = await registerReader(h.baseURL, 'kt');
    for (const [language, next, previous] of [
      ['ar', 'ArrowLeft', 'ArrowRight'],
      ['en', 'ArrowRight', 'ArrowLeft'],
    ] as const) {
      const page = await open(language);
      await h.signInAs(page, reader.username, reader.password);
      await page.goto('/settings');
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      await tabs.first().focus();
      await page.keyboard.press(next);
      assert.ok(await isActive(tabs.nth(1)), `${next} moves to the second tab in ${language}`);
      assert.ok((await focused(page, '[role="tablist"]')).ring, 'with a focus ring');
      await page.keyboard.press(previous);
      assert.ok(await isActive(tabs.nth(0)), `${previous} moves back in ${language}`);
      await page.context().close();
    }
  });
});
