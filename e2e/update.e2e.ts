import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerReader, ROOT, setup, signInThroughApi, storeSession, type Harness } from './harness';

/**
 * Issue 31, point 6: a new release's service worker waits until the reader agrees ("a new
 * version is available — reload"), and never reloads a page holding unsaved text. The release
 * is made here by changing the worker in a copy of the build its own server serves.
 */
describe('a new version of the app', () => {
  let h: Harness;
  const webDir = mkdtempSync(path.join(tmpdir(), 'qarar-e2e-web-'));
  before(async () => {
    cpSync(process.env.WEB_DIR ?? path.join(ROOT, 'dist', 'web'), webDir, { recursive: true });
    h = await setup({ serverEnv: { WEB_DIR: webDir } });
  });
  after(async () => {
    await h?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** The next release: another worker at /sw.js (its compressed copies removed, so the server sends it). */
  function release(tag: string) {
    const file = path.join(webDir, 'sw.js');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// release ${tag}\n`);
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(webDir, copy), { force: true });
  }

  const reloaded = (page: Page) => page.evaluate(() => !(window as { beforeUpdate?: boolean }).beforeUpdate);

  test('offered, not forced; refused while a note is being edited, then loaded when the reader agrees (ar, phone)', async () => {
    const reader = await registerReader(h.baseURL, 'update');
    const tokens = await signInThroughApi(h.baseURL, reader.username, reader.password);
    const { results } = (await (await fetch(`${h.baseURL}/api/v1/content/posts/?page_size=1`)).json()) as { results: Array<{ slug: string }> };
    const made = await fetch(`${h.baseURL}/api/v1/content/posts/${results[0].slug}/bookmark/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'ملاحظة أولى' }),
    });
    assert.equal(made.status, 201);

    const page = await h.newPage({ viewport: 'mobile', context: { serviceWorkers: 'allow' } });
    await storeSession(page, tokens);
    await page.goto('/bookmarks');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });

    // A note being typed when the new version arrives.
    const item = page.locator('li[data-bookmark-id]').first();
    await item.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await item.getByLabel('ملاحظاتك على المنشور').fill('نص لم يُحفظ بعد');

    release('1');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const offer = page.getByRole('alert').filter({ hasText: 'يتوفر إصدار جديد من قرار' }).or(page.locator('#notistack-snackbar').filter({ hasText: 'يتوفر إصدار جديد من قرار' }));
    await offer.first().waitFor({ timeout: 20_000 });
    // Not taken over by itself: the page is the same, the new worker waits.
    assert.equal(await reloaded(page), false);
    assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), true);
    await h.screenshot(page, 'update-offer-ar-mobile');

    // Agreed while the note is unsaved: told to save first; nothing reloads, the text is there.
    await page.getByRole('button', { name: 'إعادة التحميل' }).click();
    await page.getByText('احفظ ما تحرّره أو ألغِه أولًا').waitFor();
    await page.waitForTimeout(1500);
    assert.equal(await reloaded(page), false);
    assert.equal(await item.getByLabel('ملاحظاتك على المنشور').inputValue(), 'نص لم يُحفظ بعد');
    assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), true);

    // The note put aside, the offer taken: the new version takes over and the page reloads once.
    await item.getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('button', { name: 'إعادة التحميل' }).first().click();
    await page.waitForFunction(() => !(window as { beforeUpdate?: boolean }).beforeUpdate, undefined, { timeout: 20_000 });
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting), false);
    assert.equal(await page.evaluate(() => !!navigator.serviceWorker.controller), true);
    assert.deepEqual(h.errorsOf(page), []);
    await page.context().close();
  });
});
