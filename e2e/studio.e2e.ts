import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import PDFDocument from 'pdfkit';
import { registerReader, setup, signInThroughApi, storePreferences, tabsNotWhole, type Harness } from './harness';

/**
 * Issue 14 in a real browser: an organization's editor and publisher (the seeded MOH accounts)
 * take a bilingual decision with a PDF from draft through a requested change to a scheduled
 * publication, which the server publishes when due and every reader's feed then offers; a
 * published post corrected with a major note shows the note and its history; a decision that
 * repeals another marks it repealed, both ways; the workspace's screens pass axe.
 *
 * Every post here is made by this file (a tag in its titles), on a server of its own.
 */

const PUBLISHER = { username: 'moh_media', password: 'Publisher#2025' };
const EDITOR = { username: 'moh_editor', password: 'Publisher#2025' };
const TAG = `e2e${Date.now().toString(36)}`;

let h: Harness;
before(async () => {
  // A server of its own: what is published here never moves another file's feed, and a due
  // post is looked for every second rather than every ten.
  h = await setup({ serverEnv: { PUBLISH_POLL_MS: '1000' } });
});
after(() => h.close());

interface StudioPost {
  id: number;
  stage: string;
  slug: string | null;
  version: number;
}

/** One call of the API as `who` (for what the browser steps below do not show). */
const sessions = new Map<string, Promise<{ access: string }>>();

async function api<T>(who: { username: string; password: string }, method: string, path: string, body?: unknown): Promise<T> {
  if (!sessions.has(who.username)) sessions.set(who.username, signInThroughApi(h.baseURL, who.username, who.password));
  const { access } = await sessions.get(who.username)!;
  const res = await fetch(`${h.baseURL}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A one-page PDF with English text, as bytes. */
function pdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(14).text(text);
    doc.end();
  });
}

/** A page in the app's language `locale` (Arabic unless the reader chose English), the device's theme. */
async function readerPage(opts: Parameters<Harness['newPage']>[0] = {}): Promise<Page> {
  const page = await h.newPage(opts);
  if (opts.locale === 'en') await storePreferences(page.context(), h.baseURL, { language: 'en', theme: 'system' });
  return page;
}

async function staffPage(who: { username: string; password: string }, opts: Parameters<Harness['newPage']>[0] = {}): Promise<Page> {
  const page = await readerPage(opts);
  await h.signInAs(page, who.username, who.password);
  return page;
}

/** Picks `option` in the MUI select labelled `label` (a listbox opens; Escape closes a multiple one). */
async function choose(page: Page, label: string | RegExp, option: string | RegExp, multiple = false) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
  if (multiple) await page.keyboard.press('Escape');
}

/** The editor's save state says every change is saved. */
async function saved(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/**
 * A datetime-local value `ms` from now, rounded up to the next whole minute, in the local time
 * of this machine (which the browser shares).
 */
function localInputIn(ms: number): { value: string; at: number } {
  const d = new Date(Date.now() + ms);
  d.setSeconds(0, 0);
  d.setMinutes(d.getMinutes() + 1);
  const p = (n: number) => String(n).padStart(2, '0');
  return { value: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`, at: d.getTime() };
}

let scheduled: { id: number; title: string; at: number } | undefined;

