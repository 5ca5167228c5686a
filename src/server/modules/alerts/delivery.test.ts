import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { createMailer, type Mailer } from '../auth/mailer';
import { BASE_BACKOFF_MS, DeliveryLedger, FAILED_RETRY_MS, MAX_SEND_ATTEMPTS, matchQueuedPosts, runAlerts, sendDueAlerts } from './deliver';

/**
 * Issue 27, "Lost alerts": each alert's send has its own outcome, against a real SMTP server
 * (smtp-server) reached by the product's own SMTP mailer (nodemailer), which refuses one
 * recipient, is away (connection refused), stalls (never greets), then accepts. Messages are
 * counted as the server received them, per recipient: none lost, none twice.
 */

const TIMEOUT_MS = 400;

let ctx: TestContext;
let f: ContentFixtures;
let mailer: Mailer;
const ids = {} as Record<'author' | 'moh' | 'decision', number>;
let slugs = 0;

/** What the SMTP server does with a connection now. */
let mode: 'accept' | 'stall' = 'accept';
/** Recipients refused at RCPT TO with 451 (a mailbox's server saying: later). */
const refused = new Set<string>();
/** Messages received, by recipient; and RCPT TO tried, by recipient. */
const received = new Map<string, string[]>();
const tried = new Map<string, number>();
let smtp: SMTPServer | undefined;
let port = 0;

function listen(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onConnect(_session, callback) {
      // Stalled: never greets; the client's greeting timeout ends it.
      if (mode === 'accept') callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      tried.set(address.address, (tried.get(address.address) ?? 0) + 1);
      if (refused.has(address.address)) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.set(to.address, [...(received.get(to.address) ?? []), Buffer.concat(chunks).toString()]);
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp!.listen(port, '127.0.0.1', () => {
    port = (smtp!.server.address() as AddressInfo).port;
    resolve();
  }));
}

/** The server taken away: connections to its port are refused. */
const goAway = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())).then(() => void (smtp = undefined));

beforeAll(async () => {
  ctx = await createTestContext({
    config: { metricsToken: undefined },
    prepare: async (db) => {
      f = new ContentFixtures(db);
      ids.author = await f.user('moh_editor');
      ids.moh = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.decision = (await f.postTypes()).decision;
    },
  });
  f = new ContentFixtures(ctx.db);
  await listen();
  // The product's SMTP mailer (createMailer, as SMTP_URL chooses it), quick to give up here.
  mailer = createMailer({ ...ctx.config, smtpUrl: `smtp://127.0.0.1:${port}`, smtpTimeoutMs: TIMEOUT_MS }, ctx.app.log);
});
afterAll(async () => {
  await goAway();
  await ctx.close();
});
beforeEach(async () => {
  // Each test starts with its own readers: earlier tests' alerts stopped.
  await ctx.db.query('DELETE FROM alert_subscriptions');
  mode = 'accept';
  refused.clear();
  received.clear();
  tried.clear();
  if (!smtp) await listen();
});

/** Readers, each with an immediate alert of the ministry's posts; answers their addresses. */
async function readers(...names: string[]): Promise<string[]> {
  const emails: string[] = [];
  for (const name of names) {
    const headers = await signIn(ctx, await f.user(name));
    const res = await ctx.inject({ method: 'POST', url: '/api/v1/alerts/subscriptions/', headers, payload: { list: { organization_code: 'MOH' }, frequency: 'immediate', lang: 'en' } });
    expect(res.statusCode).toBe(201);
    emails.push(res.json().email);
  }
  return emails;
}

function publish(title: string) {
  slugs += 1;
  return f.post({ slug: `delivery-${slugs}`, author_id: ids.author, type_id: ids.decision, organization_id: ids.moh, title, title_ar: `قرار ${slugs}`, summary: 'S.', summary_ar: 'ملخص.' });
}

const count = (email: string) => received.get(email)?.length ?? 0;
const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);

async function stateOf(email: string) {
  const [row] = await ctx.db.query<{ attempts: number; next_attempt_at: Date | null; last_error: string | null; failed_at: Date | null }>(
    'SELECT attempts, next_attempt_at, last_error, failed_at FROM alert_subscriptions WHERE email = $1',
    [email],
  );
  return row;
}

async function metric(name: string, labels = ''): Promise<number> {
  const res = await ctx.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const line = res.body.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return Number(line?.split(' ')[1]);
}

