import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { setup, type Harness, type PageOptions } from './harness';

interface ApiPost {
  slug: string;
  title: string;
  title_ar: string;
  published_at: string;
  view_count: number;
  attachment_count: number;
  type: { id: number; name: string; name_ar: string };
  organization: { code: string } | null;
}
interface PostsPage {
  count: number;
  results: ApiPost[];
}
type Language = 'ar' | 'en';

/** The words the screen shows, per language. */
const WORDS = {
  ar: {
    title: 'اكتشف',
    search: 'البحث في المنشورات',
    submit: 'بحث',
    clear: 'مسح البحث',
    latest: 'الأحدث',
    mostViewed: 'الأكثر مشاهدة',
    today: 'اليوم',
    week: 'هذا الأسبوع',
    month: 'هذا الشهر',
    custom: 'نطاق مخصص',
    from: 'من تاريخ',
    to: 'إلى تاريخ',
    apply: 'تطبيق',
    attachments: 'مع مرفقات',
    types: 'أنواع المنشورات',
    showOrganizations: 'عرض الجهات',
    organizations: 'الجهات',
    clearAll: 'مسح الكل',
    results: 'نتائج البحث',
    emptyFiltered: 'لا توجد منشورات تطابق معايير البحث. جرّب تغيير عوامل التصفية.',
    quick: 'عوامل تصفية سريعة',
  },
  en: {
    title: 'Explore',
    search: 'Search posts',
    submit: 'Search',
    clear: 'Clear search',
    latest: 'Latest',
    mostViewed: 'Most viewed',
    today: 'Today',
    week: 'This week',
    month: 'This month',
    custom: 'Custom range',
    from: 'From date',
    to: 'To date',
    apply: 'Apply',
    attachments: 'With attachments',
    types: 'Post types',
    showOrganizations: 'Show organizations',
    organizations: 'Organizations',
    clearAll: 'Clear all',
    results: 'Search results',
    emptyFiltered: 'No posts match the search criteria. Try changing the filters.',
    quick: 'Quick filters',
  },
} as const;

// Zones without daylight saving, so an expected local midnight has one offset all year.
const ZONES = { ar: { id: 'Asia/Riyadh', offset: '+03:00' }, en: { id: 'Asia/Kolkata', offset: '+05:30' } } as const;

/** Today in a zone, `YYYY-MM-DD`. */
const todayIn = (zone: { id: string }) => new Intl.DateTimeFormat('en-CA', { timeZone: zone.id }).format(new Date());
/** Local midnight `daysBack` days before today in a zone, as the screen writes it. */
const localMidnight = (zone: { id: string; offset: string }, daysBack: number) => `${localDay(todayIn(zone), -daysBack)}T00:00:00.000${zone.offset}`;
/** A `YYYY-MM-DD` day moved by whole days. */
function localDay(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
}

/** The first page of listPosts (a later page is the list scrolling on). */
const isFirstPostsPage = (address: string, method: string) => {
  const url = new URL(address);
  return url.pathname === '/api/v1/content/posts/' && method === 'GET' && url.searchParams.get('page') === '1';
};

/** Does `action` and returns the listPosts request it caused, with its answer. */
async function postsRequest(
  page: Page,
  action: () => Promise<unknown>,
  /** Narrows which first-page request is awaited, when another screen may also ask for one. */
  wanted: (params: URLSearchParams) => boolean = () => true,
): Promise<{ params: URLSearchParams; body: PostsPage }> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => isFirstPostsPage(r.url(), r.method()) && wanted(new URL(r.url()).searchParams)),
    action(),
  ]);
  const response = await request.response();
  assert.equal(response?.status(), 200, `${request.url()} answered ${response?.status()}`);
  return { params: new URL(request.url()).searchParams, body: (await response.json()) as PostsPage };
}

const query = (page: Page) => new URL(page.url()).searchParams;

