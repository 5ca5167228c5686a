import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { decodeQuotedPrintable, waitForMail } from '../auth/testing';
import { createMailer, type Mail, type Mailer } from '../auth/mailer';
import { postSearchOf } from '../posts/search-index';
import { matchQueuedPosts, runAlerts, sendDueAlerts } from './deliver';
import { rekeyLists } from './subscriptions';

/**
 * Issue 15's e-mail alerts on both databases: a visitor's double opt-in through the outbox, a
 * signed-in reader's one step, matching a new post to the alerts of its list (and only those),
 * immediate messages and digests, a job run twice (or by two processes at once) sending
 * nothing twice, changing and stopping alerts, one-click unsubscribe, refusals.
 */

let ctx: TestContext;
let f: ContentFixtures;
const ids = {} as Record<'author' | 'reader' | 'moh' | 'moe' | 'health' | 'decision' | 'circular' | 'tag', number>;
let slugs = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      f = new ContentFixtures(db);
      ids.author = await f.user('moh_editor');
      ids.reader = await f.user('huda');
      ids.moh = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.moe = await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم');
      ids.health = await f.category('health', 'Health', 'الصحة');
      ids.tag = await f.hashtag('التطعيم', { slug: 'vaccination' });
      const types = await f.postTypes();
      ids.decision = types.decision;
      ids.circular = types.circular;
    },
  });
  f = new ContentFixtures(ctx.db);
});
afterAll(() => ctx.close());

/** A mailer that keeps what it is given (the outbox mailer is checked on its own below). */
function keeping(): Mailer & { mails: Mail[] } {
  const mails: Mail[] = [];
  return { mails, send: async (mail) => void mails.push(mail) };
}

/** A post published now (queued for alerts by the trigger). */
function publish(o: { org?: number; type?: 'decision' | 'circular'; title?: string; title_ar?: string; categories?: number[]; hashtags?: number[] } = {}) {
  slugs += 1;
  return f.post({
    slug: `alert-post-${slugs}`,
    author_id: ids.author,
    type_id: ids[o.type ?? 'decision'],
    organization_id: o.org ?? ids.moh,
    title: o.title ?? `Decision ${slugs}`,
    title_ar: o.title_ar ?? `قرار رقم ${slugs}`,
    summary: 'A summary.',
    summary_ar: 'ملخص القرار.',
    categories: o.categories,
    hashtags: o.hashtags,
  });
}

const subscribe = (body: object, headers: Record<string, string> = {}) =>
  ctx.inject({ method: 'POST', url: '/api/v1/alerts/subscriptions/', payload: body, headers: { 'accept-language': 'en', ...headers } });

async function visitorAlert(email: string, list: object, frequency = 'immediate', lang = 'ar') {
  const res = await subscribe({ email, list, frequency, lang });
  expect(res.statusCode).toBe(202);
  const [eml] = (await waitForMail(ctx, email)).slice(-1);
  const text = decodeQuotedPrintable(eml);
  const token = /\/alerts\/confirm\?token=([\w-]+)/.exec(text)![1];
  const confirmed = await ctx.inject({ method: 'POST', url: '/api/v1/alerts/confirm/', payload: { token } });
  expect(confirmed.statusCode).toBe(200);
  return { eml, text, confirmed: confirmed.json<{ subscription: { id: number }; manage_token: string }>() };
}

