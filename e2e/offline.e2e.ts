import AxeBuilder from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerReader, setup, signInThroughApi, storePreferences, storeSession, type Harness, type PageOptions } from './harness';

/**
 * Issue 31, in Chromium with Playwright's offline switch (which Playwright applies to the
 * service worker's own requests too): what a reader read or bookmarked opens without a network,
 * an "available offline" PDF too; writes made offline reach the server once it is back; signing
 * out leaves nothing of the reader on the device.
 */
describe('reading offline', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  interface ListedPost {
    slug: string;
    title: string;
    title_ar: string;
    attachments: Array<{ file_url: string; size: number; file_type: string }>;
  }
  async function publicPosts(query = ''): Promise<ListedPost[]> {
    const res = await fetch(`${h.baseURL}/api/v1/content/posts/?page_size=30${query}`, { headers: { 'accept-language': 'ar' } });
    assert.equal(res.status, 200);
    return ((await res.json()) as { results: ListedPost[] }).results;
  }
  async function api<T>(access: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${h.baseURL}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json', 'accept-language': 'ar' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** A page whose service worker may run (the harness blocks it elsewhere). */
  async function offlinePage(opts: PageOptions = {}): Promise<Page> {
    return h.newPage({ ...opts, context: { ...opts.context, serviceWorkers: 'allow' } });
  }

  /** Once the worker controls the page, what the page reads passes through it. */
  async function workerControls(page: Page) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
  }

  /** Waits until the worker has kept `path` in `cacheName` (polled: waitForFunction does not await a promise). */
  async function kept(page: Page, cacheName: string, path: string) {
    const deadline = Date.now() + 20_000;
    const has = () => page.evaluate(async ([name, url]) => !!(await caches.match(new URL(url, location.origin).href, { cacheName: name, ignoreVary: true })), [cacheName, path] as const);
    while (!(await has())) {
      assert.ok(Date.now() < deadline, `${path} kept in ${cacheName}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** What the page said went wrong, without the network errors being offline is made of. */
  const realErrors = (page: Page) =>
    h.errorsOf(page).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|NetworkError|net::ERR_FAILED/.test(e));

  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name }).waitFor();

  for (const look of [
    { locale: 'ar', viewport: 'mobile', colorScheme: 'light' },
    { locale: 'en', viewport: 'desktop', colorScheme: 'dark' },
  ] as const) {
    test(`a visitor reads offline the posts they opened, and is told what else can be read (${look.locale}, ${look.viewport}, ${look.colorScheme})`, async () => {
      const en = look.locale === 'en';
      const page = await offlinePage(look);
      if (en) await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'dark' });
      const titleOf = (p: ListedPost) => (en ? p.title || p.title_ar : p.title_ar);
      const [, second, third] = await publicPosts();

      await page.goto('/');
      await workerControls(page);
      // One post opened by a whole page load, one from within the app.
      await page.goto(`/post/${second.slug}`);
      await heading(page, titleOf(second));
      await kept(page, 'qarar-pages', `/post/${second.slug}`);
      await page.evaluate((slug) => {
        history.pushState(null, '', `/post/${slug}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, third.slug);
      await heading(page, titleOf(third));
      await kept(page, 'qarar-posts', `/api/v1/content/posts/${third.slug}/`);

      await page.context().setOffline(true);
      await page.goto(`/post/${second.slug}`);
      await heading(page, titleOf(second));
      const banner = page.getByRole('status').filter({ hasText: en ? 'You are offline' : 'أنت غير متصل بالشبكة' });
      await banner.waitFor();
      await page.goto(`/post/${third.slug}`);
      await heading(page, titleOf(third));
      await h.screenshot(page, `offline-post-${look.locale}-${look.viewport}-${look.colorScheme}`);

      // A page never opened: the offline page, in the reader's language, listing what opens.
      await page.goto('/explore');
      await page.waitForURL((url) => url.pathname === '/offline' && url.searchParams.get('from') === '/explore');
      await heading(page, en ? 'Reading offline' : 'القراءة دون اتصال');
      await page.getByText(en ? 'This page is not kept on this device' : 'هذه الصفحة غير محفوظة على هذا الجهاز').waitFor();
      for (const post of [second, third]) await page.getByRole('link', { name: titleOf(post) }).waitFor();
      await h.screenshot(page, `offline-page-${look.locale}-${look.viewport}-${look.colorScheme}`);
      // The offline page and its banner, as axe audits every screen (e2e/a11y-suite.ts).
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze();
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        [],
      );
      await page.getByRole('link', { name: titleOf(third) }).click();
      await heading(page, titleOf(third));

      await page.context().setOffline(false);
      assert.deepEqual(realErrors(page), []);
      await page.context().close();
    });
  }

  test('a reader reads a bookmarked post and its note offline, bookmarks and edits a note offline, and the server has both once back (ar, phone)', async () => {
    const reader = await registerReader(h.baseURL, 'offline-ar');
    const tokens = await signInThroughApi(h.baseURL, reader.username, reader.password);
    const [saved, later] = (await publicPosts()).slice(4);
    // Bookmarked on another device, with a note: never opened on this one.
    const note = 'للمراجعة مع الفريق القانوني';
    assert.equal((await api(tokens.access, 'POST', `/content/posts/${saved.slug}/bookmark/`, { notes: note })).status, 201);

    const page = await offlinePage({ viewport: 'mobile' });
    await storeSession(page, tokens);
    await page.goto('/');
    await workerControls(page);
    await kept(page, 'qarar-saved', `/api/v1/content/posts/${saved.slug}/`);
    // A post read now (a whole page load), bookmarked later while offline.
    await page.goto(`/post/${later.slug}`);
    await heading(page, later.title_ar);
    await kept(page, 'qarar-pages', `/post/${later.slug}`);

    // The bookmark writes the page made, for the one who reads a failure.
    const writes: string[] = [];
    page.context().on('requestfinished', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/bookmark')) void r.response().then((res) => writes.push(`${r.method()} ${new URL(r.url()).pathname} ${res?.status()}`));
    });
    page.context().on('requestfailed', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/bookmark')) writes.push(`${r.method()} ${new URL(r.url()).pathname} ${r.failure()?.errorText}`);
    });
    await page.context().setOffline(true);
    await page.goto(`/post/${saved.slug}`);
    await heading(page, saved.title_ar);
    await page.goto('/bookmarks');
    const item = page.locator('li[data-bookmark-id]').filter({ hasText: saved.title_ar });
    await item.getByText(note).waitFor();
    await h.screenshot(page, 'offline-bookmarks-ar-mobile');

    // Offline: the note edited…
    const edited = 'راجعه الفريق القانوني: لا ملاحظات';
    await item.getByRole('button', { name: 'تعديل الملاحظات' }).click();
    await item.getByLabel('ملاحظاتك على المنشور').fill(edited);
    await item.getByRole('button', { name: 'حفظ', exact: true }).click();
    await item.getByText(edited).waitFor();
    // …and the post read earlier bookmarked.
    await page.goto(`/post/${later.slug}`);
    await heading(page, later.title_ar);
    await page.getByRole('main').getByRole('button', { name: 'حفظ المنشور' }).first().click();
    const dialog = page.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) await dialog.getByRole('button', { name: 'حفظ بدون ملاحظة' }).click();
    await page.getByRole('status').filter({ hasText: 'بانتظار الإرسال' }).waitFor();
    // Nothing has reached the server yet.
    const before = await api<{ results: Array<{ post: { slug: string }; notes: string }> }>(tokens.access, 'GET', '/content/bookmarks/?page_size=50');
    assert.deepEqual(
      before.body.results.map((b) => [b.post.slug, b.notes]),
      [[saved.slug, note]],
    );

    await page.context().setOffline(false);
    const deadline = Date.now() + 20_000;
    let now: Array<[string, string]> = [];
    while (Date.now() < deadline) {
      const after = await api<{ results: Array<{ post: { slug: string }; notes: string }> }>(tokens.access, 'GET', '/content/bookmarks/?page_size=50');
      now = after.body.results.map((b) => [b.post.slug, b.notes ?? '']);
      if (now.length === 2 && now.some(([slug, notes]) => slug === saved.slug && notes === edited)) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    assert.deepEqual(new Map(now), new Map([[saved.slug, edited], [later.slug, '']]), `the page's bookmark writes: ${writes.join('; ')}; said: ${(await page.locator('#notistack-snackbar').allTextContents()).join(' | ')}`);

    // What the worker kept: nothing of the workspace, of /auth but the reader's own answer, and in
    // the public caches no answer marked private.
    const keptNow = await page.evaluate(async () => {
      const out: Array<{ cache: string; path: string; control: string }> = [];
      for (const name of await caches.keys()) {
        if (!name.startsWith('qarar-')) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request, { ignoreVary: true });
          out.push({ cache: name, path: new URL(request.url).pathname, control: response?.headers.get('cache-control') ?? '' });
        }
      }
      return out;
    });
    assert.ok(keptNow.some((k) => k.cache === 'qarar-private' && k.path === '/api/v1/content/bookmarks/'), 'the bookmarks are kept');
    for (const k of keptNow) {
      assert.doesNotMatch(k.path, /^\/(api\/v1\/)?(studio|alerts)\b/, `${k.cache} ${k.path}`);
      if (k.path.startsWith('/api/v1/auth/')) assert.equal(k.path, '/api/v1/auth/me/', `${k.cache} ${k.path}`);
      if (!['qarar-private', 'qarar-private-posts', 'qarar-saved', 'qarar-files'].includes(k.cache)) assert.doesNotMatch(k.control, /private|no-store/, `${k.cache} ${k.path}`);
    }

    // Signing out leaves nothing of the reader on the device: no kept answer, no file, no queue.
    await page.goto('/');
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.getByText('تم تسجيل الخروج بنجاح').waitFor();
    const left = () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        // The pages read go too: which posts were read is the reader's own.
        return [...names.filter((n) => ['qarar-private', 'qarar-private-posts', 'qarar-saved', 'qarar-files', 'qarar-pages'].includes(n)), localStorage.getItem('qarar:offline-owner')].filter(Boolean);
      });
    const until = Date.now() + 10_000;
    while ((await left()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(await left(), []);
    const queue = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('qarar-offline');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('outbox')) return resolve(0);
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    assert.equal(queue, 0);
    await page.context().setOffline(true);
    await page.goto('/bookmarks').catch(() => undefined);
    await page.waitForLoadState('domcontentloaded');
    assert.equal(await page.getByText(note).count(), 0);
    assert.equal(await page.getByText(edited).count(), 0);
    await page.context().setOffline(false);
    assert.deepEqual(realErrors(page), []);
    await page.context().close();
  });

  test('an "available offline" PDF opens without a network; the size is shown first (en, desktop, dark)', async () => {
    const reader = await registerReader(h.baseURL, 'offline-en');
    const tokens = await signInThroughApi(h.baseURL, reader.username, reader.password);
    const post = (await publicPosts('&has_attachments=true')).find((p) => p.attachments.some((a) => a.file_type === 'application/pdf'));
    assert.ok(post, 'a demo post with a PDF');
    assert.equal((await api(tokens.access, 'POST', `/content/posts/${post.slug}/bookmark/`, {})).status, 201);
    const pdf = post.attachments.find((a) => a.file_type === 'application/pdf')!;

    const page = await offlinePage({ locale: 'en', colorScheme: 'dark' });
    await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'dark' });
    await storeSession(page, tokens);
    await page.goto('/bookmarks');
    await workerControls(page);
    await kept(page, 'qarar-saved', `/api/v1/content/posts/${post.slug}/`);
    const item = page.locator('li[data-bookmark-id]').first();
    const toggle = item.getByRole('switch', { name: /Available offline/ });
    await toggle.waitFor();
    await item.getByText(/Attachments: [\d.]+ (kB|KB|MB|byte)/).waitFor();
    await toggle.click();
    await page.getByText('The attachments are available offline').waitFor();
    assert.equal(await toggle.isChecked(), true);
    await h.screenshot(page, 'offline-files-en-desktop-dark');

    await page.context().setOffline(true);
    // The bookmarked post opens offline too (English, dark).
    await page.goto(`/post/${post.slug}`);
    await heading(page, post.title || post.title_ar);
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    await h.screenshot(page, 'offline-bookmarked-post-en-desktop-dark');
    const got = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength, type: res.headers.get('content-type') };
    }, pdf.file_url);
    assert.deepEqual(got, { status: 200, bytes: pdf.size, type: 'application/pdf' });
    await page.context().setOffline(false);

    await page.goto('/bookmarks');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('li[data-bookmark-id] input[role="switch"]')?.checked === true);
    // Turned off, the file is no longer kept (the browser's own HTTP cache is not the app's to clear).
    await toggle.click();
    await page.getByText('The attachments are no longer kept on this device').waitFor();
    assert.equal(await toggle.isChecked(), false);
    assert.equal(await page.evaluate(async (url) => !!(await caches.match(url, { cacheName: 'qarar-files' })), pdf.file_url), false);
    assert.deepEqual(realErrors(page), []);
    await page.context().close();
  });
});