describe('explore', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  const open = async (language: Language, opts: PageOptions) => {
    const page = await h.newPage({ ...opts, locale: language, context: { timezoneId: ZONES[language].id } });
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    return page;
  };
  const noErrors = (page: Page) => assert.deepEqual(h.errorsOf(page), []);
  const chip = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
  /** Waits for a chip to show itself pressed (or not): the address changes before the screen renders it. */
  const pressed = (page: Page, name: string, state = true) => page.getByRole('button', { name, exact: true, pressed: state }).first().waitFor();

  /** The post cards show the answer: its first post, or the filtered empty message. */
  async function showsResults(page: Page, language: Language, body: PostsPage) {
    if (!body.count) {
      await page.getByRole('main').getByText(WORDS[language].emptyFiltered).waitFor();
      return;
    }
    const feed = page.getByRole('feed', { name: WORDS[language].results });
    const first = body.results[0];
    const title = language === 'ar' ? first.title_ar || first.title : first.title || first.title_ar;
    await feed.getByRole('article', { name: title }).first().waitFor();
  }

  /**
   * Every filter in turn: the address, the request it makes and the cards it shows. Then a
   * reload keeps them, Back steps through them and clear all removes them.
   */
  async function everyFilter(language: Language, opts: PageOptions, shot: string) {
    const w = WORDS[language];
    const zone = ZONES[language];
    const page = await open(language, opts);

    // The first page comes inside the page the server drew (its answers are part of it), so the
    // browser asks for none: it is what the API answers for the screen's own first arguments.
    await page.goto('/explore');
    await page.getByRole('heading', { level: 1, name: w.title }).waitFor();
    const firstPage = new URLSearchParams({ page: '1', page_size: '20', status: 'published', ordering: '-published_at' });
    const initial = { body: (await (await fetch(`${h.baseURL}/api/v1/content/posts/?${firstPage}`)).json()) as PostsPage };
    assert.ok(initial.body.count > 100, `published posts: ${initial.body.count}`);
    await pressed(page, w.latest, true);
    await showsResults(page, language, initial.body);
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, `${shot}-start`);

    // Search: blank text does nothing; text is trimmed into the address and the request.
    // In the centre column: on large screens the right column has a search box of its own.
    const main = page.getByRole('main');
    const box = main.getByRole('combobox', { name: w.search });
    await box.fill('   ');
    await box.press('Enter');
    await main.getByRole('button', { name: w.submit, exact: true }).click();
    assert.equal(new URL(page.url()).search, '');
    const term = language === 'ar' ? 'الصحة' : 'health';
    await box.fill(` ${term} `);
    const searched = await postsRequest(page, () => box.press('Enter'));
    assert.equal(query(page).get('search'), term);
    assert.equal(searched.params.get('search'), term);
    assert.ok(searched.body.count > 0 && searched.body.count < initial.body.count, `search found ${searched.body.count}`);
    await showsResults(page, language, searched.body);
    await main.getByRole('button', { name: w.clear, exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    assert.equal(await box.inputValue(), '');

    // Most viewed, then latest again.
    const viewed = await postsRequest(page, () => chip(page, w.mostViewed).click());
    assert.equal(query(page).get('sortBy'), 'most_viewed');
    assert.equal(viewed.params.get('ordering'), '-view_count');
    // The cleared search stays cleared, however soon the next chip is pressed.
    assert.equal(viewed.params.has('search'), false);
    const views = viewed.body.results.map((p) => p.view_count);
    assert.deepEqual(views, [...views].sort((a, b) => b - a));
    assert.ok(views[0] > initial.body.results[0].view_count);
    await showsResults(page, language, viewed.body);
    await pressed(page, w.latest, false);
    await chip(page, w.latest).click();
    await page.waitForURL((url) => !url.searchParams.has('sortBy'));
    await pressed(page, w.latest, true);

    // Today, this week, this month: from local midnight, 0, 6 and 29 days back.
    const counts: number[] = [];
    for (const [name, range, daysBack] of [
      [w.today, 'today', 0],
      [w.week, 'week', 6],
      [w.month, 'month', 29],
    ] as const) {
      const dated = await postsRequest(page, () => chip(page, name).click());
      assert.equal(query(page).get('dateRange'), range);
      assert.equal(dated.params.get('published_after'), localMidnight(zone, daysBack));
      const since = Date.parse(localMidnight(zone, daysBack));
      assert.ok(dated.body.results.every((p) => Date.parse(p.published_at) >= since), `${range}: a post before ${since}`);
      await pressed(page, name, true);
      await showsResults(page, language, dated.body);
      counts.push(dated.body.count);
    }
    assert.ok(counts[0] <= counts[1] && counts[1] <= counts[2] && counts[2] < initial.body.count, `today ≤ week ≤ month: ${counts.join(',')}`);
    await chip(page, w.month).click();
    await page.waitForURL((url) => !url.searchParams.has('dateRange'));

    // A custom range: apply waits for a day, then the range covers its days whole.
    await chip(page, w.custom).click();
    const panel = page.getByRole('group', { name: w.custom });
    const apply = panel.getByRole('button', { name: w.apply });
    assert.equal(await apply.isDisabled(), true);
    const start = localDay(todayIn(zone), -20);
    const end = localDay(todayIn(zone), -10);
    await panel.getByLabel(w.from).fill(start);
    assert.equal(await apply.isDisabled(), false);
    await panel.getByLabel(w.to).fill(end);
    if (opts.viewport !== 'mobile') await h.screenshot(page, `${shot}-custom-range`);
    const ranged = await postsRequest(page, () => apply.click());
    await panel.waitFor({ state: 'detached' });
    assert.equal(query(page).get('dateRange'), 'custom');
    assert.equal(query(page).get('start_date'), start);
    assert.equal(query(page).get('end_date'), end);
    assert.equal(ranged.params.get('published_after'), `${start}T00:00:00.000${zone.offset}`);
    assert.equal(ranged.params.get('published_before'), `${end}T23:59:59.999${zone.offset}`);
    const [from, to] = [Date.parse(`${start}T00:00:00${zone.offset}`), Date.parse(`${end}T23:59:59.999${zone.offset}`)];
    assert.ok(ranged.body.count > 0 && ranged.body.results.every((p) => Date.parse(p.published_at) >= from && Date.parse(p.published_at) <= to));
    await showsResults(page, language, ranged.body);
    if (opts.viewport !== 'mobile') await h.screenshot(page, `${shot}-custom-applied`);

    // With attachments, added to the range.
    const attached = await postsRequest(page, () => chip(page, w.attachments).click());
    assert.equal(query(page).get('has_attachments'), 'true');
    assert.equal(attached.params.get('has_attachments'), 'true');
    assert.equal(attached.params.get('published_after'), ranged.params.get('published_after'));
    assert.ok(attached.body.count < ranged.body.count && attached.body.results.every((p) => p.attachment_count > 0));
    await showsResults(page, language, attached.body);
    await page.getByRole('button', { name: w.clearAll }).click();
    await page.waitForURL((url) => url.search === '');

    // A post type.
    const typeName = language === 'ar' ? 'تعميم' : 'Circular';
    const types = page.getByRole('group', { name: w.types });
    const typed = await postsRequest(page, () => types.getByRole('button', { name: typeName }).click());
    const typeId = query(page).get('type_id');
    assert.ok(typeId);
    assert.equal(typed.params.get('type_id'), typeId);
    assert.ok(typed.body.count > 0 && typed.body.results.every((p) => p.type.name === 'circular'));
    await types.getByRole('button', { name: typeName, pressed: true }).waitFor();
    await showsResults(page, language, typed.body);

    // Pressing the type again clears it.
    await types.getByRole('button', { name: typeName }).click();
    await page.waitForURL((url) => url.search === '');

    // An organization, chosen by its code.
    await page.getByRole('button', { name: w.showOrganizations }).click();
    const organizations = page.getByRole('group', { name: w.organizations });
    const byOrganization = await postsRequest(page, () => organizations.getByRole('button').first().click());
    const code = query(page).get('organization_code');
    assert.ok(code);
    assert.equal(byOrganization.params.get('organization_code'), code);
    assert.ok(byOrganization.body.count > 0 && byOrganization.body.count < initial.body.count);
    assert.ok(byOrganization.body.results.every((p) => p.organization?.code === code));
    await showsResults(page, language, byOrganization.body);

    // With the type again: both narrow the list.
    const both = await postsRequest(page, () => types.getByRole('button', { name: typeName }).click());
    assert.equal(both.params.get('organization_code'), code);
    assert.equal(both.params.get('type_id'), typeId);
    assert.ok(both.body.results.every((p) => p.organization?.code === code && p.type.name === 'circular'));
    await showsResults(page, language, both.body);
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, `${shot}-filtered`);

    // A reload keeps every filter.
    const address = page.url();
    await page.reload();
    assert.equal(page.url(), address);
    // Drawn by the server with the same filters, the answer inside the page: the one the API
    // gives for the same request.
    const reloaded = { body: (await (await fetch(`${h.baseURL}/api/v1/content/posts/?${both.params}`)).json()) as PostsPage };
    await page.getByRole('group', { name: w.organizations }).getByRole('button', { pressed: true }).waitFor();
    await page.getByRole('group', { name: w.types }).getByRole('button', { name: typeName, pressed: true }).waitFor();
    await showsResults(page, language, reloaded.body);

    // Back undoes the last change; clear all removes everything.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('organization_code') === code && !url.searchParams.has('type_id'));
    await page.goForward();
    await page.waitForURL(address);
    await page.getByRole('button', { name: w.clearAll }).click();
    await page.waitForURL((url) => url.search === '');
    await showsResults(page, language, initial.body);
    assert.equal(await page.getByRole('button', { name: w.clearAll }).count(), 0);
    noErrors(page);
    return page;
  }

  test('every filter changes the address, the request and the results (Arabic, desktop)', async () => {
    await everyFilter('ar', { viewport: 'desktop' }, 'explore-ar-desktop-light');
  });

  test('every filter changes the address, the request and the results (English, phone, dark)', async () => {
    const page = await everyFilter('en', { viewport: 'mobile', colorScheme: 'dark' }, 'explore-en-mobile-dark');
    // The chips keep to one line that scrolls sideways rather than a wall.
    const row = page.getByRole('group', { name: WORDS.en.quick });
    const { scrollWidth, clientWidth, tops } = await row.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      tops: [...el.children].map((c) => Math.round(c.getBoundingClientRect().top)),
    }));
    assert.ok(scrollWidth > clientWidth, `the row scrolls: ${scrollWidth} > ${clientWidth}`);
    assert.equal(new Set(tops).size, 1, `one line: ${tops.join(',')}`);
  });

  test('the right column search lands on explore with the text in the box (Arabic, desktop, dark)', async () => {
    const page = await open('ar', { viewport: 'desktop', colorScheme: 'dark' });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const aside = page.getByRole('complementary');
    // The right column is taken over after the screen (its code loads once the window is wide
    // enough): until then its form submits on its own (GET /explore, drawn by the server, no
    // request of the app's to await). Type once React has the field.
    await page.waitForFunction(() => {
      const field = document.querySelector('aside input[type="search"]');
      return !!field && Object.keys(field).some((key) => key.startsWith('__reactFiber'));
    });
    // The home feed may still ask for its own first page (a refresh, the new-posts check): await the search's.
    const searched = await postsRequest(
      page,
      async () => {
        await aside.getByRole('combobox').fill('وزارة التعليم');
        await aside.getByRole('combobox').press('Enter');
      },
      (params) => params.has('search'),
    );
    await page.waitForURL((url) => url.pathname === '/explore');
    assert.equal(searched.params.get('search'), 'وزارة التعليم');
    assert.equal(searched.params.get('ordering'), '-published_at');
    // sortBy=newest is the default: the address keeps only what it changes.
    await page.waitForURL((url) => url.search === `?search=${encodeURIComponent('وزارة التعليم').replace(/%20/g, '+')}`);
    assert.equal(await page.getByRole('main').getByRole('combobox', { name: WORDS.ar.search }).inputValue(), 'وزارة التعليم');
    await pressed(page, WORDS.ar.latest, true);
    await showsResults(page, 'ar', searched.body);
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'explore-ar-desktop-dark-search');
    noErrors(page);
  });

  test('a shared address opens filtered, and the search box stays on top while scrolling (Arabic, phone)', async () => {
    const page = await open('ar', { viewport: 'mobile' });
    const shared = await postsRequest(page, () => page.goto('/explore?dateRange=month&has_attachments=true&sortBy=most_viewed&junk=1'));
    await page.waitForURL((url) => url.search === '?dateRange=month&sortBy=most_viewed&has_attachments=true');
    assert.equal(shared.params.get('published_after'), localMidnight(ZONES.ar, 29));
    assert.equal(shared.params.get('ordering'), '-view_count');
    assert.equal(shared.params.get('has_attachments'), 'true');
    for (const name of [WORDS.ar.month, WORDS.ar.mostViewed, WORDS.ar.attachments]) await pressed(page, name);
    // The row scrolled sideways to show the pressed date chip, which starts out of sight.
    const row = page.getByRole('group', { name: WORDS.ar.quick });
    const month = await chip(page, WORDS.ar.month).boundingBox();
    const rowBox = await row.boundingBox();
    assert.ok(month && rowBox && month.x >= rowBox.x && month.x + month.width <= rowBox.x + rowBox.width, `month chip at ${month?.x}`);
    await showsResults(page, 'ar', shared.body);
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'explore-ar-mobile-light');

    const search = page.getByRole('search', { name: WORDS.ar.search });
    assert.equal(await search.evaluate((el) => getComputedStyle(el).position), 'sticky');
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    if (scrollable > 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(() => scrollY >= 300);
      const box = await search.boundingBox();
      // Right under the phone's top bar (56 px).
      assert.ok(box && Math.abs(box.y - 56) <= 1, `search box at y=${box?.y}`);
    }
    noErrors(page);
  });
});