test('an editor writes a bilingual decision with a PDF; a publisher asks for a change, the editor makes it, the publisher schedules it', async () => {
  const titleAr = `قرار تنظيم ساعات العمل في المراكز الصحية ${TAG}`;
  const title = `Decision on working hours in health centres ${TAG}`;

  // The editor, in Arabic on a desktop.
  const editor = await staffPage(EDITOR, { locale: 'ar' });
  await editor.goto('/studio');
  await editor.getByRole('link', { name: 'منشور جديد' }).click();
  await editor.getByRole('heading', { level: 1, name: 'منشور جديد' }).waitFor();
  await editor.getByLabel('العنوان (بالعربية)').fill(titleAr);
  await editor.getByLabel('العنوان (بالإنجليزية)').fill(title);
  await editor.getByLabel('الملخص (بالعربية)').fill('تحدد الوزارة ساعات العمل الجديدة في المراكز الصحية الأولية.');
  await editor.getByLabel('الملخص (بالإنجليزية)').fill('The ministry sets new working hours for primary health centres.');
  await editor.getByLabel('المحتوى (بالعربية)').fill('تعمل المراكز الصحية الأولية من الساعة السابعة صباحًا حتى العاشرة مساءً طوال أيام الأسبوع.');
  await editor.getByLabel('المحتوى (بالإنجليزية)').fill('Primary health centres open from seven in the morning until ten in the evening every day.');
  await choose(editor, /نوع المنشور/, 'قرار');
  await choose(editor, /^التصنيفات$/, /.+/, true);
  await editor.getByLabel('رقم الوثيقة').fill(`77/${TAG}`);
  // The first save made the draft: its address is the post's own.
  await editor.waitForURL(/\/studio\/posts\/\d+$/);
  await saved(editor, 'تم الحفظ');
  const id = Number(/\/studio\/posts\/(\d+)$/.exec(editor.url())![1]);

  // The live preview shows both languages, each in its direction.
  await editor.getByRole('heading', { name: titleAr }).first().waitFor();

  // A PDF, then the draft goes to review.
  await editor.locator('input[type="file"]').setInputFiles({ name: 'decision.pdf', mimeType: 'application/pdf', buffer: await pdf(`Annex ${TAG}`) });
  await editor.getByRole('button', { name: 'إزالة «decision»' }).waitFor();
  await h.screenshot(editor, 'studio-editor-ar-desktop-light');
  await editor.getByRole('button', { name: 'إرسال للمراجعة' }).click();
  await editor.getByText('تم الإرسال للمراجعة').waitFor();
  assert.equal((await api<StudioPost>(EDITOR, 'GET', `/studio/posts/${id}/`)).stage, 'in_review');

  // The publisher, in English on a phone in the dark, finds it in review and asks for a change.
  const publisher = await staffPage(PUBLISHER, { locale: 'en', viewport: 'mobile', colorScheme: 'dark' });
  await publisher.goto('/studio');
  await publisher.getByRole('tab', { name: /In review/ }).click();
  await publisher.getByRole('link', { name: new RegExp(TAG) }).first().click();
  await publisher.getByRole('heading', { level: 1, name: 'Edit post' }).waitFor();
  await h.screenshot(publisher, 'studio-review-en-mobile-dark');
  await publisher.getByRole('button', { name: 'Request changes' }).click();
  const dialog = publisher.getByRole('dialog');
  await dialog.getByLabel('Comment for the author').fill('Please give the Friday hours separately.');
  await dialog.getByRole('button', { name: 'Request changes' }).click();
  await publisher.getByText('Changes requested from the author').waitFor();

  // The editor sees the request and its comment, fixes the text, and sends it again.
  await editor.reload();
  await editor.getByText('مطلوب تعديلات').first().waitFor();
  await editor.getByText('Please give the Friday hours separately.').waitFor();
  const content = editor.getByLabel('المحتوى (بالإنجليزية)');
  await content.fill('Primary health centres open from seven in the morning until ten in the evening; on Fridays from four to ten.');
  await saved(editor, 'تم الحفظ');
  await editor.getByRole('button', { name: 'إرسال للمراجعة' }).click();
  await editor.getByText('تم الإرسال للمراجعة').waitFor();

  // The publisher schedules it, a couple of minutes ahead (the server takes no less than one).
  await publisher.reload();
  await publisher.getByRole('button', { name: 'Schedule publication' }).click();
  const when = localInputIn(70_000);
  await publisher.getByRole('dialog').getByLabel(/Publication date and time/).fill(when.value);
  await publisher.getByRole('dialog').getByRole('button', { name: 'Schedule publication' }).click();
  await publisher.getByText('Publication scheduled').waitFor();
  // Still the publisher's to take back, with its time in the header.
  await publisher.getByRole('button', { name: 'Cancel scheduling' }).waitFor();
  await publisher.getByText(/^Scheduled · Scheduled for /).waitFor();
  const post = await api<StudioPost & { scheduled_at: string }>(PUBLISHER, 'GET', `/studio/posts/${id}/`);
  assert.equal(post.stage, 'scheduled');
  assert.equal(new Date(post.scheduled_at).getTime(), when.at);
  await h.screenshot(publisher, 'studio-scheduled-en-mobile-dark');

  // Not public yet.
  assert.equal((await fetch(`${h.baseURL}/api/v1/content/posts/?search=${TAG}`).then((r) => r.json()) as { count: number }).count, 0);
  assert.deepEqual([...h.errorsOf(editor), ...h.errorsOf(publisher)], []);
  scheduled = { id, title, at: when.at };
  await editor.context().close();
  await publisher.context().close();
});

