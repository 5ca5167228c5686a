import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { registerReader, setup, tabsNotWhole, type Harness, type NewReader } from './harness';

/** A small valid PNG (solid colour), made here rather than kept as a file. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

describe('settings', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  const english = (page: Page) => page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));

  /** A screenshot once the tab indicator, ripples and toasts have finished moving. */
  async function still(page: Page, name: string) {
    await page.waitForFunction(
      () =>
        !document.querySelector('.MuiTouchRipple-child') &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    );
    await h.screenshot(page, name);
  }

  /** Sets profile fields through the API as the app does (multipart), for pages that only look. */
  async function fillProfile(access: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${h.baseURL}/api/v1/auth/me/update/`, { method: 'PATCH', headers: { authorization: `Bearer ${access}` }, body: form });
    assert.equal(res.status, 200, await res.text());
  }

  test('the profile changes, picture included, and is still there after a reload (Arabic, desktop)', async () => {
    const reader = await registerReader(h.baseURL, 'sp', { first_name: 'Huda', last_name: 'Omar' });
    const page = await h.newPage();
    await h.signInAs(page, reader.username, reader.password);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'الملف الشخصي', selected: true }).waitFor();
    const save = page.getByRole('button', { name: 'حفظ التغييرات' });
    assert.equal(await save.isDisabled(), true, 'nothing to save yet');
    // Initials until there is a picture.
    await page.getByRole('tabpanel').getByText('HO', { exact: true }).waitFor();

    // Too big a picture is refused at once, in words, and nothing is sent.
    let updates = 0;
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes('/auth/me/update/')) updates++;
    });
    await page.getByLabel('الصورة الشخصية').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await page.getByRole('alert').filter({ hasText: 'يجب ألا يتجاوز حجم الصورة 5 ميغابايت' }).waitFor();
    assert.equal(updates, 0);

    await page.getByLabel(/^الاسم الأول/).fill('هدى');
    await page.getByLabel(/^اسم العائلة/).fill('العمر');
    await page.getByLabel(/^نبذة/).fill('مهتمة بقرارات التعليم');
    await page.getByText('21/500').waitFor();
    await page.getByLabel('الموقع', { exact: true }).fill('الدمام، السعودية');
    await page.getByLabel('الصورة الشخصية').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64, 64, [235, 140, 30]) });
    // The chosen picture is previewed before saving.
    const preview = page.getByRole('tabpanel').getByRole('img', { name: 'Huda Omar' });
    assert.match((await preview.getAttribute('src')) ?? '', /^blob:/);
    const [answer] = await Promise.all([page.waitForResponse((res) => res.url().includes('/auth/me/update/')), save.click()]);
    assert.equal(answer.status(), 200);
    assert.match(answer.request().headers()['content-type'] ?? '', /^multipart\/form-data; boundary=/);
    await page.getByText('تم تحديث الملف الشخصي بنجاح').waitFor();
    // The layout's card follows at once.
    await page.getByRole('group', { name: /هدى العمر/ }).waitFor();
    await still(page, 'settings-profile-saved-ar-desktop-light');

    await page.reload();
    await page.getByLabel(/^الاسم الأول/).waitFor();
    assert.equal(await page.getByLabel(/^الاسم الأول/).inputValue(), 'هدى');
    assert.equal(await page.getByLabel(/^نبذة/).inputValue(), 'مهتمة بقرارات التعليم');
    assert.equal(await page.getByLabel('الموقع', { exact: true }).inputValue(), 'الدمام، السعودية');
    const picture = page.getByRole('tabpanel').getByRole('img', { name: 'هدى العمر' });
    await picture.waitFor();
    const src = (await picture.getAttribute('src')) ?? '';
    assert.match(src, /\/media\/avatars\//);
    // The browser really shows it (decoded, not a broken image), and the server serves an image.
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await picture.elementHandle());
    const served = await fetch(new URL(src, h.baseURL));
    assert.equal(served.status, 200);
    assert.match(served.headers.get('content-type') ?? '', /^image\//);
    await page.getByRole('group', { name: /هدى العمر/ }).getByRole('img').waitFor();
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('the server refuses a picture over 5 MB in the reader’s language', async () => {
    const reader = await registerReader(h.baseURL, 'sz');
    const page = await h.newPage();
    const { access } = await h.signInAs(page, reader.username, reader.password);
    for (const [language, message] of [
      ['ar', 'يجب ألا يتجاوز حجم الصورة 5 ميغابايت.'],
      ['en', 'The image must be 5 MB or smaller.'],
    ]) {
      const form = new FormData();
      form.append('profile_picture', new Blob([new Uint8Array(Buffer.concat([png(8, 8, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024)]))], { type: 'image/png' }), 'huge.png');
      const res = await fetch(`${h.baseURL}/api/v1/auth/me/update/`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${access}`, 'accept-language': language },
        body: form,
      });
      assert.equal(res.status, 413);
      // The message, and the request's id as its header names it.
      assert.deepEqual(await res.json(), { detail: message, request_id: res.headers.get('x-request-id') });
    }
  });

  test('on a phone the six tabs wrap, each label whole, the chosen one underlined; on a tablet they scroll under a sliding indicator', async () => {
    const reader = await registerReader(h.baseURL, 'tabs');
    for (const locale of ['ar', 'en'] as const) {
      for (const viewport of [{ width: 360, height: 780 }, { width: 768, height: 1024 }]) {
        const page = await h.newPage({ viewport, locale });
        if (locale === 'en') await english(page);
        await h.signInAs(page, reader.username, reader.password);
        await page.goto('/settings');
        const tabs = page.getByRole('tab');
        await tabs.nth(5).waitFor();
        const look = `${locale} ${viewport.width}px`;
        // Before: at 360 px the third tab was cut at the edge («الا», "Int…") beside a scroll arrow.
        assert.deepEqual(await tabsNotWhole(page), [], look);
        await tabs.nth(4).click();
        assert.equal(await tabs.nth(4).getAttribute('aria-selected'), 'true', look);
        const marks = await page.evaluate(() => ({
          underline: getComputedStyle(document.querySelector('[role="tab"][aria-selected="true"]')!).boxShadow,
          indicator: getComputedStyle(document.querySelector('.MuiTabs-indicator')!).display,
        }));
        if (viewport.width === 360) {
          assert.match(marks.underline, /inset/, look);
          assert.equal(marks.indicator, 'none', look);
        } else {
          assert.equal(marks.underline, 'none', look);
          assert.notEqual(marks.indicator, 'none', look);
        }
        assert.deepEqual(h.errorsOf(page), []);
        await page.context().close();
      }
    }
  });

  test('the password changes and the new one signs in (English, phone, dark)', async () => {
    const reader = await registerReader(h.baseURL, 'pw');
    const page = await h.newPage({ viewport: 'mobile', colorScheme: 'dark', locale: 'en' });
    await english(page);
    await h.signInAs(page, reader.username, reader.password);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByLabel(/^Current password/).fill('wrong-password');
    await page.getByLabel(/^New password/).fill('Brand#New-2026');
    await page.getByLabel(/^Confirm new password/).fill('Brand#New-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is incorrect').first().waitFor();
    await page.getByRole('button', { name: 'Change password', disabled: false }).waitFor();
    await still(page, 'settings-password-failed-en-mobile-dark');
    await page.getByLabel(/^Current password/).fill(reader.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    assert.equal(await page.getByLabel(/^New password/).inputValue(), '');
    assert.equal(await page.getByLabel(/^Current password/).inputValue(), '');

    // Out, then in again through the sign-in form: the old password fails, the new one works.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out successfully').waitFor();
    await page.goto('/login');
    await page.getByLabel('Username').fill(reader.username);
    await page.getByLabel('Password').fill(reader.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('.MuiAlert-root[role="alert"]').waitFor();
    await page.getByLabel('Password').fill('Brand#New-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByText('Signed in successfully').waitFor();
    // Signed in again in the same browser tab, which still remembers the chosen settings tab.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Password', selected: true }).waitFor();
    // The browser logs the two refusals this test asked for (wrong current password, old password); nothing else.
    const expected = /^console: Failed to load resource: the server responded with a status of (400|401)/;
    assert.deepEqual(h.errorsOf(page).filter((e) => !expected.test(e)), []);
    assert.equal(h.errorsOf(page).length, 2);
  });

  // Every tab, in both languages, on desktop and phone, light and dark (each pair of the four
  // looks once): the screenshots are for a person to look at.
  const looks = [
    { language: 'ar', viewport: 'desktop', colorScheme: 'light' },
    { language: 'ar', viewport: 'mobile', colorScheme: 'dark' },
    { language: 'en', viewport: 'desktop', colorScheme: 'dark' },
    { language: 'en', viewport: 'mobile', colorScheme: 'light' },
  ] as const;
  const TABS = {
    ar: { profile: 'الملف الشخصي', social: 'روابط التواصل', interests: 'الاهتمامات', password: 'كلمة المرور', account: 'الحساب', add: 'إضافة اهتمام', interests1: ['التعليم', 'الصحة العامة'] },
    en: { profile: 'Profile', social: 'Social links', interests: 'Interests', password: 'Password', account: 'Account', add: 'Add an interest', interests1: ['Education', 'Public health'] },
  } as const;

  let shown: NewReader | undefined;
  for (const look of looks) {
    test(`every tab (${look.language}, ${look.viewport}, ${look.colorScheme})`, async () => {
      if (!shown) {
        shown = await registerReader(h.baseURL, 'st', { first_name: 'ريم', last_name: 'الشهري' });
        const res = await fetch(`${h.baseURL}/api/v1/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: shown.username, password: shown.password }),
        });
        const { access } = (await res.json()) as { access: string };
        await fillProfile(access, { bio: 'أتابع قرارات التعليم والصحة', location: 'الرياض، السعودية', website: 'https://reem.example', twitter: '@reem' });
      }
      const names = TABS[look.language];
      const page = await h.newPage({ locale: look.language, viewport: look.viewport, colorScheme: look.colorScheme });
      if (look.language === 'en') await english(page);
      await h.signInAs(page, shown.username, shown.password);
      await page.goto('/settings');
      const tag = `${look.language}-${look.viewport}-${look.colorScheme}`;
      for (const key of ['profile', 'social', 'interests', 'password', 'account'] as const) {
        await page.getByRole('tab', { name: names[key] }).click();
        await page.getByRole('tab', { name: names[key], selected: true }).waitFor();
        const panel = page.getByRole('tabpanel', { name: names[key] });
        await panel.waitFor();
        if (key === 'profile') await panel.getByLabel(/^(الاسم الأول|First name)/).waitFor();
        if (key === 'interests') {
          for (const interest of names.interests1) {
            await panel.getByLabel(names.add).fill(interest);
            await panel.getByLabel(names.add).press('Enter');
          }
          await panel.getByRole('listitem').nth(1).waitFor();
        }
        if (key === 'account') await panel.getByText(`@${shown.username}`).waitFor();
        await still(page, `settings-${key}-${tag}`);
      }
      // The tab strip fits or scrolls: it never widens the page.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      assert.deepEqual(h.errorsOf(page), []);
    });
  }
});
