import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { mailsTo, registerReader, setup, type Harness } from './harness';

/** A new account's fields (not registered yet: the first test signs up through the form). */
function newAccount(tag: string) {
  const id = `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: id, email: `${id}@example.com`, password: 'Reader#2025-new', first_name: 'ليلى', last_name: 'الحربي' };
}

describe('sign in, sign up and password reset', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  async function apiLogin(username: string, password: string) {
    const res = await fetch(`${h.baseURL}/api/v1/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return res.status;
  }

  const english = async (page: Page) => page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));

  test('a visitor signs up, is signed in on /, and signs out (Arabic, phone, dark)', async () => {
    const account = newAccount('su');
    const page = await h.newPage({ viewport: 'mobile', colorScheme: 'dark' });
    await page.goto('/signup');
    await page.getByRole('heading', { level: 1, name: 'إنشاء حساب' }).waitFor();
    // The §5 rules first: nothing is sent.
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByText('اسم المستخدم مطلوب').waitFor();
    await page.getByText('التأكيد مطلوب').waitFor();
    await h.screenshot(page, 'auth-signup-errors-ar-mobile-dark');

    await page.getByLabel('اسم المستخدم').fill(account.username);
    await page.getByLabel('الاسم الأول').fill(account.first_name);
    await page.getByLabel('اسم العائلة').fill(account.last_name);
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByLabel('كلمة المرور', { exact: false }).first().fill(account.password);
    await page.getByLabel('تأكيد كلمة المرور').fill(account.password);
    assert.equal(await page.getByText('اسم المستخدم مطلوب').count(), 0, 'editing cleared the message');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('تم إنشاء الحساب بنجاح').waitFor();

    // Signed in: the menu has the reader's card and sign-out; a reload keeps the session.
    await page.reload();
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.getByRole('group', { name: /ليلى الحربي/ }).waitFor();
    await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await page.getByText('تم تسجيل الخروج بنجاح').waitFor();
    await page.goto('/bookmarks');
    await page.waitForURL(/\/login$/);
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('a failed sign-in shows the banner; a good one returns to the remembered page (English, desktop, dark)', async () => {
    const account = await registerReader(h.baseURL, 'si');
    const page = await h.newPage({ locale: 'en', colorScheme: 'dark' });
    await english(page);
    await page.goto('/bookmarks?sort=oldest');
    await page.waitForURL(/\/login$/);
    await page.getByRole('heading', { level: 1, name: 'Sign in to the decision platform' }).waitFor();

    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const banner = page.locator('.MuiAlert-root[role="alert"]');
    await banner.waitFor();
    assert.ok(((await banner.textContent()) ?? '').length > 0);
    await h.screenshot(page, 'auth-login-failed-en-desktop-dark');

    await page.getByLabel('Password').fill(account.password);
    assert.equal(await banner.count(), 0, 'editing cleared the banner');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/bookmarks' && url.search === '?sort=oldest');
    await page.getByText('Signed in successfully').waitFor();
    assert.deepEqual(
      h.errorsOf(page).filter((e) => !e.includes('401')),
      [],
    );
  });

  test('a forgotten password is reset through the e-mailed link (Arabic, desktop, light)', async () => {
    assert.ok(h.dataDir, 'the harness knows the server’s DATA_DIR');
    const account = await registerReader(h.baseURL, 'rp');
    const page = await h.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('البريد الإلكتروني').fill(account.email);
    await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
    await page.getByRole('status').filter({ hasText: 'إعادة تعيين' }).waitFor();
    await h.screenshot(page, 'auth-forgot-sent-ar-desktop-light');

    // The mail, as the server wrote it to its outbox.
    const [mail] = await mailsTo(h.dataDir, account.email);
    const link = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail);
    assert.ok(link, 'a reset link in the mail');
    const token = decodeURIComponent(link[1]);

    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel(/^كلمة المرور الجديدة/).fill('short');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('short');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.getByText('8 أحرف على الأقل').waitFor();
    await page.getByLabel(/^كلمة المرور الجديدة/).fill('Fresh#Pass-2026');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('Fresh#Pass-2026');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.getByRole('status').filter({ hasText: 'تم تعيين كلمة المرور الجديدة' }).waitFor();
    await h.screenshot(page, 'auth-reset-done-ar-desktop-light');

    assert.equal(await apiLogin(account.username, account.password), 401, 'the old password no longer works');
    // The link is single-use.
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.getByLabel(/^كلمة المرور الجديدة/).fill('Other#Pass-2026');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('Other#Pass-2026');
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.locator('.MuiAlert-root[role="alert"]').waitFor();
    await page.getByRole('link', { name: 'طلب رابط جديد' }).waitFor();

    // Sign in with the new password through the form.
    await page.goto('/login');
    await page.getByLabel('اسم المستخدم').fill(account.username);
    await page.getByLabel('كلمة المرور').fill('Fresh#Pass-2026');
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('تم تسجيل الدخول بنجاح').waitFor();
  });
});