interface Me {
  memberships: Array<{ organization: { id: number; code: string } }>;
}
interface Named {
  id: number;
  name: string;
}

/** A decision of MOH through the API: the editor writes and submits it, the publisher publishes it (unless told not to). */
async function publishedDecision(title: string, titleAr: string, documentNumber: string, publish = true): Promise<StudioPost> {
  const me = await api<Me>(EDITOR, 'GET', '/studio/me/');
  const moh = me.memberships.map((m) => m.organization).find((o) => o.code === 'MOH')!;
  const types = await api<Named[]>(EDITOR, 'GET', '/content/post-types/');
  const categories = await api<Named[]>(EDITOR, 'GET', '/content/categories/');
  const draft = await api<StudioPost>(EDITOR, 'POST', '/studio/posts/', {
    organization_id: moh.id,
    title,
    title_ar: titleAr,
    summary: 'Rules for issuing licences to private clinics.',
    summary_ar: 'قواعد إصدار تراخيص العيادات الخاصة.',
    content: 'Every private clinic holds a licence renewed every three years.',
    content_ar: 'تحمل كل عيادة خاصة ترخيصًا يجدد كل ثلاث سنوات.',
    language: 'ar',
    type_id: types.find((t) => t.name === 'decision')!.id,
    category_ids: [categories[0].id],
    document_number: documentNumber,
    issued_on: new Date().toISOString().slice(0, 10),
  });
  const submitted = await api<StudioPost>(EDITOR, 'POST', `/studio/posts/${draft.id}/submit/`);
  return publish ? api<StudioPost>(PUBLISHER, 'POST', `/studio/posts/${draft.id}/publish/`) : submitted;
}

