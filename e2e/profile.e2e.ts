import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { registerReader, setup, type Harness } from './harness';

describe('profile', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  test('from a card’s author to the profile, followed and unfollowed by a new reader (Arabic, desktop, dark)', async () => {
    const reader = await registerReader(h.baseURL, 'pf');
    const page = await h.newPage({ colorScheme: 'dark' });
    await h.signInAs(page, reader.username, reader.password);
    await page.goto('/');
    const card = page.getByRole('feed').getByRole('article').first();
    await card.waitFor();
    // The card's @username links to the author's profile.
    const handle = card.locator('a[href^="/profile/"]').first();
    const href = (await handle.getAttribute('href'))!;
    await handle.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('feed').getByRole('article').first().waitFor();

    const follow = page.getByRole('button', { name: 'متابعة', exact: true });
    const followers = async () => Number(/(\d+)/.exec((await page.getByText(/^المتابِعون: /).textContent()) ?? '')?.[1]);
    const before = await followers();
    await follow.click();
    await page.getByRole('button', { name: 'إلغاء المتابعة' }).waitFor();
    await page.waitForFunction((n) => document.body.textContent?.includes(`المتابِعون: ${n}`), before + 1);
    await h.screenshot(page, 'profile-ar-desktop-dark');
    await page.reload();
    await page.getByRole('button', { name: 'إلغاء المتابعة' }).click();
    await follow.waitFor();
    assert.equal(await followers(), before);
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('a visitor is sent to sign in; a missing user has the not-found panel (English, phone)', async () => {
    const page = await h.newPage({ viewport: 'mobile', locale: 'en' });
    await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    await page.goto('/profile/no-such-user-here');
    await page.getByRole('heading', { name: 'User not found' }).waitFor();
    await h.screenshot(page, 'profile-not-found-en-mobile');

    const author = await (await fetch(`${h.baseURL}/api/v1/content/posts/?page_size=1`)).json();
    const username = author.results[0].author.username as string;
    await page.goto(`/profile/${encodeURIComponent(username)}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByText('Please sign in to follow users').waitFor();
    await page.waitForURL(/\/login$/);
  });
});
