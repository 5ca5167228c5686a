import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setup, type Harness } from './harness';

/** The frame of issue 3 in a real browser: language and direction, theme, guards, layouts. */
describe('frame', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  test('switching to English flips the document, the text and the layout, and survives a reload', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await page.goto('/');
    const html = page.locator('html');
    await page.getByRole('button', { name: 'تغيير اللغة إلى English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    assert.equal(await html.getAttribute('lang'), 'en');
    await page.getByRole('link', { name: 'Explore' }).first().waitFor();
    // The navigation column sits on the start side: left in English.
    const nav = await page.getByRole('navigation').first().boundingBox();
    assert.ok(nav && nav.x < 400, `navigation at x=${nav?.x}`);
    await page.reload();
    await page.getByRole('link', { name: 'Explore' }).first().waitFor();
    assert.equal(await html.getAttribute('dir'), 'ltr');
    await page.getByRole('button', { name: 'Switch language to العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const navAr = await page.getByRole('navigation').first().boundingBox();
    assert.ok(navAr && navAr.x > 600, `navigation at x=${navAr?.x}`);
  });

  test('the theme follows the device in system mode and can be fixed light or dark', async () => {
    const page = await h.newPage({ viewport: 'desktop', colorScheme: 'dark' });
    await page.goto('/');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByRole('button', { name: /وضع العرض: حسب النظام/ }).waitFor();
    const darkSystem = await background();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction((before) => getComputedStyle(document.body).backgroundColor !== before, darkSystem);
    const lightSystem = await background();
    assert.notEqual(darkSystem, lightSystem);
    // system → light → dark
    await page.getByRole('button', { name: /وضع العرض/ }).click();
    await page.getByRole('button', { name: /وضع العرض: فاتح/ }).click();
    await page.getByRole('button', { name: /وضع العرض: داكن/ }).waitFor();
    assert.equal(await background(), darkSystem);
  });

  test('a visitor opening /bookmarks is sent to /login', async () => {
    const page = await h.newPage();
    await page.goto('/bookmarks');
    await page.waitForURL(/\/login$/);
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('phones get the top bar, the slide-in menu and the search overlay', async () => {
    const page = await h.newPage({ viewport: 'mobile' });
    await page.goto('/');
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    // The drawer's own link (the drawer is a dialog named «القائمة», MobileDrawer.tsx), not any
    // link of that name elsewhere on the page.
    const menu = page.getByRole('dialog', { name: 'القائمة' }).getByRole('link', { name: 'التصنيفات', exact: true });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'فتح البحث' }).click();
    await page.getByRole('dialog').waitFor();
    await h.screenshot(page, 'frame-mobile-search-ar');
  });

  test('a signed-in reader gets the signed-in layout, is kept off the guest pages, and signs out', async () => {
    const page = await h.newPage({ viewport: 'desktop' });
    await h.signInAs(page, 'reader', 'Reader#2025');
    await page.goto('/bookmarks');
    // The stored token has no user yet: the profile is fetched, then the guarded page opens.
    const card = page.getByRole('group', { name: /مسجّل الدخول باسم سارة القحطاني/ });
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', /@reader/);
    assert.equal(new URL(page.url()).pathname, '/bookmarks');
    await page.getByRole('link', { name: 'المحفوظات' }).first().waitFor();
    await page.getByRole('link', { name: 'الإعدادات' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await h.screenshot(page, 'frame-signed-in-ar-light');

    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.getByText('تم تسجيل الخروج بنجاح').waitFor();
    await page.getByRole('link', { name: 'تسجيل الدخول' }).first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'المحفوظات' }).count(), 0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('qarar:session') ?? '{}'));
    assert.equal(JSON.parse(stored.access ?? 'null'), null);
    assert.equal(JSON.parse(stored.refresh ?? 'null'), null);
    await page.goto('/settings');
    await page.waitForURL(/\/login$/);
  });

  test('the phone menu of a signed-in reader lists bookmarks and settings', async () => {
    const page = await h.newPage({ viewport: 'mobile', colorScheme: 'dark' });
    await h.signInAs(page, 'reader', 'Reader#2025');
    await page.goto('/');
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'المحفوظات' }).waitFor();
    await drawer.getByRole('link', { name: 'الإعدادات' }).first().waitFor();
    await drawer.getByRole('group', { name: /سارة القحطاني/ }).waitFor();
    await h.screenshot(page, 'frame-mobile-menu-signed-in-ar-dark');
  });

  test("a phone's menu opens whole at the tap: its links, the reader's own among them, are there in the frame that shows it", async () => {
    const page = await h.newPage({ viewport: 'mobile' });
    await h.signInAs(page, 'reader', 'Reader#2025');
    await page.goto('/');
    // A reader who looks at the page a moment first; the menu's code comes meanwhile.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    // What the first frames after the tap show (before: the drawer, then its links 0.3 to 0.8 s
    // later — its code fetched at the tap, and React revealing what suspended after a throttle).
    const seen = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve([...document.querySelectorAll('[role="dialog"] a[href]')].map((a) => a.getAttribute('href')!))),
          ),
        ),
    );
    for (const href of ['/', '/explore', '/following', '/bookmarks', '/settings']) assert.ok(seen.includes(href), `${href} in ${seen.join(' ')}`);
    assert.deepEqual(requested.filter((url) => /\.js$/.test(url)), [], 'no code fetched at the tap');
    assert.deepEqual(h.errorsOf(page), []);
  });
});