test('a correction with a major note shows on the post page and in its history; a decision that repeals it marks it repealed, both ways', async () => {
  const first = await publishedDecision(`Licensing of private clinics ${TAG}`, `ترخيص العيادات الخاصة ${TAG}`, `12/${TAG}`);
  assert.ok(first.slug);

  // The publisher corrects the English title, a major change with notes in both languages.
  const publisher = await staffPage(PUBLISHER, { locale: 'en' });
  await publisher.goto(`/studio/posts/${first.id}`);
  await publisher.getByRole('button', { name: 'Make the correction' }).click();
  await publisher.getByLabel('Title (English)').fill(`Licensing of private medical clinics ${TAG}`);
  await publisher.getByRole('button', { name: 'Correct', exact: true }).click();
  const dialog = publisher.getByRole('dialog');
  await dialog.getByLabel(/Major/).check();
  await dialog.getByLabel('Change note (Arabic)').fill('أضيفت كلمة الطبية إلى العنوان');
  await dialog.getByLabel('Change note (English)').fill('The word medical was added to the title');
  await dialog.getByRole('button', { name: 'Correct' }).click();
  await publisher.getByText('Correction published').waitFor();

  // A visitor reads the post in Arabic: the note, the history, and version 1 at its own address.
  const visitor = await readerPage({ locale: 'ar' });
  await visitor.goto(`/post/${first.slug}`);
  await visitor.getByText(/حُدِّث في .+: أضيفت كلمة الطبية إلى العنوان/).waitFor();
  const history = visitor.getByRole('region', { name: 'سجل النسخ' });
  await history.getByRole('listitem').nth(1).waitFor();
  assert.deepEqual(
    (await history.getByRole('listitem').allTextContents()).map((text) => /^النسخة \d/.exec(text)?.[0]),
    ['النسخة 2', 'النسخة 1'],
  );
  assert.match((await history.getByRole('listitem').first().textContent()) ?? '', /تصحيح جوهري/);
  await h.screenshot(visitor, 'post-corrected-ar-desktop-light');
  await history.getByRole('link', { name: 'النسخة 1', exact: true }).click();
  await visitor.waitForURL(new RegExp(`/post/[^/]+/versions/1$`));
  await visitor.getByText(/أنت تقرأ النسخة 1 من 2/).waitFor();
  const english = await readerPage({ locale: 'en' });
  await english.goto(`/post/${first.slug}/versions/1`);
  await english.getByRole('heading', { level: 1, name: `Licensing of private clinics ${TAG}` }).waitFor();
  await english.goto(`/post/${first.slug}`);
  await english.getByRole('heading', { level: 1, name: `Licensing of private medical clinics ${TAG}` }).waitFor();

  // The editor writes a decision that repeals it, picking it by its number in the editor.
  const editor = await staffPage(EDITOR, { locale: 'en' });
  await editor.goto('/studio/new');
  await editor.getByLabel('Title (Arabic)').fill(`إلغاء قرار ترخيص العيادات ${TAG}`);
  await editor.getByLabel('Title (English)').fill(`Repeal of the clinic licensing decision ${TAG}`);
  await editor.getByLabel('Content (Arabic)').fill('يلغى القرار السابق بشأن ترخيص العيادات الخاصة.');
  await editor.getByLabel('Content (English)').fill('The earlier decision on licensing private clinics is repealed.');
  await choose(editor, /Post type/, 'Decision');
  await choose(editor, /^Categories$/, /.+/, true);
  await editor.waitForURL(/\/studio\/posts\/\d+$/);
  await saved(editor, 'Saved');
  const repealId = Number(/\/studio\/posts\/(\d+)$/.exec(editor.url())![1]);
  await choose(editor, 'Relation', 'Repeals');
  await editor.getByRole('combobox', { name: 'Find the post' }).fill(`12/${TAG}`);
  await editor.getByRole('option', { name: new RegExp(`12/${TAG}`) }).click();
  await editor.getByRole('button', { name: 'Add relation' }).click();
  await editor.getByText('Relations saved').waitFor();
  await editor.getByRole('button', { name: 'Submit for review' }).click();
  await editor.getByText('Sent for review').waitFor();

  await publisher.goto(`/studio/posts/${repealId}`);
  await publisher.getByRole('button', { name: 'Publish now' }).click();
  await publisher.getByText('Published', { exact: true }).first().waitFor();
  const repeal = await api<StudioPost>(PUBLISHER, 'GET', `/studio/posts/${repealId}/`);
  assert.equal(repeal.stage, 'published');

  // Both ways, for a reader in English in the dark: the first is repealed, by the second.
  const reader = await readerPage({ locale: 'en', colorScheme: 'dark' });
  await reader.goto(`/post/${first.slug}`);
  await reader.getByText('Status: Repealed').waitFor();
  const related = reader.getByRole('region', { name: 'Related documents' });
  await related.getByText('Repealed by').waitFor();
  await related.getByRole('link', { name: new RegExp(`Repeal of the clinic licensing decision ${TAG}`) }).click();
  await reader.waitForURL(new RegExp(`/post/${repeal.slug}$`));
  await reader.getByRole('region', { name: 'Related documents' }).getByText('Repeals', { exact: true }).waitFor();
  await reader.getByRole('region', { name: 'Related documents' }).getByRole('link', { name: new RegExp(`Licensing of private medical clinics ${TAG}`) }).waitFor();
  await reader.goBack();
  await h.screenshot(reader, 'post-repealed-en-desktop-dark');
  // Explore's in-force filter finds it among the repealed.
  const repealed = (await fetch(`${h.baseURL}/api/v1/content/posts/?search=${TAG}&in_force=repealed`).then((r) => r.json())) as { results: Array<{ id: number }> };
  assert.deepEqual(repealed.results.map((p) => p.id), [first.id]);

  assert.deepEqual([...h.errorsOf(publisher), ...h.errorsOf(visitor), ...h.errorsOf(english), ...h.errorsOf(editor), ...h.errorsOf(reader)], []);
  for (const p of [publisher, visitor, english, editor, reader]) await p.context().close();
});

