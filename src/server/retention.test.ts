import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { applyRetention, retentionStep, type RetentionRules } from './retention';
import { ContentFixtures, signIn } from './test/content-fixtures';
import { createTestContext, type TestContext } from './test/helpers';
import { samples } from './test/prometheus';

/**
 * Issue 27's retention, on both databases: for each table that grows with use, rows past their
 * rule go, rows within it and rows still needed stay, and what is counted elsewhere (a post's
 * views) is not changed. And the tables' sizes in /metrics.
 */

let ctx: TestContext;
let f: ContentFixtures;
let rules: RetentionRules;
const ids = {} as Record<'author' | 'reader' | 'moh' | 'decision', number>;
const posts: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      f = new ContentFixtures(db);
      ids.author = await f.user('writer');
      ids.reader = await f.user('reader');
      ids.moh = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.decision = (await f.postTypes()).decision;
      for (let i = 1; i <= 5; i++) {
        posts.push(await f.post({ slug: `kept-${i}`, author_id: ids.author, type_id: ids.decision, organization_id: ids.moh }));
      }
    },
  });
  f = new ContentFixtures(ctx.db);
  rules = { ...ctx.config.retention, refreshTokenTtlSeconds: ctx.config.refreshTokenTtlSeconds };
});
afterAll(() => ctx.close());

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => ctx.db.query<T>(sql, params);
const column = async (sql: string, params: unknown[] = []) => (await q<{ v: unknown }>(sql, params)).map((r) => r.v);
/** bigint columns: a string from PostgreSQL's client, a number from PGlite's. */
const numbers = async (sql: string, params: unknown[] = []) => (await column(sql, params)).map(Number);
const DAY = 24 * 3600;

