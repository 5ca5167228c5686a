import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { registerReader, setup, storePreferences, type Harness } from './harness';

/**
 * Issue 15's following inside the portal, as a reader does it: follow an organization on its
 * page and a hashtag on its own, find their posts under "Following" in the navigation, stop
 * following from there. A visitor who presses "Follow" is asked to sign in and comes back.
 */

let h: Harness;
before(async () => {
  h = await setup();
});
after(() => h.close());

const titles = (page: Page) => page.locator('main article h2, main article h3').allTextContents();

/** The newest published titles of a list (in Arabic), as the API answers them to anyone. */
async function newestTitles(query: string): Promise<string[]> {
  const res = await fetch(`${h.baseURL}/api/v1/content/posts/?status=published&ordering=-published_at&page_size=5&${query}`);
  assert.equal(res.status, 200);
  return ((await res.json()) as { results: { title: string; title_ar?: string | null }[] }).results.map((p) => p.title_ar || p.title);
}

test('a reader follows an organization, reads its posts under Following, and stops (ar, desktop, light)', async () => {
  const reader = await registerReader(h.baseURL, 'fo');
  const page = await h.newPage({ locale: 'ar' });
  await h.signInAs(page, reader.username, reader.password);
  await page.goto('/organizations/MOH');
  const follow = page.getByRole('button', { name: 'متابعة وزارة الصحة' });
  await follow.click();
  const following = page.getByRole('button', { name: 'إلغاء المتابعة: وزارة الصحة' });
  await following.waitFor();
  assert.equal(await following.getAttribute('aria-pressed'), 'true');
  await h.screenshot(page, 'following-button-ar-desktop-light');

  // The navigation's "Following": the organization, and its newest posts first.
  await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'متابعاتي' }).click();
  await page.getByRole('heading', { level: 1, name: 'متابعاتي' }).waitFor();
  await page.getByRole('region', { name: 'ما تتابعه' }).getByRole('link', { name: 'وزارة الصحة' }).waitFor();
  await page.locator('main article').first().waitFor();
  const expected = await newestTitles('organization_code=MOH');
  assert.deepEqual((await titles(page)).slice(0, 5).map((t) => t.trim()), expected);
  await h.screenshot(page, 'following-ar-desktop-light');

  // Stopped from the list: nothing followed, and the way to start.
  await page.getByRole('button', { name: 'إلغاء المتابعة: وزارة الصحة' }).click();
  await page.getByRole('heading', { level: 2, name: 'لا تتابع أي شيء بعد.' }).waitFor();
  assert.equal(await page.locator('main article').count(), 0);
  // And the organization's page says so after a reload (the server kept it).
  await page.goto('/organizations/MOH');
  await page.getByRole('button', { name: 'متابعة وزارة الصحة' }).waitFor();
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});

test('a hashtag and a type followed in English on a phone in dark mode (en, phone, dark)', async () => {
  const reader = await registerReader(h.baseURL, 'fe');
  const page = await h.newPage({ locale: 'en', viewport: 'mobile', colorScheme: 'dark' });
  await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'system' });
  await h.signInAs(page, reader.username, reader.password);
  const tags = (await (await fetch(`${h.baseURL}/api/v1/content/hashtags/?page_size=1`)).json()) as { results: { slug: string; name: string }[] };
  const tag = tags.results[0];
  await page.goto(`/hashtags/${encodeURIComponent(tag.slug)}`);
  await page.getByRole('button', { name: `Follow #${tag.name}` }).click();
  await page.getByRole('button', { name: `Unfollow #${tag.name}` }).waitFor();
  await page.goto('/types/1');
  const typeFollow = page.getByRole('button', { name: /^Follow / });
  const typeName = ((await typeFollow.getAttribute('aria-label')) ?? '').replace(/^Follow /, '');
  await typeFollow.click();
  await page.getByRole('button', { name: `Unfollow ${typeName}` }).waitFor();
  await h.screenshot(page, 'following-button-en-mobile-dark');

  // The phone's menu holds "Following".
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Following' }).click();
  await page.getByRole('heading', { level: 1, name: 'Following' }).waitFor();
  const followed = page.getByRole('region', { name: 'What you follow' });
  await followed.getByRole('link', { name: `#${tag.name}` }).waitFor();
  await followed.getByRole('link', { name: typeName, exact: true }).waitFor();
  await page.locator('main article').first().waitFor();
  // Nothing runs off a 390 px screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await h.screenshot(page, 'following-en-mobile-dark');
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});

test('a visitor who presses Follow signs in and comes back to the page, then follows (ar, phone)', async () => {
  const reader = await registerReader(h.baseURL, 'fv');
  const page = await h.newPage({ locale: 'ar', viewport: 'mobile' });
  await page.goto('/organizations/MOH');
  await page.getByRole('button', { name: 'متابعة وزارة الصحة' }).click();
  await page.waitForURL(/\/login$/);
  await page.getByLabel('اسم المستخدم').fill(reader.username);
  await page.getByLabel('كلمة المرور').fill(reader.password);
  await page.getByRole('main').getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.waitForURL(/\/organizations\/MOH$/);
  await page.getByRole('button', { name: 'متابعة وزارة الصحة' }).click();
  await page.getByRole('button', { name: 'إلغاء المتابعة: وزارة الصحة' }).waitFor();
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});
