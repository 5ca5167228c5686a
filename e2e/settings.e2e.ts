import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { registerReader, setup, type Harness } from './harness';

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

  test('the profile changes, picture included, and is still there after a reload (Arabic, desktop)', async () => {
    const reader = await registerReader(h.baseURL, 'sp', { first_name: 'Huda', last_name: 'Omar' });
    const page = await h.newPage();
    await h.signInAs(page, reader.username, reader.password);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'الملف الشخصي', selected: true }).waitFor();
    await page.getByLabel(/^الاسم الأول/).fill('هدى');
    await page.getByLabel(/^اسم العائلة/).fill('العمر');
    await page.getByLabel(/^نبذة/).fill('مهتمة بقرارات التعليم');
    await page.getByLabel(/^الموقع/).fill('الدمام، السعودية');
    await page.getByLabel('الصورة الشخصية').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(64, 64, [20, 120, 90]) });
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await page.getByText('تم تحديث الملف الشخصي بنجاح').waitFor();
    await h.screenshot(page, 'settings-profile-ar-desktop-light');

    await page.reload();
    await page.getByLabel(/^الاسم الأول/).waitFor();
    assert.equal(await page.getByLabel(/^الاسم الأول/).inputValue(), 'هدى');
    assert.equal(await page.getByLabel(/^نبذة/).inputValue(), 'مهتمة بقرارات التعليم');
    const picture = page.getByRole('img', { name: 'هدى العمر' }).first();
    await picture.waitFor();
    const src = (await picture.getAttribute('src')) ?? '';
    assert.match(src, /\/media\/avatars\//);
    const served = await fetch(new URL(src, h.baseURL));
    assert.equal(served.status, 200);
    assert.match(served.headers.get('content-type') ?? '', /^image\//);
    // The layout's card shows the new name too.
    await page.getByRole('group', { name: /هدى العمر/ }).waitFor();
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('the password changes and the new one signs in (English, phone, dark)', async () => {
    const reader = await registerReader(h.baseURL, 'pw');
    const page = await h.newPage({ viewport: 'mobile', colorScheme: 'dark', locale: 'en' });
    await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    await h.signInAs(page, reader.username, reader.password);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByLabel(/^Current password/).fill('wrong-password');
    await page.getByLabel(/^New password/).fill('Brand#New-2026');
    await page.getByLabel(/^Confirm new password/).fill('Brand#New-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The current password is incorrect').waitFor();
    await page.getByLabel(/^Current password/).fill(reader.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    assert.equal(await page.getByLabel(/^New password/).inputValue(), '');
    await h.screenshot(page, 'settings-password-en-mobile-dark');

    for (const name of ['Social links', 'Interests', 'Account']) {
      await page.getByRole('tab', { name }).click();
      await page.getByRole('tab', { name, selected: true }).waitFor();
      await h.screenshot(page, `settings-${name.toLowerCase().replace(' ', '-')}-en-mobile-dark`);
    }

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
    // Back where the guard found the reader signed out (the settings), as after any sign-in.
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByText('Signed in successfully').waitFor();
  });
});