describe('retention', () => {
  it('post_views: a view past the counting period goes, a recent one stays, the post’s count is not changed', async () => {
    const post = posts[0];
    await q('UPDATE posts SET view_count = 7 WHERE id = $1', [post]);
    await q(
      `INSERT INTO post_views (post_id, reader, viewed_at) VALUES
         ($1, 'a:old', now() - interval '31 minutes'), ($1, 'a:older', now() - interval '3 days'), ($1, 'a:recent', now() - interval '10 minutes')`,
      [post],
    );
    // Batches of two: three statements for the two rows (and any more) past the period.
    expect(await applyRetention(ctx.db, rules, { batch: 2 })).toMatchObject({ post_views: 2 });
    expect(await column('SELECT reader AS v FROM post_views WHERE post_id = $1', [post])).toEqual(['a:recent']);
    expect(await column('SELECT view_count AS v FROM posts WHERE id = $1', [post])).toEqual([7]);
  });

  it('sessions and refresh tokens: an expired token goes (an exchanged one stays until it expires); a session goes RETAIN_ENDED_SESSIONS_DAYS after it ended', async () => {
    const ttl = rules.refreshTokenTtlSeconds;
    const keep = rules.endedSessionDays * DAY;
    const session = async (name: string, o: { revokedAgo?: number; lastUsedAgo?: number }) => {
      const id = randomUUID();
      await q(
        `INSERT INTO sessions (id, user_id, user_agent, last_used, revoked_at)
         VALUES ($1, $2, $3, now() - make_interval(secs => $4), CASE WHEN $5::float8 IS NULL THEN NULL ELSE now() - make_interval(secs => $5::float8) END)`,
        [id, ids.reader, name, o.lastUsedAgo ?? 0, o.revokedAgo ?? null],
      );
      return id;
    };
    const token = (session: string, name: string, expiresIn: number, used = false) =>
      q(`INSERT INTO refresh_tokens (token_hash, session_id, expires_at, used_at) VALUES ($1, $2, now() + make_interval(secs => $3), $4)`, [
        `hash-${name}`,
        session,
        expiresIn,
        used ? new Date() : null,
      ]);
    const open = await session('open', {});
    await token(open, 'live', 3600);
    await token(open, 'exchanged', 3600, true);
    await token(open, 'expired', -60, true);
    const revokedLongAgo = await session('revoked long ago', { revokedAgo: keep + DAY });
    await token(revokedLongAgo, 'of-revoked', 3600);
    await session('revoked lately', { revokedAgo: keep - DAY });
    await session('expired long ago', { lastUsedAgo: ttl + keep + DAY });
    await session('expired lately', { lastUsedAgo: ttl + DAY });
    // Unused for longer than the rule, yet with a live token (REFRESH_TOKEN_TTL made longer since): open.
    const stillOpen = await session('still open', { lastUsedAgo: ttl + keep + DAY });
    await token(stillOpen, 'long-lived', 3600);

    await applyRetention(ctx.db, rules);
    expect(await column('SELECT user_agent AS v FROM sessions ORDER BY user_agent')).toEqual(['expired lately', 'open', 'revoked lately', 'still open']);
    expect(await column('SELECT token_hash AS v FROM refresh_tokens ORDER BY token_hash')).toEqual(['hash-exchanged', 'hash-live', 'hash-long-lived']);
  });

  it('password_reset_tokens: used or expired ones go, a live one stays', async () => {
    await q(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at) VALUES
         ('reset-used', $1, now() + interval '1 hour', now()), ('reset-expired', $1, now() - interval '1 minute', NULL),
         ('reset-live', $1, now() + interval '1 hour', NULL)`,
      [ids.reader],
    );
    await applyRetention(ctx.db, rules);
    expect(await column('SELECT token_hash AS v FROM password_reset_tokens')).toEqual(['reset-live']);
  });

  it('rate_limits: a window that has ended goes, a running one stays', async () => {
    await q(`INSERT INTO rate_limits (key, count, window_ends) VALUES ('ended', 3, now() - interval '1 second'), ('running', 3, now() + interval '1 minute')`);
    await applyRetention(ctx.db, rules);
    expect(await column(`SELECT key AS v FROM rate_limits WHERE key IN ('ended', 'running')`)).toEqual(['running']);
  });

  it('term_counts: a word no post has any more goes; the others’ counts stay', async () => {
    const before = await q<{ term: string; n: number }>('SELECT term, n FROM term_counts WHERE n > 0 ORDER BY term');
    expect(before.length).toBeGreaterThan(0);
    await q(`INSERT INTO term_counts (term, n) VALUES ('zzgone', 0)`);
    await applyRetention(ctx.db, rules);
    expect(await q('SELECT term, n FROM term_counts ORDER BY term')).toEqual(before);
  });

  it('alerts: an unconfirmed alert goes after ALERT_CONFIRM_DAYS (asked for again, it starts again); an address without alerts after as long', async () => {
    const days = rules.alertConfirmDays;
    const ask = (email: string) =>
      ctx.inject({ method: 'POST', url: '/api/v1/alerts/subscriptions/', payload: { email, list: { organization_code: 'MOH' }, frequency: 'daily', lang: 'ar' } });
    for (const email of ['late@example.com', 'again@example.com', 'fresh@example.com', 'done@example.com']) expect((await ask(email)).statusCode).toBe(202);
    await q(`UPDATE alert_subscriptions SET created_at = now() - make_interval(days => $1::int + 1) WHERE email <> 'fresh@example.com'`, [days]);
    await q(`UPDATE alert_addresses SET created_at = now() - make_interval(days => $1::int + 1) WHERE email <> 'fresh@example.com'`, [days]);
    // Confirmed long ago: kept whatever its age.
    await q(`UPDATE alert_subscriptions SET confirmed_at = now() - interval '100 days', confirm_token = NULL WHERE email = 'done@example.com'`);
    expect((await ask('again@example.com')).statusCode).toBe(202);
    // An address that had alerts once, none now (its alerts stopped): kept as long as a new one.
    await q(`INSERT INTO alert_addresses (email, manage_token, created_at) VALUES ('left@example.com', 'left-token', now() - make_interval(days => $1::int + 1)),
             ('new@example.com', 'new-token', now())`, [days]);

    await applyRetention(ctx.db, rules);
    expect(await column('SELECT email AS v FROM alert_subscriptions ORDER BY email')).toEqual(['again@example.com', 'done@example.com', 'fresh@example.com']);
    expect(await column('SELECT email AS v FROM alert_addresses ORDER BY email')).toEqual(['again@example.com', 'done@example.com', 'fresh@example.com', 'new@example.com']);
  });

  it('alert_list_posts: a list’s posts go once every confirmed alert of the list is past them; a list nobody follows goes; a later alert starts after them', async () => {
    await q(`DELETE FROM alert_subscriptions`);
    await q(`DELETE FROM alert_lists`);
    await q(`INSERT INTO alert_addresses (email, manage_token) VALUES ('a@example.com', 'ta'), ('b@example.com', 'tb') ON CONFLICT DO NOTHING`);
    const seqs: Record<string, number[]> = {};
    for (const list of ['followed', 'unconfirmed', 'unfollowed']) {
      await q(`INSERT INTO alert_lists (list_key, list, match_key) VALUES ($1, '{}', 'all')`, [list]);
      const rows = await q<{ seq: string }>(
        `INSERT INTO alert_list_posts (list_key, post_id) SELECT $1, unnest($2::int[]) RETURNING seq`,
        [list, posts],
      );
      seqs[list] = rows.map((r) => Number(r.seq));
      await q('UPDATE alert_lists SET last_seq = $2, pending = true WHERE list_key = $1', [list, Math.max(...seqs[list])]);
    }
    const alert = (email: string, list: string, o: { sentSeq?: number; confirmed: boolean }) =>
      q(
        `INSERT INTO alert_subscriptions (email, list_key, frequency, lang, origin, token, confirm_token, confirmed_at, sent_seq)
         VALUES ($1, $2, 'daily', 'ar', 'http://localhost', $3, $4, $5, $6)`,
        [email, list, randomUUID(), o.confirmed ? null : randomUUID(), o.confirmed ? new Date() : null, o.sentSeq ?? 0],
      );
    // One alert sent the first two posts of the list, another the first four.
    await alert('a@example.com', 'followed', { confirmed: true, sentSeq: seqs.followed[1] });
    await alert('b@example.com', 'followed', { confirmed: true, sentSeq: seqs.followed[3] });
    await alert('a@example.com', 'unconfirmed', { confirmed: false });
    const listCounts = await q('SELECT list_key, last_seq::int FROM alert_lists ORDER BY list_key');

    await applyRetention(ctx.db, rules);
    expect(await numbers(`SELECT seq AS v FROM alert_list_posts WHERE list_key = 'followed' ORDER BY seq`)).toEqual(seqs.followed.slice(2));
    expect(await column(`SELECT count(*)::int AS v FROM alert_list_posts WHERE list_key <> 'followed'`)).toEqual([0]);
    expect(await q('SELECT list_key, last_seq::int FROM alert_lists ORDER BY list_key')).toEqual(listCounts.filter((l) => l.list_key !== 'unfollowed'));

    // A message in flight (the embedded database's claim: sending_from) counts where its cursor
    // was: a crash gives it back, and its posts must still be there.
    await q(`UPDATE alert_subscriptions SET sent_seq = $2, sending_from = $3 WHERE email = 'a@example.com' AND list_key = $1`, ['followed', seqs.followed[3], seqs.followed[2]]);
    await applyRetention(ctx.db, rules);
    expect(await numbers(`SELECT seq AS v FROM alert_list_posts WHERE list_key = 'followed' ORDER BY seq`)).toEqual(seqs.followed.slice(3));

    // Confirmed now, the unconfirmed alert starts after the list's posts, though none is left.
    const [{ confirm_token }] = await q<{ confirm_token: string }>(`SELECT confirm_token FROM alert_subscriptions WHERE list_key = 'unconfirmed'`);
    expect((await ctx.inject({ method: 'POST', url: '/api/v1/alerts/confirm/', payload: { token: confirm_token } })).statusCode).toBe(200);
    expect(await numbers(`SELECT sent_seq AS v FROM alert_subscriptions WHERE list_key = 'unconfirmed'`)).toEqual([Math.max(...seqs.unconfirmed)]);
  });

  it('a signed-in reader’s new alert on a list whose posts all went starts after them', async () => {
    await q(`DELETE FROM alert_subscriptions`);
    const body = { list: { organization_code: 'MOH' }, frequency: 'immediate', lang: 'ar' };
    const headers = await signIn(ctx, ids.author);
    const first = await ctx.inject({ method: 'POST', url: '/api/v1/alerts/subscriptions/', payload: body, headers });
    expect(first.statusCode).toBe(201);
    const [{ list_key }] = await q<{ list_key: string }>('SELECT list_key FROM alert_subscriptions');
    await q(`INSERT INTO alert_list_posts (list_key, post_id) SELECT $1, unnest($2::int[])`, [list_key, posts.slice(0, 2)]);
    await q('UPDATE alert_lists SET last_seq = (SELECT max(seq) FROM alert_list_posts WHERE list_key = $1) WHERE list_key = $1', [list_key]);
    const [lastSeq] = await numbers('SELECT last_seq AS v FROM alert_lists WHERE list_key = $1', [list_key]);
    // Sent both: the rows go.
    await q('UPDATE alert_subscriptions SET sent_seq = $1', [lastSeq]);
    await applyRetention(ctx.db, rules);
    expect(await column('SELECT count(*)::int AS v FROM alert_list_posts')).toEqual([0]);
    // Another reader follows the same list now.
    const second = await ctx.inject({ method: 'POST', url: '/api/v1/alerts/subscriptions/', payload: body, headers: await signIn(ctx, ids.reader) });
    expect(second.statusCode).toBe(201);
    expect(await numbers(`SELECT sent_seq AS v FROM alert_subscriptions ORDER BY id`)).toEqual([lastSeq, lastSeq]);
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  (process.env.TEST_DATABASE_URL ? it : it.skip)('keeps a list and an address a reader is being given an alert on meanwhile', async () => {
    await q(`DELETE FROM alert_subscriptions`);
    await q(`INSERT INTO alert_addresses (email, manage_token, created_at) VALUES ('busy@example.com', 'busy-token', now() - interval '100 days')`);
    await q(`INSERT INTO alert_lists (list_key, list, match_key) VALUES ('busy', '{}', 'all')`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const rowsTaken = new Promise<void>((resolve) => (taken = resolve));
    // As subscribe() does: the address and the list upserted (their rows locked), then the alert.
    const subscribing = ctx.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO alert_addresses (email, manage_token) VALUES ('busy@example.com', 'other') ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email`);
      await tx.query(`INSERT INTO alert_lists (list_key, list, match_key) VALUES ('busy', '{}', 'all') ON CONFLICT (list_key) DO UPDATE SET list = alert_lists.list`);
      taken();
      await held;
      await tx.query(
        `INSERT INTO alert_subscriptions (email, list_key, frequency, lang, origin, token, confirmed_at) VALUES ('busy@example.com', 'busy', 'daily', 'ar', 'http://localhost', 'busy-alert', now())`,
      );
    });
    await rowsTaken;
    await applyRetention(ctx.db, rules);
    release();
    await subscribing;
    expect(await column(`SELECT manage_token AS v FROM alert_addresses WHERE email = 'busy@example.com'`)).toEqual(['busy-token']);
    expect(await column(`SELECT token AS v FROM alert_subscriptions WHERE list_key = 'busy'`)).toEqual(['busy-alert']);
  });

  it('applies the rules once in a while, not at every run of the scheduled work', async () => {
    const step = retentionStep(ctx.db, rules, 60_000);
    expect(await step()).not.toBeNull();
    expect(await step()).toBeNull();
  });
});

