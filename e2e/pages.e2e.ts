import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, setup, type Harness, type PageOptions } from './harness';

/**
 * Issue 4's post page, categories and post types in a real browser against the seeded
 * server: both languages, phone and desktop widths, light and dark.
 */

interface ApiAttachment {
  file_type: string;
  title_ar: string;
}
interface ApiPost {
  slug: string;
  title: string;
  title_ar: string;
  attachments: ApiAttachment[];
}
interface ApiCategory {
  slug: string;
  name_ar: string;
  name: string;
}
interface ApiType {
  id: number;
  name: string;
  name_ar: string;
  post_count: number;
}

const isImage = (a: ApiAttachment) => a.file_type.startsWith('image/');

describe('post, categories and types pages', () => {
  let h: Harness;
  /** A published post with at least one image and one other file. */
  let illustrated: ApiPost;
  /** A published post whose slug is Arabic. */
  let arabicSlug: ApiPost;
  let categories: ApiCategory[];
  let types: ApiType[];

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${h.baseURL}/api/v1${path}`);
    assert.equal(res.status, 200, `GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };

  /** A page in English (the stored language choice is read before the first paint). */
  const englishPage = async (opts: PageOptions = {}): Promise<Page> => {
    const page = await h.newPage({ ...opts, locale: 'en' });
    await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    return page;
  };

  const noErrors = (page: Page) => assert.deepEqual(h.errorsOf(page), []);

  /** What the reader sees (a long feed renders only the rows near the viewport, so a full-page picture is mostly blank). */
  const viewShot = async (page: Page, name: string) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  };

  before(async () => {
    h = await setup();
    const withFiles = await api<{ results: ApiPost[] }>('/content/posts/?has_attachments=true&status=published&page_size=100');
    const mixed = withFiles.results.find((p) => p.attachments.some(isImage) && p.attachments.some((a) => !isImage(a)));
    assert.ok(mixed, 'the seed has a post with both an image and another file');
    illustrated = mixed;
    for (let n = 1; !arabicSlug && n <= 10; n++) {
      const page = await api<{ results: ApiPost[] }>(`/content/posts/?status=published&page_size=100&page=${n}`);
      arabicSlug = page.results.find((p) => /[\u0600-\u06ff]/.test(p.slug))!;
    }
    assert.ok(arabicSlug, 'the seed has a post with an Arabic slug');
    categories = await api<ApiCategory[]>('/content/categories/');
    types = await api<ApiType[]>('/content/post-types/');
  });
  after(async () => {
    await h?.close();
  });

  test('a post by its slug: title, date with the Hijri date, attachments and the lightbox (Arabic, desktop)', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto(`/post/${encodeURIComponent(illustrated.slug)}`);
    const title = page.getByRole('heading', { level: 1, name: illustrated.title_ar });
    await title.waitFor();
    assert.equal(await page.title(), `${illustrated.title_ar} · قرار`);

    const published = page.locator('article time').first();
    assert.match((await published.textContent()) ?? '', /^نُشر في .+\(.+هـ\)$/);
    await page.getByText(/^المشاهدات: \d+$/).waitFor();
    await page.getByText(/^مدة القراءة: \d+ د$/).waitFor();
    await page.getByRole('region', { name: 'معلومات إضافية' }).waitFor();

    const attachments = page.getByRole('region', { name: 'المرفقات' });
    const images = illustrated.attachments.filter(isImage);
    // Every attachment is shown in full on the post page, not the card's preview of 2 or 4.
    assert.equal((await attachments.getByRole('button', { name: new RegExp(images[0].title_ar) }).count()) >= 1, true);
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'pages-post-ar-desktop-light');

    await attachments
      .getByRole('button', { name: new RegExp(images[0].title_ar) })
      .first()
      .click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    noErrors(page);
  });

  test('a post whose slug is Arabic opens from its raw address (Arabic, phone, dark)', async () => {
    const page = await h.newPage({ viewport: 'mobile', colorScheme: 'dark' });
    await page.goto(`/post/${arabicSlug.slug}`);
    await page.getByRole('heading', { level: 1, name: arabicSlug.title_ar }).waitFor();
    await page.getByRole('button', { name: 'رجوع' }).waitFor();
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'pages-post-arabic-slug-ar-mobile-dark');
    noErrors(page);
  });

  test('a post in English shows the English text and the Hijri date in English (English, desktop, dark)', async () => {
    const page = await englishPage({ viewport: 'desktop', colorScheme: 'dark' });
    await page.goto(`/post/${encodeURIComponent(illustrated.slug)}`);
    await page.getByRole('heading', { level: 1, name: illustrated.title }).waitFor();
    assert.match((await page.locator('article time').first().textContent()) ?? '', /^Published on .+\(.+AH\)$/);
    await page.getByText(/^Reading time: \d+ min$/).waitFor();
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'pages-post-en-desktop-dark');
    noErrors(page);
  });

  test('a missing post shows the not-found panel, whose go back leads home (Arabic and English, phone)', async () => {
    const page = await h.newPage({ viewport: 'mobile' });
    await page.goto('/post/no-such-post-anywhere');
    await page.getByRole('heading', { level: 1, name: 'لم يتم العثور على المنشور' }).waitFor();
    await h.screenshot(page, 'pages-post-not-found-ar-mobile');
    await page.getByRole('button', { name: 'العودة' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The browser logs the 404 the panel reports; nothing else may fail.
    const unexpected = (p: Page) => h.errorsOf(p).filter((e) => !/404/.test(e));
    assert.deepEqual(unexpected(page), []);

    const en = await englishPage({ viewport: 'mobile', colorScheme: 'dark' });
    await en.goto('/post/no-such-post-anywhere');
    await en.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    await h.screenshot(en, 'pages-post-not-found-en-mobile-dark');
    assert.deepEqual(unexpected(en), []);
  });

  test('categories lead to the feed of one category (Arabic desktop, English phone)', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/categories');
    await page.getByRole('heading', { level: 1, name: 'التصنيفات' }).waitFor();
    const list = page.getByRole('list', { name: 'التصنيفات' });
    await page.getByText(`عدد التصنيفات: ${categories.length}`).waitFor();
    assert.equal(await list.getByRole('listitem').count(), categories.length);
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'pages-categories-ar-desktop-light');
    const first = categories[0];
    await list.getByRole('link', { name: new RegExp(first.name_ar) }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('category') === first.slug);
    noErrors(page);

    const en = await englishPage({ viewport: 'mobile' });
    await en.goto('/categories');
    const enList = en.getByRole('list', { name: 'Categories' });
    await enList.getByRole('heading', { level: 2, name: first.name }).waitFor();
    await en.getByText(`Categories: ${categories.length}`).waitFor();
    await h.screenshot(en, 'pages-categories-en-mobile-light');
    noErrors(en);
  });

  test('types lead to a type page whose posts load 20 at a time (Arabic desktop and phone, English desktop)', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/types');
    const list = page.getByRole('list', { name: 'أنواع المنشورات' });
    await page.getByText(`عدد الأنواع: ${types.length}`).waitFor();
    assert.equal(await list.getByRole('listitem').count(), types.length);
    await h.screenshot(page, 'pages-types-ar-desktop-light');

    const busiest = [...types].sort((a, b) => b.post_count - a.post_count)[0];
    await list.getByRole('link', { name: new RegExp(busiest.name_ar) }).click();
    await page.waitForURL((url) => url.pathname === `/types/${busiest.id}`);
    await page.getByRole('heading', { level: 1, name: busiest.name_ar }).waitFor();
    await page.getByText(`إجمالي المنشورات: ${busiest.post_count}`).waitFor();
    // The feed renders only the rows near the viewport: positions tell what it holds.
    const feed = page.getByRole('feed');
    const at = (position: number) => feed.locator(`[aria-posinset="${position}"]`);
    await at(1).waitFor();
    assert.equal(await at(1).getAttribute('aria-setsize'), String(busiest.post_count));
    assert.equal(await at(21).count(), 0, 'one page is 20 posts');
    await page.getByRole('button', { name: /تحميل المزيد/ }).click();
    await at(21).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await viewShot(page, 'pages-type-ar-desktop-light-more');
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewShot(page, 'pages-type-ar-desktop-light');
    noErrors(page);

    const phone = await h.newPage({ viewport: 'mobile', colorScheme: 'dark' });
    await phone.goto(`/types/${busiest.id}`);
    await phone.getByRole('heading', { level: 1, name: busiest.name_ar }).waitFor();
    await phone.getByRole('feed').getByRole('article').first().waitFor();
    await phone.waitForLoadState('networkidle');
    await viewShot(phone, 'pages-type-ar-mobile-dark');

    const en = await englishPage({ viewport: 'desktop', colorScheme: 'dark' });
    await en.goto('/types');
    await en.getByRole('list', { name: 'Post types' }).getByRole('heading', { level: 2, name: 'Decision' }).waitFor();
    await en.waitForLoadState('networkidle');
    await h.screenshot(en, 'pages-types-en-desktop-dark');
    await en
      .getByRole('list', { name: 'Post types' })
      .getByRole('link', { name: /Decision/ })
      .click();
    await en.getByRole('heading', { level: 1, name: 'Decision' }).waitFor();
    await en.getByRole('feed', { name: 'Posts of type Decision' }).locator('[aria-posinset="1"]').waitFor();
    await en.waitForLoadState('networkidle');
    await viewShot(en, 'pages-type-en-desktop-dark');
    await en.goto('/types/999');
    await en.getByRole('heading', { level: 1, name: 'Post type not found' }).waitFor();
  });

  test("a heading never runs under its page's buttons: every type, and an organization and a hashtag, at 360 and 768 px (English and Arabic)", async () => {
    const orgs = await api<{ results: { code: string }[] }>('/producers/organizations/?is_active=true&page_size=100');
    const tags = await api<{ results: { slug: string }[] }>('/content/hashtags/?page_size=100');
    const longest = <T>(xs: T[], key: (x: T) => string) => [...xs].sort((a, b) => key(b).length - key(a).length)[0];
    const paths = [
      ...types.map((t) => `/types/${t.id}`),
      `/organizations/${encodeURIComponent(longest(orgs.results, (o) => o.code).code)}`,
      `/hashtags/${encodeURIComponent(longest(tags.results, (t) => t.slug).slug)}`,
    ];
    const problems: string[] = [];
    for (const language of ['en', 'ar'] as const) {
      for (const width of [360, 768]) {
        const page = language === 'en' ? await englishPage({ viewport: { width, height: 800 } }) : await h.newPage({ viewport: { width, height: 800 } });
        for (const route of paths) {
          await page.goto(route);
          const heading = page.locator('main h1').first();
          await heading.waitFor();
          // The follow button comes with its own chunk: measured once it is there.
          await page.locator('main header [aria-pressed]').first().waitFor();
          const found = await heading.evaluate((h1) => {
            const r = h1.getBoundingClientRect();
            const text = h1.querySelector('bdi') ?? h1;
            const range = document.createRange();
            range.selectNodeContents(text);
            const t = range.getBoundingClientRect();
            const header = h1.closest('header')!;
            const hits = [...header.querySelectorAll('button, a')].filter((b) => {
              const q = b.getBoundingClientRect();
              return q.width > 0 && q.left < t.right && t.left < q.right && q.top < t.bottom && t.top < q.bottom;
            });
            return { spill: Math.round(t.width - r.width), hits: hits.map((b) => b.getAttribute('aria-label') ?? b.textContent) };
          });
          if (found.spill > 1 || found.hits.length) problems.push(`${route} ${language} ${width}px: text ${found.spill}px past its box, under ${found.hits.join(', ') || 'nothing'}`);
        }
        await page.context().close();
      }
    }
    // Before: 'Announcement' at 360 px ran under its share button.
    assert.deepEqual(problems, []);
  });

  test("a page header's icon buttons look alike: the share and the feed buttons have one colour and one size (light and dark)", async () => {
    const orgs = await api<{ results: { code: string }[] }>('/producers/organizations/?is_active=true&page_size=1');
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await h.newPage({ viewport: 'desktop', colorScheme });
      for (const route of [`/types/${types[0].id}`, `/organizations/${encodeURIComponent(orgs.results[0].code)}`]) {
        await page.goto(route);
        await page.locator('main header button[aria-haspopup="menu"]').waitFor();
        const looks = await page.locator('main header').first().evaluate((header) =>
          [...header.querySelectorAll('button, a')]
            .filter((b) => b.querySelector('svg') && !b.textContent?.trim())
            .map((b) => {
              const box = b.getBoundingClientRect();
              const icon = b.querySelector('svg')!.getBoundingClientRect();
              return { name: b.getAttribute('aria-label'), look: `${getComputedStyle(b).color} ${Math.round(box.width)}px, icon ${Math.round(icon.width)}px` };
            }),
        );
        if (looks.length < 2) problems.push(`${route} ${colorScheme}: ${looks.length} icon button(s)`);
        if (new Set(looks.map((l) => l.look)).size > 1) problems.push(`${route} ${colorScheme}: ${looks.map((l) => `${l.name} ${l.look}`).join(' | ')}`);
      }
      await page.context().close();
    }
    // Before: the feed button white (the theme's action colour), 40 px with a 24 px icon, beside
    // a grey share button (secondary text), 30 px with a 20 px icon.
    assert.deepEqual(problems, []);
  });

  test('a post opened from far down a list starts at its top, and its back button returns to the list', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    const type = types[0];
    await page.goto(`/types/${type.id}`);
    const card = page.getByRole('feed').locator('[aria-posinset="6"]');
    await card.scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0);
    await card.locator('a[href^="/post/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/post/'));
    // The list stays on screen while the post's code loads: its back button says it has gone.
    const back = page.getByRole('button', { name: 'رجوع' });
    await back.waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await page.locator('article h1').waitFor();
    await back.click();
    await page.waitForURL((url) => url.pathname === `/types/${type.id}`);
    await card.waitFor();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'back at the same place in the list');
    // Again, now that the post is in the cache and the page is whole at its first paint.
    await card.locator('a[href^="/post/"]').first().click();
    await page.locator('article h1').waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    noErrors(page);
  });
});