test('staff add a member to an organization, change the role and remove it; the member gains and loses the workspace', async () => {
  const newcomer = await registerReader(h.baseURL, 'member', { first_name: 'Huda', last_name: 'Karim' });
  const me = await api<Me>(EDITOR, 'GET', '/studio/me/');
  const moh = me.memberships.map((m) => m.organization).find((o) => o.code === 'MOH')!;

  const staff = await staffPage({ username: 'admin', password: 'Admin#2025' }, { locale: 'en' });
  await staff.goto(`/studio/members?organization=${moh.id}`);
  await staff.getByText('@moh_editor').waitFor();
  await staff.getByRole('button', { name: 'Add a member' }).click();
  const form = staff.getByRole('dialog');
  await form.getByLabel('Username').fill(newcomer.username);
  await form.getByRole('radio', { name: /^Editor/ }).check();
  await form.getByRole('button', { name: 'Add' }).click();
  await staff.getByText(`Huda Karim was added to Ministry of Health as: Editor`).waitFor();

  // The newcomer's workspace now offers writing for the ministry.
  const member = await staffPage({ username: newcomer.username, password: newcomer.password }, { locale: 'ar', viewport: 'mobile' });
  await member.goto('/studio');
  await member.getByRole('link', { name: 'منشور جديد' }).waitFor();

  await staff.getByRole('combobox', { name: 'Role of Huda Karim' }).click();
  await staff.getByRole('option', { name: 'Publisher' }).click();
  await staff.getByText('Huda Karim’s role in Ministry of Health is now: Publisher').waitFor();
  assert.equal((await api<{ memberships: Array<{ role: string }> }>(newcomer, 'GET', '/studio/me/')).memberships[0].role, 'publisher');

  await staff.getByRole('button', { name: 'Remove Huda Karim from Ministry of Health' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await staff.getByText('Huda Karim was removed from Ministry of Health').waitFor();
  await member.reload();
  await member.getByText('لست عضواً في أي جهة').waitFor();
  assert.deepEqual([...h.errorsOf(staff), ...h.errorsOf(member)], []);
  await staff.context().close();
  await member.context().close();
});

test('by keyboard alone (ar, phone width): a publisher reaches the review actions, asks for a change in the dialog, and the focus comes back', async () => {
  const draft = await publishedDecision(`Keyboard review ${TAG}`, `مراجعة بلوحة المفاتيح ${TAG}`, `31/${TAG}`, false);
  const publisher = await staffPage(PUBLISHER, { locale: 'ar', viewport: { width: 600, height: 900 } });
  await publisher.goto(`/studio/posts/${draft.id}`);
  await publisher.getByRole('button', { name: 'طلب تعديلات' }).waitFor();
  const focused = () => publisher.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  let steps = 0;
  while ((await focused()) !== 'طلب تعديلات') {
    assert.ok(++steps < 80, 'Tab reaches "request changes"');
    await publisher.keyboard.press('Tab');
  }
  await publisher.keyboard.press('Enter');
  const dialog = publisher.getByRole('dialog', { name: 'طلب تعديلات' });
  await dialog.waitFor();
  // The comment field has the focus: typing goes there.
  await publisher.keyboard.type('يرجى إضافة رقم القرار');
  assert.equal(await dialog.getByLabel('ملاحظة للكاتب').inputValue(), 'يرجى إضافة رقم القرار');
  // Tab to the dialog's own button and press it.
  while ((await focused()) !== 'طلب تعديلات') await publisher.keyboard.press('Tab');
  await publisher.keyboard.press('Enter');
  await publisher.getByText('تم طلب التعديلات من الكاتب').waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The pressed button is gone with the stage: the focus is on the actions' heading, not lost.
  await publisher.waitForFunction(() => document.activeElement?.id === 'studio-actions');
  assert.equal((await api<StudioPost>(PUBLISHER, 'GET', `/studio/posts/${draft.id}/`)).stage, 'changes_requested');
  assert.deepEqual(h.errorsOf(publisher), []);
  await publisher.context().close();
});

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

test("on a phone the workspace's stage tabs wrap, each label whole (Arabic and English)", async () => {
  for (const locale of ['ar', 'en'] as const) {
    const page = await staffPage(PUBLISHER, { locale, viewport: { width: 360, height: 780 } });
    await page.goto('/studio');
    await page.getByRole('tab').last().waitFor();
    // Before: the row scrolled, its third stage cut at the screen's edge.
    assert.deepEqual(await tabsNotWhole(page), [], locale);
    const last = page.getByRole('tab').last();
    await last.click();
    // The stage is kept in the address: the tab is chosen once the router has moved (a render later).
    await page.waitForFunction(() => [...document.querySelectorAll('[role="tab"]')].at(-1)?.getAttribute('aria-selected') === 'true', undefined, { timeout: 5000 });
    assert.equal(await last.getAttribute('aria-selected'), 'true');
    assert.deepEqual(h.errorsOf(page), []);
    await page.context().close();
  }
});

test('the workspace passes axe: list, editor, log, members, in Arabic and English, light and dark, desktop and phone', async () => {
  const looks = [
    { locale: 'ar', colorScheme: 'light', viewport: 'desktop' },
    { locale: 'en', colorScheme: 'dark', viewport: 'desktop' },
    { locale: 'ar', colorScheme: 'dark', viewport: 'mobile' },
    { locale: 'en', colorScheme: 'light', viewport: 'mobile' },
  ] as const;
  const { results: draft } = await api<{ results: StudioPost[] }>(PUBLISHER, 'GET', `/studio/posts/?search=${TAG}`);
  const found: string[] = [];
  for (const look of looks) {
    const page = await staffPage(PUBLISHER, look);
    for (const [path, ready] of [
      ['/studio', () => page.getByRole('tab').first()],
      [`/studio/posts/${draft[0].id}`, () => page.getByRole('region', { name: look.locale === 'ar' ? 'المراجعة والسجل' : 'Review and history' })],
      ['/studio/audit', () => page.getByRole('listitem').first()],
      ['/studio/members', () => page.getByText('@moh_editor')],
    ] as const) {
      await page.goto(path);
      await ready().waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root'));
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
      for (const v of violations) found.push(`${path} ${look.locale}-${look.colorScheme}-${look.viewport}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      if (look.viewport === 'mobile') await h.screenshot(page, `studio${path.replace(/\/posts\/\d+/, '-editor').replace(/\//g, '-')}-${look.locale}-${look.colorScheme}-mobile`);
    }
    assert.deepEqual(h.errorsOf(page), []);
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test('the scheduled decision is published when due: in the feed for everyone, and an open feed offers it as new', async () => {
  assert.ok(scheduled, 'the first test scheduled a decision');
  // A reader whose feed is open since before it is due; the page's clock is driven here, so the
  // minute between looks for new posts passes when told.
  const reader = await readerPage({ locale: 'en' });
  await reader.clock.install();
  await reader.goto('/');
  await reader.locator('article').first().waitFor();

  // The server publishes it by itself, within its poll after the time.
  const deadline = scheduled.at + 30_000;
  let post: StudioPost | undefined;
  for (;;) {
    post = await api<StudioPost>(PUBLISHER, 'GET', `/studio/posts/${scheduled.id}/`);
    if (post.stage === 'published' || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  assert.equal(post.stage, 'published');
  assert.ok(Date.now() >= scheduled.at);

  // The open feed looks again a minute later and offers the new post; pressing it shows it first.
  // (Again, should a look have gone before the post was in the feed: a busy machine.)
  const notice = reader.getByRole('button', { name: 'New posts' });
  for (let looks = 0; ; looks++) {
    await reader.clock.runFor(61_000);
    try {
      await notice.waitFor({ timeout: 10_000 });
      break;
    } catch (err) {
      if (looks >= 3) throw err;
    }
  }
  await notice.click();
  await reader.locator('article').first().getByText(scheduled.title).waitFor();
  await h.screenshot(reader, 'feed-new-post-en-desktop-light');

  // A visitor arriving now finds it first, in Arabic too (the drawn page and the API agree).
  const visitor = await readerPage({ locale: 'ar', viewport: 'mobile' });
  await visitor.goto('/');
  await visitor.locator('article').first().getByText(/قرار تنظيم ساعات العمل في المراكز الصحية/).waitFor();
  const page = await fetch(`${h.baseURL}/post/${post.slug}`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /application\/ld\+json/);
  assert.deepEqual([...h.errorsOf(reader), ...h.errorsOf(visitor)], []);
  await reader.context().close();
  await visitor.context().close();
});