describe('the tables’ sizes in /metrics', () => {
  it('gives every table’s rows and bytes, which several processes’ metrics do not add up', async () => {
    await q(`INSERT INTO post_views (post_id, reader) SELECT $1, 'm:' || g FROM generate_series(1, 12) g`, [posts[1]]);
    const [{ n }] = await q<{ n: number }>('SELECT count(*)::int AS n FROM post_views');
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const got = samples(res.body);
    const of = (name: string, table: string) => got.find((s) => s.name === name && s.labels.table === table)?.value;
    expect(of('qarar_db_table_rows', 'post_views')).toBe(n);
    expect(of('qarar_db_table_rows', 'posts')).toBe(posts.length);
    expect(of('qarar_db_table_bytes', 'post_views')).toBeGreaterThan(0);
    for (const table of ['sessions', 'refresh_tokens', 'password_reset_tokens', 'rate_limits', 'alert_list_posts', 'alert_subscriptions', 'alert_addresses', 'alert_lists']) {
      expect(of('qarar_db_table_rows', table)).toBeGreaterThanOrEqual(0);
    }
    // Two processes' readings of the one database, gathered as the primary does: not doubled.
    const json = await ctx.app.metrics.getMetricsAsJSON();
    const both = samples(await AggregatorRegistry.aggregate([json, json]).metrics());
    expect(both.find((s) => s.name === 'qarar_db_table_rows' && s.labels.table === 'post_views')?.value).toBe(n);
    expect(both.find((s) => s.name === 'qarar_db_table_bytes' && s.labels.table === 'post_views')?.value).toBe(of('qarar_db_table_bytes', 'post_views'));
  });
});