describe('e-mail alerts', () => {
  it('takes a visitor through the double opt-in, then sends a new post of the list at once, with one-click unsubscribe', async () => {
    const res = await subscribe({ email: 'Noor@Example.com', list: { organization_code: 'moh' }, frequency: 'immediate', lang: 'ar' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: 'Check your inbox: the alert starts once you follow the link we sent.' });
    const [eml] = await waitForMail(ctx, 'noor@example.com');
    const text = decodeQuotedPrintable(eml);
    expect(text).toContain('Subject: =?UTF-8?');
    expect(text).toContain('قرار — وزارة الصحة');
    expect(text).toMatch(/<html lang="ar" dir="rtl">/);
    const token = /\/alerts\/confirm\?token=([\w-]+)/.exec(text)![1];

    // Nothing is sent before the link is followed.
    await publish();
    const mailer = keeping();
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    expect(mailer.mails).toEqual([]);

    const confirmed = await ctx.inject({ method: 'POST', url: '/api/v1/alerts/confirm/', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    const { subscription, manage_token } = confirmed.json();
    expect(subscription).toMatchObject({ email: 'noor@example.com', list: { organization_code: 'MOH' }, title: 'قرار — وزارة الصحة', frequency: 'immediate', lang: 'ar', confirmed: true });
    expect(subscription.feed_url).toBe('http://localhost:80/api/v1/feeds/posts.atom?organization_code=MOH&lang=ar');
    // Used once.
    expect((await ctx.inject({ method: 'POST', url: '/api/v1/alerts/confirm/', payload: { token } })).statusCode).toBe(404);

    await publish({ title: 'Vaccination campaign' });
    const newsNumber = slugs;
    await publish({ org: ids.moe });
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    expect(mailer.mails).toHaveLength(1);
    const [mail] = mailer.mails;
    expect(mail.to).toBe('noor@example.com');
    expect(mail.subject).toBe(`قرار رقم ${newsNumber} · قرار — وزارة الصحة`);
    expect(mail.text).toContain(`http://localhost:80/post/alert-post-${newsNumber}\n`);
    // Neither the other organization's post nor the one published before the confirmation.
    expect(mail.text).not.toContain(`alert-post-${newsNumber + 1}\n`);
    expect(mail.text).not.toContain(`alert-post-${newsNumber - 1}\n`);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('وزارة الصحة');
    expect(mail.list!.unsubscribe.url).toMatch(/^http:\/\/localhost:80\/api\/v1\/alerts\/unsubscribe\/[\w-]+\/$/);
    expect(mail.headers).toEqual({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text).toContain(`http://localhost:80/alerts?token=${manage_token}`);

    // Run again: nothing twice.
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    expect(mailer.mails).toHaveLength(1);

    // The mail client's one click (form encoded, as RFC 8058 has it); twice answers the same.
    const oneClick = new URL(mail.list!.unsubscribe.url).pathname;
    for (let i = 0; i < 2; i++) {
      const out = await ctx.inject({ method: 'POST', url: oneClick, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ detail: 'لن تصلك رسائل هذا التنبيه بعد الآن.' });
    }
    await publish();
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    expect(mailer.mails).toHaveLength(1);
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/alerts/subscriptions/?token=${manage_token}` })).json()).toEqual([]);
  });

  it('writes the alert e-mail whole into the outbox: both parts, List-Unsubscribe and List-Unsubscribe-Post', async () => {
    await visitorAlert('sami@example.com', { hashtag: '#التطعيم' }, 'immediate', 'en');
    await publish({ hashtags: [ids.tag], title: 'Flu shots for schools' });
    await runAlerts(ctx.db, createMailer(ctx.config, ctx.app.log), ctx.app.alerts.ledger);
    const [, alert] = await waitForMail(ctx, 'sami@example.com', 2);
    const text = decodeQuotedPrintable(alert);
    expect(text).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:80\/api\/v1\/alerts\/unsubscribe\/[\w-]+\/>\s+\(Unsubscribe from this alert\)$/m);
    expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(text).toMatch(/Content-Type: multipart\/alternative/);
    expect(text).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(text).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(text).toContain('Flu shots for schools');
    expect(text).toContain('<html lang="en" dir="ltr">');
  });

  it('subscribes a signed-in reader in one step; the same list again changes it; lists, changes and stops it', async () => {
    const headers = await signIn(ctx, ids.reader);
    const res = await subscribe({ list: { category: 'health', type: 'circular' }, frequency: 'daily', lang: 'en' }, headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'huda@example.test', title: 'Qarar — Circular · Health', frequency: 'daily', confirmed: true });
    const again = await subscribe({ list: { type: 'circular', category: ' health ' }, frequency: 'weekly', lang: 'ar' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: res.json().id, frequency: 'weekly', lang: 'ar', title: 'قرار — تعميم · الصحة' });

    const mine = await ctx.inject({ method: 'GET', url: '/api/v1/alerts/subscriptions/', headers });
    expect(mine.json().map((s: { id: number }) => s.id)).toEqual([res.json().id]);
    const changed = await ctx.inject({ method: 'PATCH', url: `/api/v1/alerts/subscriptions/${res.json().id}/`, headers, payload: { frequency: 'immediate' } });
    expect(changed.json()).toMatchObject({ frequency: 'immediate', lang: 'ar' });

    // Somebody else's: not found, unchanged.
    const other = await signIn(ctx, ids.author);
    expect((await ctx.inject({ method: 'PATCH', url: `/api/v1/alerts/subscriptions/${res.json().id}/`, headers: other, payload: { frequency: 'daily' } })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/alerts/subscriptions/${res.json().id}/`, headers: other })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/alerts/subscriptions/' })).statusCode).toBe(401);

    expect((await ctx.inject({ method: 'DELETE', url: `/api/v1/alerts/subscriptions/${res.json().id}/`, headers })).statusCode).toBe(204);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/alerts/subscriptions/', headers })).json()).toEqual([]);
  });

  it('sends a daily digest once a day with every post since the last, never a post twice, also with two processes at once', async () => {
    const { confirmed } = await visitorAlert('digest@example.com', { type: 'circular' }, 'daily', 'en');
    const a = await publish({ type: 'circular', title: 'Circular A' });
    const b = await publish({ type: 'circular', title: 'Circular B' });
    await publish({ type: 'decision', title: 'Not a circular' });
    await matchQueuedPosts(ctx.db);
    const one = keeping();
    const two = keeping();
    const now = new Date();
    await Promise.all([sendDueAlerts(ctx.db, one, ctx.app.alerts.ledger, now), sendDueAlerts(ctx.db, two, ctx.app.alerts.ledger, now)]);
    const digests = [...one.mails, ...two.mails].filter((m) => m.to === 'digest@example.com');
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toBe('Qarar — Circular: 2 new posts');
    expect(digests[0].text.indexOf('Circular B')).toBeLessThan(digests[0].text.indexOf('Circular A'));
    expect(digests[0].text).not.toContain('Not a circular');

    // A new circular the same day waits for the next digest…
    await publish({ type: 'circular', title: 'Circular C' });
    const later = keeping();
    await runAlerts(ctx.db, later, ctx.app.alerts.ledger, new Date(now.getTime() + 3600_000));
    expect(later.mails.filter((m) => m.to === 'digest@example.com')).toEqual([]);
    // …a day later it goes, alone.
    await runAlerts(ctx.db, later, ctx.app.alerts.ledger, new Date(now.getTime() + 25 * 3600_000));
    const next = later.mails.filter((m) => m.to === 'digest@example.com');
    expect(next).toHaveLength(1);
    expect(next[0].subject).toBe('Circular C · Qarar — Circular');
    // The list holds the three circulars, the alert has had them all, and the list rests.
    const [list] = await ctx.db.query<{ n: number; sent: boolean; pending: boolean }>(
      `SELECT (SELECT count(*)::int FROM alert_list_posts p WHERE p.list_key = s.list_key) AS n, s.sent_seq = l.last_seq AS sent, l.pending
         FROM alert_subscriptions s JOIN alert_lists l ON l.list_key = s.list_key WHERE s.id = $1`,
      [confirmed.subscription.id],
    );
    expect(list).toEqual({ n: 3, sent: true, pending: false });
    expect([a, b].length).toBe(2);
  });

  it('sends a hashtag’s alert made on its page (by its slug, not its name), and keys again a list kept by the tag’s name', async () => {
    // The tag's page names it by its slug ('vaccination'), its posts carry its name (التطعيم).
    const { confirmed } = await visitorAlert('slug@example.com', { hashtag: 'vaccination' }, 'immediate', 'en');
    await publish({ hashtags: [ids.tag], title: 'Vaccines for pilgrims' });
    const mailer = keeping();
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    expect(mailer.mails.filter((m) => m.to === 'slug@example.com').map((m) => m.subject)).toEqual(['Vaccines for pilgrims · Qarar — #التطعيم']);

    // A list kept by an earlier release under the tag's name is keyed by its id at start.
    const [list] = await ctx.db.query<{ list_key: string; match_key: string }>(
      'SELECT l.list_key, l.match_key FROM alert_lists l JOIN alert_subscriptions s ON s.list_key = l.list_key WHERE s.id = $1',
      [confirmed.subscription.id],
    );
    expect(list.match_key).toBe(`tag:${ids.tag}`);
    await ctx.db.query(`UPDATE alert_lists SET match_key = 'tag:التطعيم' WHERE list_key = $1`, [list.list_key]);
    expect(await rekeyLists(ctx.db)).toBe(1);
    const [after] = await ctx.db.query<{ match_key: string }>('SELECT match_key FROM alert_lists WHERE list_key = $1', [list.list_key]);
    expect(after.match_key).toBe(`tag:${ids.tag}`);
  });

  it('looks a search alert up by its rarest word: new posts with that word are checked, and only those the search finds are sent', async () => {
    // Two posts with "التطعيم" already: of the alert's two words it is the commoner.
    await publish({ title: 'Vaccination 1', title_ar: 'مواعيد التطعيم' });
    await publish({ title: 'Vaccination 2', title_ar: 'مراكز التطعيم' });
    await matchQueuedPosts(ctx.db);
    const { confirmed } = await visitorAlert('search@example.com', { search: 'تطعيم المدارس' }, 'immediate', 'ar');
    const [words] = [postSearchOf('تطعيم المدارس')!.words];
    const [{ match_key }] = await ctx.db.query<{ match_key: string }>(
      'SELECT l.match_key FROM alert_lists l JOIN alert_subscriptions s ON s.list_key = l.list_key WHERE s.id = $1',
      [confirmed.subscription.id],
    );
    expect(match_key).toBe(`term:${words[1][0]}`);

    const both = await publish({ title: 'Vaccination in schools', title_ar: 'حملة التطعيم في المدارس' });
    await publish({ title: 'Vaccination only', title_ar: 'حملة التطعيم الموسمية' });
    await publish({ title: 'Schools only', title_ar: 'تقويم المدارس' });
    const mailer = keeping();
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    const sent = mailer.mails.filter((m) => m.to === 'search@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('حملة التطعيم في المدارس');
    expect(sent[0].text).not.toContain('الموسمية');
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_list_posts p JOIN alert_subscriptions s ON s.list_key = p.list_key WHERE s.id = $1', [
      confirmed.subscription.id,
    ]);
    expect(n).toBe(1);
    expect(both).toBeGreaterThan(0);

    // After the index is built by another analyzer, the key is made again from the terms of now.
    await ctx.db.query(`UPDATE alert_lists SET match_key = 'term:stale' WHERE match_key = $1`, [match_key]);
    expect(await rekeyLists(ctx.db)).toBe(0);
    expect(await rekeyLists(ctx.db, { searches: true })).toBe(1);
    const [again] = await ctx.db.query<{ match_key: string }>(`SELECT match_key FROM alert_lists WHERE list ->> 'search' = 'تطعيم المدارس'`);
    expect(again.match_key).toBe(match_key);
  });

  it('keeps an alert of everything, or of words left out only, on the key every post is checked against', async () => {
    const headers = await signIn(ctx, ids.reader);
    for (const list of [{}, { search: '-الرياض' }]) {
      expect((await subscribe({ list, frequency: 'weekly', lang: 'ar' }, headers)).statusCode).toBe(201);
    }
    const keys = await ctx.db.query<{ match_key: string }>(`SELECT match_key FROM alert_lists WHERE list = '{}'::jsonb OR list ->> 'search' = '-الرياض'`);
    expect(keys.map((k) => k.match_key)).toEqual(['all', 'all']);
  });

  it('takes no further batch once the closing process says stop; the next run sends what was left', async () => {
    await visitorAlert('closing@example.com', { organization_code: 'MOE' }, 'immediate', 'en');
    await publish({ org: ids.moe, title: 'Exams timetable' });
    await matchQueuedPosts(ctx.db);
    const stopped = new AbortController();
    stopped.abort();
    const mailer = keeping();
    expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, new Date(), stopped.signal)).toBe(0);
    expect(mailer.mails.filter((m) => m.to === 'closing@example.com')).toEqual([]);
    await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger);
    expect(mailer.mails.filter((m) => m.to === 'closing@example.com').map((m) => m.subject)).toEqual(['Exams timetable · Qarar — Ministry of Education']);
  });

  it('refuses what it cannot use, with the reason in the reader’s language, and changes nothing', async () => {
    const noEmail = await subscribe({ list: {}, frequency: 'daily', lang: 'ar' }, { 'accept-language': 'ar' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ email: ['أدخل البريد الإلكتروني الذي ستُرسل إليه التنبيهات.'] });
    expect((await subscribe({ email: 'not-an-address', list: {}, frequency: 'daily', lang: 'ar' })).statusCode).toBe(400);
    expect((await subscribe({ email: 'x@example.com', list: { organization_code: 'NOPE' }, frequency: 'daily', lang: 'ar' })).json()).toEqual({
      'list.organization_code': ['This list does not exist.'],
    });
    expect((await subscribe({ email: 'x@example.com', list: { in_force: 'maybe' }, frequency: 'daily', lang: 'ar' })).statusCode).toBe(400);
    expect((await subscribe({ email: 'x@example.com', list: {}, frequency: 'hourly', lang: 'ar' })).statusCode).toBe(400);
    expect((await ctx.inject({ method: 'POST', url: '/api/v1/alerts/confirm/', payload: { token: 'x'.repeat(43) } })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/v1/alerts/subscriptions/?token=${'y'.repeat(43)}` })).statusCode).toBe(404);
    const [{ n }] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_subscriptions WHERE email = 'x@example.com'`);
    expect(n).toBe(0);
  });
});
