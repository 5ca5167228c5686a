import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { setup, type Harness } from './harness';

/** Hashtags and organizations (issue 4) in a real browser against the seeded server. */
describe('directory: hashtags and organizations', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${h.baseURL}/api/v1${path}`);
    assert.equal(res.status, 200, `${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  /** A page whose reader chose English (the app's own stored choice, read before first paint). */
  const englishPage = async (opts: Parameters<Harness['newPage']>[0]) => {
    const page = await h.newPage({ ...opts, locale: 'en' });
    await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    return page;
  };
  const pageErrors = (page: Page) => h.errorsOf(page).filter((e) => e.startsWith('pageerror'));
  const cards = (page: Page, list: string) => page.getByRole('list', { name: list, exact: true }).getByRole('link');

  /**
   * Where the h1's first '#' and the character after it are drawn: '#' must come first in
   * reading order. (A string, not a function: tsx would add a helper the page does not have.)
   */
  const hashBeforeName = (page: Page) =>
    page.evaluate<{ hash: number; next: number; text: string }>(`(() => {
      const node = document.createTreeWalker(document.querySelector('h1'), NodeFilter.SHOW_TEXT).nextNode();
      const at = node.data.indexOf('#');
      const left = (i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { hash: left(at), next: left(at + 1), text: node.data };
    })()`);

  /** Waits until the list shows between `min` and `max` cards (a list still loading shows none). */
  const waitForCards = (page: Page, list: string, min: number, max = min) =>
    page.waitForFunction(
      ([name, lo, hi]) => {
        const n = document.querySelectorAll(`ul[aria-label="${name}"] > li`).length;
        return n >= lo && n <= hi;
      },
      [list, min, max] as const,
    );

  test('the hashtag list: 100 per page, most used first, load more, search', async () => {
    const total = (await api<{ count: number }>('/content/hashtags/?page_size=1')).count;
    assert.ok(total > 100, `the seed has ${total} hashtags: more than one page of 100 is needed`);
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/hashtags');
    await page.getByRole('heading', { level: 1, name: 'الوسوم' }).waitFor();
    await page.getByText(`عدد الوسوم: ${total}`).waitFor();
    await waitForCards(page, 'الوسوم', 100);
    await h.screenshot(page, 'directory-hashtags-desktop-ar');

    await page.getByRole('button', { name: 'تحميل المزيد' }).click();
    await waitForCards(page, 'الوسوم', total);
    assert.equal(await page.getByRole('button', { name: 'تحميل المزيد' }).count(), 0);

    // The leading '#' is dropped; the server's answer to the same search, 20 per page, is what shows.
    const expected = (await api<{ results: Array<{ name: string }> }>(`/content/hashtags/?search=${encodeURIComponent('رؤية')}&page_size=20&ordering=-post_count`)).results;
    assert.ok(expected.length > 0 && expected.length < 100);
    await page.getByRole('combobox', { name: 'البحث في الوسوم' }).fill('#رؤية');
    await waitForCards(page, 'الوسوم', expected.length);
    const shown = await cards(page, 'الوسوم').locator('bdi').allTextContents();
    assert.deepEqual(shown, expected.map((t) => `#${t.name}`));
    // Cleared: the whole list again, as far as it had been read.
    await page.getByRole('button', { name: 'مسح' }).click();
    await waitForCards(page, 'الوسوم', total);
    assert.deepEqual(pageErrors(page), []);
  });

  test('an Arabic hashtag opens from its card by encoded name, and by its slug', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/hashtags');
    const card = cards(page, 'الوسوم').filter({ hasText: '#رؤية_2030' });
    assert.equal(await card.getAttribute('href'), `/hashtags/${encodeURIComponent('رؤية_2030')}`);
    await card.click();
    await page.waitForURL((url) => url.pathname === `/hashtags/${encodeURIComponent('رؤية_2030')}`);
    const heading = page.getByRole('heading', { level: 1, name: '#رؤية_2030' });
    await heading.waitFor();
    await page.getByText('رائج').first().waitFor();
    await page.getByText(/^إجمالي المنشورات: \d+/).waitFor();
    await page.getByRole('region', { name: 'وسوم ذات صلة' }).waitFor();
    await page.getByRole('button', { name: /مشاركة/ }).first().waitFor();
    const posts = page.getByRole('feed', { name: 'منشورات الوسم #رؤية_2030' });
    await posts.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'تحميل المزيد من المنشورات' }).waitFor();
    await h.screenshot(page, 'directory-hashtag-by-name-desktop-ar');

    const [tag] = (await api<{ results: Array<{ name: string; slug: string }> }>(`/content/hashtags/?search=${encodeURIComponent('رؤية_2030')}`)).results;
    await page.goto(`/hashtags/${encodeURIComponent(tag.slug)}`);
    await heading.waitFor();
    assert.deepEqual(pageErrors(page), []);
  });

  test('a Latin hashtag keeps "#" before its name in the Arabic page', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/hashtags/covid19');
    await page.getByRole('heading', { level: 1, name: '#COVID19' }).waitFor();
    const { hash, next, text } = await hashBeforeName(page);
    assert.ok(hash < next, `'#' drawn at x=${hash}, 'C' at x=${next} in "${text}"`);
  });

  test('hashtags in English on a phone, dark', async () => {
    const page = await englishPage({ viewport: 'mobile', colorScheme: 'dark' });
    await page.goto('/hashtags');
    await page.getByRole('heading', { level: 1, name: 'Hashtags' }).waitFor();
    await waitForCards(page, 'Hashtags', 100);
    await h.screenshot(page, 'directory-hashtags-mobile-en-dark');
    await cards(page, 'Hashtags').filter({ hasText: '#COVID19' }).click();
    await page.getByRole('heading', { level: 1, name: '#COVID19' }).waitFor();
    await page.getByText(/^Total posts: \d+/).waitFor();
    await h.screenshot(page, 'directory-hashtag-mobile-en-dark');
    assert.deepEqual(pageErrors(page), []);
  });

  test('Arabic on a phone: the hashtag list and an Arabic hashtag, light', async () => {
    const page = await h.newPage({ viewport: 'mobile' });
    await page.goto('/hashtags');
    await waitForCards(page, 'الوسوم', 100);
    await h.screenshot(page, 'directory-hashtags-mobile-ar');
    await page.goto(`/hashtags/${encodeURIComponent('الصحة')}`);
    await page.getByRole('heading', { level: 1, name: '#الصحة' }).waitFor();
    await page.getByRole('feed').getByRole('article').first().waitFor();
    await h.screenshot(page, 'directory-hashtag-mobile-ar');
    assert.deepEqual(pageErrors(page), []);
  });

  test('the organization list loads more, and an organization page shows its details and posts', async () => {
    const { count } = await api<{ count: number }>('/producers/organizations/?is_active=true&is_verified=true&page_size=1');
    assert.ok(count > 20, `${count} active, verified organizations: more than one page of 20 is needed`);
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/organizations');
    await page.getByRole('heading', { level: 1, name: 'الجهات' }).waitFor();
    await page.getByText(`عدد الجهات: ${count}`).waitFor();
    await waitForCards(page, 'الجهات', 20);
    await page.getByRole('button', { name: 'تحميل المزيد' }).click();
    await waitForCards(page, 'الجهات', Math.min(40, count));
    await h.screenshot(page, 'directory-organizations-desktop-ar');

    const card = cards(page, 'الجهات').filter({ hasText: 'وزارة الصحة' }).first();
    await card.click();
    await page.waitForURL(/\/organizations\/MOH$/);
    await page.getByRole('heading', { level: 1, name: 'وزارة الصحة' }).waitFor();
    await page.getByText('جهة موثّقة').first().waitFor();
    const contacts = page.getByLabel('بيانات التواصل');
    const site = contacts.getByRole('link', { name: 'www.moh.gov.sa' });
    assert.equal(await site.getAttribute('target'), '_blank');
    assert.match((await site.getAttribute('rel')) ?? '', /noopener/);
    assert.match((await contacts.locator('a[href^="mailto:"]').getAttribute('href')) ?? '', /^mailto:\S+@moh\.gov\.sa$/);
    assert.match((await contacts.locator('a[href^="tel:"]').getAttribute('href')) ?? '', /^tel:\+?\d+$/);
    const figures = page.getByRole('list', { name: 'أرقام الجهة' });
    await figures.getByText(/^عدد المنشورات: \d+/).waitFor();

    await page.getByText('الجهات الفرعية', { exact: true }).click();
    await page.locator('details[open] li').first().waitFor();

    const posts = page.getByRole('feed', { name: 'منشورات وزارة الصحة' });
    await posts.getByRole('article').first().waitFor();
    // Drawn with the first screen's posts; the rest of the first page follows.
    await posts.getByRole('article').nth(19).waitFor();
    assert.equal(await posts.getByRole('article').count(), 20);
    await page.getByRole('button', { name: 'تحميل المزيد من المنشورات' }).click();
    // The 21st post (long lists render only the rows near the viewport: look for it by position).
    await posts.locator('[aria-posinset="21"]').waitFor({ state: 'attached' });
    await h.screenshot(page, 'directory-organization-desktop-ar');
    assert.deepEqual(pageErrors(page), []);
  });

  test('an unknown organization code shows the not-found panel, and go back leads to the list', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/organizations/NO-SUCH-ORG');
    await page.getByRole('heading', { level: 1, name: 'لم يتم العثور على الجهة' }).waitFor();
    await h.screenshot(page, 'directory-organization-not-found-desktop-ar');
    await page.getByRole('button', { name: 'العودة' }).click();
    await page.waitForURL((url) => url.pathname === '/organizations');
    await page.getByRole('heading', { level: 1, name: 'الجهات' }).waitFor();
  });

  test('organizations in English on a desktop, light, and Arabic on a phone', async () => {
    const page = await englishPage({ viewport: 'desktop' });
    await page.goto('/organizations/MOH');
    await page.getByRole('heading', { level: 1, name: 'Ministry of Health' }).waitFor();
    await page.getByText('Departments', { exact: true }).click();
    await page.locator('details[open] li').first().waitFor();
    await page.getByRole('feed').getByRole('article').first().waitFor();
    await h.screenshot(page, 'directory-organization-desktop-en');

    const phone = await h.newPage({ viewport: 'mobile', colorScheme: 'dark' });
    await phone.goto('/organizations/MOH');
    await phone.getByRole('heading', { level: 1, name: 'وزارة الصحة' }).waitFor();
    await phone.getByRole('feed').getByRole('article').first().waitFor();
    await h.screenshot(phone, 'directory-organization-mobile-ar-dark');
    assert.deepEqual([...pageErrors(page), ...pageErrors(phone)], []);
  });

  test('organizations in English on a phone, dark', async () => {
    const page = await englishPage({ viewport: 'mobile', colorScheme: 'dark' });
    await page.goto('/organizations');
    await page.getByRole('heading', { level: 1, name: 'Organizations' }).waitFor();
    await waitForCards(page, 'Organizations', 20);
    await h.screenshot(page, 'directory-organizations-mobile-en-dark');
    await page.getByRole('combobox', { name: 'Search organizations' }).fill('MOH');
    await waitForCards(page, 'Organizations', 1, 19);
    await cards(page, 'Organizations').filter({ hasText: 'Ministry of Health' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Ministry of Health' }).waitFor();
    await page.getByRole('list', { name: 'Figures' }).waitFor();
    await h.screenshot(page, 'directory-organization-mobile-en-dark');
    await page.goto('/organizations/NO-SUCH-ORG');
    await page.getByRole('heading', { level: 1, name: 'Organization not found' }).waitFor();
    assert.deepEqual(pageErrors(page), []);
  });
});
