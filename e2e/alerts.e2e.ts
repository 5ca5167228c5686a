import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mailsTo, registerReader, setup, signInThroughApi, storePreferences, type Harness } from './harness';

/**
 * Issue 15's e-mail alerts as people use them, through the outbox (the server has no SMTP_URL):
 * a visitor subscribes from an organization's feed menu, confirms by the e-mail's link, changes
 * the frequency on the page the e-mails link to, gets the alert when a post is published, and
 * unsubscribes by the e-mail's link (and its one-click header); a signed-in reader subscribes in
 * one step and stops the alert in the settings.
 */

let h: Harness;
before(async () => {
  // A server of its own, whose loop publishes and sends alerts every second.
  h = await setup({ serverEnv: { PUBLISH_POLL_MS: '1000' } });
});
after(() => h.close());

const mails = (to: string, count: number) => mailsTo(h.dataDir, to, count);

/** The app's own address of a link in a mail (the server's base URL is the page's origin). */
const linkIn = (mail: string, pattern: RegExp) => {
  const m = pattern.exec(mail);
  assert.ok(m, `no ${pattern} in the mail`);
  return new URL(m[0]).pathname + new URL(m[0]).search;
};

/** A decision of MOH, written by its editor and published by its publisher (the studio's API). */
async function publishDecision(title: string, titleAr: string): Promise<void> {
  const as = async (username: string) => (await signInThroughApi(h.baseURL, username, 'Publisher#2025')).access;
  const call = async (token: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${h.baseURL}/api/v1${url}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    assert.ok(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`);
    return res.json() as Promise<{ id: number; memberships?: Array<{ organization: { id: number; code: string } }> }>;
  };
  const editor = await as('moh_editor');
  const publisher = await as('moh_media');
  const me = await call(editor, 'GET', '/studio/me/');
  const moh = me.memberships!.find((m) => m.organization.code === 'MOH')!.organization;
  const types = (await (await fetch(`${h.baseURL}/api/v1/content/post-types/`)).json()) as Array<{ id: number; name: string }>;
  const categories = (await (await fetch(`${h.baseURL}/api/v1/content/categories/`)).json()) as Array<{ id: number }>;
  const draft = await call(editor, 'POST', '/studio/posts/', {
    organization_id: moh.id,
    title,
    title_ar: titleAr,
    content: 'Text of the decision.',
    content_ar: 'نص القرار.',
    language: 'ar',
    type_id: types.find((t) => t.name === 'decision')!.id,
    category_ids: [categories[0].id],
  });
  await call(editor, 'POST', `/studio/posts/${draft.id}/submit/`);
  await call(publisher, 'POST', `/studio/posts/${draft.id}/publish/`);
}

test('a visitor subscribes, confirms, changes the frequency, gets the alert and unsubscribes, all by the e-mails’ links (ar)', async () => {
  const email = `visitor${Date.now().toString(36)}@example.com`;
  const page = await h.newPage({ locale: 'ar' });
  await page.goto('/organizations/MOH');
  await page.getByRole('button', { name: 'الخلاصات' }).click();
  await page.getByRole('menuitem', { name: 'تنبيهات البريد الإلكتروني' }).click();
  const dialog = page.getByRole('dialog', { name: 'تنبيهات البريد الإلكتروني' });
  await dialog.getByLabel('البريد الإلكتروني').fill(email);
  await dialog.getByRole('radio', { name: 'فور نشر كل منشور' }).check();
  await h.screenshot(page, 'alerts-dialog-ar-desktop-light');
  await dialog.getByRole('button', { name: 'اشتراك' }).click();
  await dialog.getByText(/تحقّق من بريدك الوارد/).waitFor();

  // The confirmation e-mail, right to left, with its link.
  const [confirmation] = await mails(email, 1);
  assert.match(confirmation, /<html lang="ar" dir="rtl">/);
  await page.goto(linkIn(confirmation, /https?:\/\/[^\s"<]+\/alerts\/confirm\?token=[\w-]+/));
  await page.getByText(/تم تأكيد اشتراكك في تنبيهات «قرار — وزارة الصحة»/).waitFor();
  const manage = page.getByRole('link', { name: 'إدارة التنبيهات' });
  const token = new URL((await manage.getAttribute('href'))!, h.baseURL).searchParams.get('token')!;
  assert.ok(token, 'the link to manage the alerts carries its token');
  await manage.click();
  // The manage page reads its token and takes it out of the address bar (issue 27: secrets stay
  // out of history and Referer).
  await page.waitForURL((url) => url.pathname === '/alerts');
  await page.waitForFunction(() => !location.search.includes('token='));

  // The frequency, changed on the page the e-mails link to.
  const frequency = page.getByRole('combobox', { name: /وتيرة الإرسال/ });
  await frequency.click();
  await page.getByRole('option', { name: 'ملخص أسبوعي' }).click();
  await page.getByText('تم تحديث التنبيه').waitFor();
  await h.screenshot(page, 'alerts-page-ar-desktop-light');
  const listed = (await (await fetch(`${h.baseURL}/api/v1/alerts/subscriptions/?token=${token}`)).json()) as Array<{ frequency: string; confirmed: boolean }>;
  assert.deepEqual(listed.map((s) => [s.frequency, s.confirmed]), [['weekly', true]]);

  // A new decision of the ministry: the first weekly digest goes at once.
  await publishDecision('Decision on night pharmacies', 'قرار بشأن الصيدليات الليلية');
  const [, alert] = await mails(email, 2);
  assert.match(alert, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  assert.match(alert, /قرار بشأن الصيدليات الليلية/);
  const oneClick = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(alert)![1];

  // The e-mail's unsubscribe link: nothing happens before the button.
  await page.goto(linkIn(alert, /https?:\/\/[^\s"<]+\/alerts\/unsubscribe\?token=[\w-]+/));
  await page.getByRole('button', { name: 'إلغاء الاشتراك' }).waitFor();
  assert.equal(((await (await fetch(`${h.baseURL}/api/v1/alerts/subscriptions/?token=${token}`)).json()) as unknown[]).length, 1);
  await page.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
  await page.getByText(/تم إلغاء اشتراكك/).waitFor();
  assert.deepEqual(await (await fetch(`${h.baseURL}/api/v1/alerts/subscriptions/?token=${token}`)).json(), []);
  // A mail client's one click (RFC 8058) on the same alert answers the same.
  const clicked = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  assert.equal(clicked.status, 200);
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});

test('a signed-in reader subscribes in one step and stops the alert in the settings (en, phone, dark)', async () => {
  const reader = await registerReader(h.baseURL, 'alerts');
  const page = await h.newPage({ locale: 'en', viewport: 'mobile', colorScheme: 'dark' });
  await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'system' });
  await h.signInAs(page, reader.username, reader.password);
  await page.goto('/hashtags');
  await page.locator('a[href^="/hashtags/"]').first().click();
  await page.waitForURL(/\/hashtags\/.+/);
  await page.getByRole('button', { name: 'Feeds' }).click();
  await page.getByRole('menuitem', { name: /e-mail alerts/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(reader.email).waitFor();
  await dialog.getByRole('radio', { name: /daily/i }).check();
  await h.screenshot(page, 'alerts-dialog-en-mobile-dark');
  await dialog.getByRole('button', { name: /subscribe/i }).click();
  await dialog.waitFor({ state: 'detached' });

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByRole('button', { name: /stop/i }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: /stop/i }).click();
  await page.getByText('Alert stopped').waitFor();
  const { access } = await signInThroughApi(h.baseURL, reader.username, reader.password);
  assert.deepEqual(await (await fetch(`${h.baseURL}/api/v1/alerts/subscriptions/`, { headers: { authorization: `Bearer ${access}` } })).json(), []);
  assert.deepEqual(h.errorsOf(page), []);
  await page.context().close();
});