describe('alert delivery against a real SMTP server', () => {
  it('delivers the other alerts of a batch when one recipient is refused, and the refused one after its backoff, each once', async () => {
    const [a, b, c, d] = await readers('amal', 'bilal', 'carim', 'dana');
    refused.add(c);
    await publish('Clinic hours');
    const t0 = new Date();
    const failuresBefore = await metric('qarar_alert_send_failures_total', '{reason="refused"}');

    // One run: the refused alert fails alone; those after it in the batch are sent all the same.
    // (Before issue 27 the run stopped at the refusal, the alerts after it already moved past
    // the post: no later run sent it — hence the second run here.)
    const run = await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger, t0).catch((err: Error) => err);
    await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, t0).catch(() => 0);
    expect([a, b, c, d].map(count)).toEqual([1, 1, 0, 1]);
    expect(run).toEqual({ matched: 1, sent: 3 });
    expect(received.get(d)![0]).toContain('Clinic hours');
    expect(await stateOf(c)).toMatchObject({ attempts: 1, next_attempt_at: at(t0, BASE_BACKOFF_MS), failed_at: null });
    expect((await stateOf(c)).last_error).toMatch(/^EENVELOPE: 451 /);
    expect(await metric('qarar_alert_send_failures_total', '{reason="refused"}')).toBe(failuresBefore + 1);
    expect(await metric('qarar_alerts_retrying')).toBe(1);

    // Within its backoff it is not tried; a new post meanwhile is sent to the others.
    await publish('Vaccination days');
    await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, BASE_BACKOFF_MS - 1000));
    expect(tried.get(c)).toBe(1);
    expect([a, b, c, d].map(count)).toEqual([2, 2, 0, 2]);

    // Its mailbox takes mail again: after the backoff it gets one message with both posts.
    refused.delete(c);
    expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, BASE_BACKOFF_MS))).toBe(1);
    expect([a, b, c, d].map(count)).toEqual([2, 2, 1, 2]);
    expect(received.get(c)![0]).toContain('Clinic hours');
    expect(received.get(c)![0]).toContain('Vaccination days');
    expect(await stateOf(c)).toEqual({ attempts: 0, next_attempt_at: null, last_error: null, failed_at: null });
    expect(await metric('qarar_alerts_retrying')).toBe(0);

    // Nothing more, ever: another run much later sends nothing twice.
    expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, 3 * FAILED_RETRY_MS))).toBe(0);
    expect([a, b, c, d].map(count)).toEqual([2, 2, 1, 2]);
  });

  it(`marks an alert failed after ${MAX_SEND_ATTEMPTS} refusals in a row, counts it in /metrics, keeps its posts and sends them once a day later`, async () => {
    const [ok, bad] = await readers('hala', 'imad');
    refused.add(bad);
    await publish('Hospital tenders');
    const markedBefore = await metric('qarar_alerts_marked_failed_total');
    let t = new Date();
    const first = t;
    for (let i = 1; i <= MAX_SEND_ATTEMPTS; i++) {
      await runAlerts(ctx.db, mailer, ctx.app.alerts.ledger, t);
      const state = await stateOf(bad);
      expect(state.attempts).toBe(i);
      expect(state.failed_at === null).toBe(i < MAX_SEND_ATTEMPTS);
      // Just before the next try is due: not tried.
      await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, new Date(state.next_attempt_at!.getTime() - 1));
      expect(tried.get(bad)).toBe(i);
      t = state.next_attempt_at!;
    }
    // Eight tries spanning over an hour; then once a day.
    const state = await stateOf(bad);
    expect(state.failed_at!.getTime() - first.getTime()).toBeGreaterThan(60 * 60_000);
    expect(state.next_attempt_at!.getTime() - state.failed_at!.getTime()).toBe(FAILED_RETRY_MS);
    expect(await metric('qarar_alerts_failed')).toBe(1);
    expect(await metric('qarar_alerts_marked_failed_total')).toBe(markedBefore + 1);
    expect([ok, bad].map(count)).toEqual([1, 0]);

    // Staff see it, its posts waiting; nobody else does.
    const staff = await signIn(ctx, await f.user('staffer', { staff: true }));
    const undelivered = await ctx.inject({ method: 'GET', url: '/api/v1/alerts/undelivered/', headers: staff });
    expect(undelivered.statusCode).toBe(200);
    expect(undelivered.json()).toMatchObject({ count: 1, retrying: 0, failed: 1, next: null, previous: null });
    expect(undelivered.json().results).toEqual([
      {
        subscription: expect.objectContaining({ email: bad, title: 'Qarar — Ministry of Health', frequency: 'immediate' }),
        attempts: MAX_SEND_ATTEMPTS,
        next_attempt_at: state.next_attempt_at!.toISOString(),
        last_error: expect.stringMatching(/^EENVELOPE: 451 /),
        failed: true,
        failed_at: state.failed_at!.toISOString(),
        posts_waiting: 1,
      },
    ]);
    const reader = await signIn(ctx, await f.user('nosy'), 'ar');
    const refusedToReader = await ctx.inject({ method: 'GET', url: '/api/v1/alerts/undelivered/', headers: reader });
    expect(refusedToReader.statusCode).toBe(403);
    expect(refusedToReader.json().detail).toBe('الاطلاع على التنبيهات المتعذر إرسالها متاح لفريق المنصة فقط.');
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/alerts/undelivered/' })).statusCode).toBe(401);

    // The address works again: the day after, the posts it missed go, once.
    refused.delete(bad);
    expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, state.next_attempt_at!)).toBe(1);
    expect([ok, bad].map(count)).toEqual([1, 1]);
    expect(received.get(bad)![0]).toContain('Hospital tenders');
    expect(await stateOf(bad)).toMatchObject({ attempts: 0, failed_at: null });
    expect(await metric('qarar_alerts_failed')).toBe(0);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/alerts/undelivered/', headers: staff })).json()).toMatchObject({ count: 0, failed: 0, results: [] });
  });

  it('loses nothing and sends nothing twice while the server is away for ten minutes, then stalls, then accepts', async () => {
    const emails = await readers('jamal', 'karima', 'lina');
    await publish('Pharmacy rota');
    expect(await matchQueuedPosts(ctx.db)).toBe(1);
    const t0 = new Date();
    await goAway();
    const unreachableBefore = await metric('qarar_alert_send_failures_total', '{reason="unreachable"}');
    // A run a minute for ten minutes, each refused a connection at its first alert.
    for (let minute = 0; minute <= 10; minute++) {
      expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, minute * 60_000))).toBe(0);
    }
    const states = await Promise.all(emails.map(stateOf));
    expect(states.every((s) => s.failed_at === null && s.attempts < MAX_SEND_ATTEMPTS)).toBe(true);
    // The server away is no alert's failure: nothing counted, no backoff (the next run tries again).
    expect(states.map((s) => s.attempts)).toEqual([0, 0, 0]);
    expect(states.some((s) => s.last_error !== null)).toBe(true);
    expect(states.every((s) => /^(ECONNECTION|ESOCKET)/.test(s.last_error ?? 'ESOCKET'))).toBe(true);
    expect(await metric('qarar_alert_send_failures_total', '{reason="unreachable"}')).toBeGreaterThan(unreachableBefore);

    // Back, but stalled: one alert waits the timeout, the others are left for the next run.
    await listen();
    mode = 'stall';
    const started = Date.now();
    expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, 60 * 60_000))).toBe(0);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2 + 1000);
    expect(emails.map(count)).toEqual([0, 0, 0]);
    const stalled = (await Promise.all(emails.map(stateOf))).filter((s) => s.last_error?.startsWith('ETIMEDOUT'));
    expect(stalled).toHaveLength(1);

    // Accepting: every alert gets its message, once — also with two runs at once.
    mode = 'accept';
    const both = await Promise.all([0, 1].map(() => sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, 2 * 60 * 60_000))));
    expect(both[0] + both[1]).toBe(3);
    expect(emails.map(count)).toEqual([1, 1, 1]);
    expect(received.get(emails[0])![0]).toContain('Pharmacy rota');
    expect(await sendDueAlerts(ctx.db, mailer, ctx.app.alerts.ledger, at(t0, 3 * 60 * 60_000))).toBe(0);
    expect(emails.map(count)).toEqual([1, 1, 1]);
  });

  it('loses no message when the process dies during the SMTP exchange, and sends it once after', async () => {
    const [a, b] = await readers('yara', 'zaid');
    await publish('Blood drive');
    await matchQueuedPosts(ctx.db);
    const t0 = new Date();
    // A process frozen in the middle of its first send: the message never finishes.
    let sending!: () => void;
    const frozen = new Promise<void>((resolve) => (sending = resolve));
    // (Its send is failed at the end, so that the test's pool can close: a frozen transaction
    // would hold its client for ever.)
    let unfreeze!: (err: Error) => void;
    const dying: Mailer = { send: () => (sending(), new Promise<void>((_resolve, reject) => (unfreeze = reject))) };
    const frozenRun = sendDueAlerts(ctx.db, dying, ctx.app.alerts.ledger, t0).catch(() => 0);
    await frozen;
    // Meanwhile another process runs: the alert in flight is not sent by it (nor twice later).
    const other = { ...ctx.db };
    const meanwhile = await sendDueAlerts(other, mailer, new DeliveryLedger(), t0);
    expect(meanwhile).toBe(ctx.db.kind === 'pglite' ? 1 : 1);
    const inFlight = [a, b].filter((e) => count(e) === 0);
    expect(inFlight).toHaveLength(1);

    // The frozen process is killed: on PostgreSQL its connection goes (its transaction rolled
    // back); the embedded database's next process starts (its own ledger: giveBackCutSends).
    if (ctx.db.kind === 'postgres') {
      await other.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`);
    }
    const restarted = { ...ctx.db };
    const restartedLedger = new DeliveryLedger();
    expect(await runAlerts(restarted, mailer, restartedLedger, at(t0, 1000))).toMatchObject({ sent: 1 });
    expect([a, b].map(count)).toEqual([1, 1]);
    expect(received.get(inFlight[0])![0]).toContain('Blood drive');
    expect(await sendDueAlerts(restarted, mailer, restartedLedger, at(t0, 2 * FAILED_RETRY_MS))).toBe(0);
    expect([a, b].map(count)).toEqual([1, 1]);
    unfreeze(new Error('the process was killed'));
    await frozenRun;
  });
});
