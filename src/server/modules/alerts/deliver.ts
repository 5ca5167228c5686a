import type { Db, Queryable } from '../../db/db';
import { smtpErrorOf, smtpServerAway, type Mail, type Mailer } from '../auth/mailer';
import { feedTitle } from '../feeds/describe';
import { presentPostAt } from '../posts/present';
import { postSearchOf } from '../posts/search-index';
import { findPostsByIds, postsInList } from '../posts/repository';
import { alertMail } from './alert-mail';
import { filterOfList, keyFieldOf, type AlertList, type SubscriptionRow } from './subscriptions';

/** Posts matched at a time (each run of the job takes as many batches as are queued). */
const MATCH_BATCH = 200;
/** Alerts read at a time (each then claimed and sent on its own). */
const SEND_BATCH = 50;

const DIGEST_INTERVAL = { daily: '1 day', weekly: '7 days' } as const;

/**
 * What a post is looked up by: the keys an alert's list can require (subscriptions.ts,
 * matchKeyOf) that this post has — its search index's terms among them — and 'all'.
 */
async function keysOfPosts(db: Queryable, ids: number[]): Promise<Map<number, Set<string>>> {
  const rows = await db.query<{ id: number; organization_id: number | null; type_id: number; author: string; categories: string[]; subcategories: string[]; hashtags: number[]; terms: string[] }>(
    `SELECT p.id, p.organization_id, p.type_id, lower(u.username) AS author,
            ARRAY(SELECT c.slug FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id) AS categories,
            ARRAY(SELECT s.slug FROM post_subcategories ps JOIN subcategories s ON s.id = ps.subcategory_id WHERE ps.post_id = p.id) AS subcategories,
            ARRAY(SELECT ph.hashtag_id FROM post_hashtags ph WHERE ph.post_id = p.id) AS hashtags,
            tsvector_to_array(p.search_vector) AS terms
       FROM posts p JOIN users u ON u.id = p.author_id
      WHERE p.id = ANY($1::int[]) AND p.status = 'published'`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      new Set([
        'all',
        `type:${r.type_id}`,
        `author:${r.author}`,
        ...(r.organization_id === null ? [] : [`org:${r.organization_id}`]),
        ...r.categories.map((c) => `cat:${c}`),
        ...r.subcategories.map((s) => `sub:${s}`),
        ...r.hashtags.map((h) => `tag:${h}`),
        ...r.terms.map((t) => `term:${t}`),
      ]),
    ]),
  );
}

/** The key a post carries for each condition a list may have that posts are looked up by. */
const KEY_OF: Partial<Record<keyof AlertList, (value: unknown) => string>> = {
  organization: (v) => `org:${String(v)}`,
  author: (v) => `author:${String(v).toLowerCase()}`,
  subcategory: (v) => `sub:${String(v)}`,
  category: (v) => `cat:${String(v)}`,
  type_id: (v) => `type:${String(v)}`,
};

/**
 * A list's test of a post by its keys (keysOfPosts), without asking the database: the list's
 * conditions that are keys — the one it is looked up by (its match key, which every post it is
 * tested with has), an organization, a category… — and every word its search must find, each of
 * which a post holds as one of its terms. Exact when that is all the list asks (a search of
 * words only); otherwise (a phrase, a word left out, a date, an organization by its code…) a
 * post that passes is checked by the list's whole filter in SQL, and one that fails is not.
 */
function keyTest(list: AlertList): { pass: (keys: Set<string>) => boolean; exact: boolean } {
  const keyField = keyFieldOf(list);
  const required: string[] = [];
  let words: string[][] = [];
  let exact = true;
  for (const [field, value] of Object.entries(list) as [keyof AlertList, unknown][]) {
    if (field === keyField) continue;
    if (field === 'search') {
      const search = postSearchOf(String(value));
      words = search?.words ?? [];
      exact &&= search?.plain ?? false;
      continue;
    }
    const key = KEY_OF[field];
    if (key) required.push(key(value));
    else exact = false;
  }
  return { pass: (keys) => required.every((k) => keys.has(k)) && words.every((forms) => forms.some((t) => keys.has(`term:${t}`))), exact };
}

/**
 * Matches posts queued at publication (migration 013's trigger) to the lists alerts follow: a
 * post reads only the lists of its own keys (an index on match_key) that some confirmed alert
 * follows, each list is checked once (by the posts' keys — keyTest — and, for a list that asks
 * more than keys, by its filter in SQL, postsInList), and the list gets the posts (alert_list_posts). Alerts are not touched: however many
 * follow a list, matching costs the same. Several processes share the queue (SKIP LOCKED); a
 * post is in a list once (its key). Returns how many posts were matched.
 */
export async function matchQueuedPosts(db: Db): Promise<number> {
  let matched = 0;
  // Each list's test, made once a run (a search's words are analyzed once).
  const tests = new Map<string, ReturnType<typeof keyTest>>();
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const queued = await tx.query<{ post_id: number }>(
        `DELETE FROM alert_queue WHERE post_id IN (SELECT post_id FROM alert_queue ORDER BY queued_at, post_id LIMIT ${MATCH_BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING post_id`,
      );
      if (!queued.length) return 0;
      const keys = await keysOfPosts(tx, queued.map((q) => q.post_id));
      const allKeys = [...new Set([...keys.values()].flatMap((k) => [...k]))];
      const lists = await tx.query<{ list_key: string; list: AlertList; match_key: string }>(
        `SELECT l.list_key, l.list, l.match_key FROM alert_lists l
          WHERE l.match_key = ANY($1::text[])
            AND EXISTS (SELECT 1 FROM alert_subscriptions s WHERE s.list_key = l.list_key AND s.confirmed_at IS NOT NULL)`,
        [allKeys],
      );
      // Every list's new posts, written in one statement (in post order, so each list's in order).
      const listKeys: string[] = [];
      const postIds: number[] = [];
      const postsOfKey = new Map<string, Array<[number, Set<string>]>>();
      for (const entry of keys) {
        for (const key of entry[1]) {
          const posts = postsOfKey.get(key);
          if (posts) posts.push(entry);
          else postsOfKey.set(key, [entry]);
        }
      }
      for (const { list_key, list, match_key } of lists) {
        const withKey = postsOfKey.get(match_key) ?? [];
        // By the posts' keys, then (a list that asks more) by the list's whole filter in SQL.
        if (!tests.has(list_key)) tests.set(list_key, keyTest(list));
        const test = tests.get(list_key)!;
        const passed = withKey.filter(([, k]) => test.pass(k)).map(([id]) => id);
        const inList = test.exact || !passed.length ? passed : [...(await postsInList(tx, filterOfList(list), passed))];
        for (const id of inList) {
          listKeys.push(list_key);
          postIds.push(id);
        }
      }
      if (listKeys.length) {
        await tx.query(
          `WITH added AS (
             INSERT INTO alert_list_posts (list_key, post_id)
             SELECT k, p FROM unnest($1::text[], $2::int[]) AS t(k, p) ORDER BY p, k
             ON CONFLICT DO NOTHING RETURNING list_key, seq)
           UPDATE alert_lists l SET last_seq = greatest(l.last_seq, a.last), pending = true
             FROM (SELECT list_key, max(seq) AS last FROM added GROUP BY list_key) a
            WHERE l.list_key = a.list_key`,
          [listKeys, postIds],
        );
      }
      return queued.length;
    });
    matched += done;
    if (done < MATCH_BATCH) return matched;
  }
}

/**
 * A failed send is tried again after BASE_BACKOFF_MS, doubled at each failure in a row; the
 * MAX_SEND_ATTEMPTS-th failure in a row marks the alert failed (failed_at): 30 s, 1, 2, 4, 8,
 * 16 and 32 min between the eight tries, the last one about 64 min after the first — an SMTP
 * server away for ten minutes (five tries at most) delays messages and fails none.
 */
export const MAX_SEND_ATTEMPTS = 8;
export const BASE_BACKOFF_MS = 30_000;
/**
 * A failed alert keeps its posts (its cursor stays before them) and is tried once a day, for
 * as long as it exists; the first send that goes takes it back to normal with all of them.
 */
export const FAILED_RETRY_MS = 24 * 3600_000;
/** When an alert whose send failed for the `attempts`-th time in a row is tried next. */
export function nextAttemptAt(attempts: number, now: Date): Date {
  const wait = attempts >= MAX_SEND_ATTEMPTS ? FAILED_RETRY_MS : BASE_BACKOFF_MS * 2 ** (attempts - 1);
  return new Date(now.getTime() + wait);
}

/** This process's sends since it started (GET /metrics: qarar_alert_*_total). */
export interface AlertSendStats {
  sent: number;
  /** Failed sends, by whether the server refused this message (refused) or was away (unreachable). */
  failures: { refused: number; unreachable: number };
  /** Alerts marked failed (their MAX_SEND_ATTEMPTS-th failure in a row). */
  markedFailed: number;
}

/**
 * What one process keeps of its deliveries on one database: its send counts (for /metrics) and
 * whether the claims a killed process left were given back (giveBackCutSends). The alerts
 * service (plugin.ts) holds the app's; a test standing for another process makes its own.
 */
export class DeliveryLedger {
  readonly stats: AlertSendStats = { sent: 0, failures: { refused: 0, unreachable: 0 }, markedFailed: 0 };
  cutSendsGivenBack = false;
}

/** How many alerts' last send failed: waiting for their next try, or marked failed. */
export async function undeliveredAlerts(db: Queryable): Promise<{ retrying: number; failed: number }> {
  const [row] = await db.query<{ retrying: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE failed_at IS NULL)::int AS retrying, count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
       FROM alert_subscriptions WHERE attempts > 0`,
  );
  return row;
}

type DueAlert = SubscriptionRow & { list_key: string; manage_token: string; sent_seq: string; last_seq: string; last_sent_at: Date | null; attempts: number };

/**
 * Sends what is due: an immediate alert's new posts at once (one message for those matched
 * since the last run), a daily or weekly alert's as one digest once its day or week has passed
 * since the last; an alert whose last send failed, once its backoff has passed.
 *
 * Each alert on its own: its message is made, then it is claimed — its cursor (sent_seq)
 * advanced past the posts, where it was kept (sending_from), in one statement that does nothing
 * if another run moved it first — then sent. Sent: done (its failures in a row forgotten). Not sent: the cursor is
 * given back, the failure counted on that alert alone (attempts, next_attempt_at, last_error;
 * failed_at at MAX_SEND_ATTEMPTS), and the run goes on with the next alert. Unless the failure
 * says the SMTP server is away (smtpServerAway: no connection, a timeout, 421): then the alerts
 * after it in this run are left as they are — not tried, not counted, nothing of theirs
 * moved — for the next run, rather than each waiting SMTP_TIMEOUT_MS in turn.
 *
 * A process killed during the SMTP exchange loses no message: on PostgreSQL the claim, the
 * send and its outcome are one transaction that holds the alert's row (FOR UPDATE SKIP LOCKED:
 * other processes pass it by), so a dead process's claim is rolled back with its connection and
 * the alert is sent by the next run; on the embedded database (one process, its folder locked,
 * and one connection that a transaction would hold for everyone while the SMTP server answers)
 * the claim is written at once and a claim still standing when a process starts — its
 * sending_from set — was cut by a crash and is given back (giveBackCutSends). Sent twice only
 * if the process dies in the moment between the SMTP server's acceptance and the outcome's
 * write (or the database goes in that moment): a receiver answers 250 only once it holds the
 * whole message, so a message cut earlier was never delivered. Nothing else is claimed ahead:
 * the other alerts are untouched.
 *
 * Lists whose every alert is up to date stop being looked at. With `stop` aborted (the process
 * closing), no further alert is taken. Returns the number of messages sent.
 */
export async function sendDueAlerts(db: Db, mailer: Mailer, ledger: DeliveryLedger, now = new Date(), stop?: AbortSignal): Promise<number> {
  const { stats } = ledger;
  let sent = 0;
  let after = 0;
  let serverAway = false;
  // A process that is closing stops between alerts: what is left is the next run's.
  while (!stop?.aborted && !serverAway) {
    const due = await db.query<DueAlert>(
      `SELECT s.id, s.email, s.user_id, l.list, s.list_key, s.frequency, s.lang, s.origin, s.token, s.confirm_token, s.confirmed_at, s.created_at,
              s.sent_seq, s.last_sent_at, s.attempts, l.last_seq, a.manage_token
         FROM alert_lists l
         JOIN alert_subscriptions s ON s.list_key = l.list_key
         JOIN alert_addresses a ON a.email = s.email
        WHERE l.pending AND s.confirmed_at IS NOT NULL AND s.sent_seq < l.last_seq AND s.id > $2 AND s.sending_from IS NULL
          AND (s.next_attempt_at IS NULL OR s.next_attempt_at <= $1::timestamptz)
          AND (s.frequency = 'immediate' OR s.last_sent_at IS NULL
               OR s.last_sent_at <= $1::timestamptz - (CASE s.frequency WHEN 'daily' THEN interval '${DIGEST_INTERVAL.daily}' ELSE interval '${DIGEST_INTERVAL.weekly}' END))
        ORDER BY s.id LIMIT ${SEND_BATCH}`,
      [now.toISOString(), after],
    );
    for (const sub of due) {
      if (stop?.aborted) break;
      after = sub.id;
      const outcome = await sendOne(db, mailer, sub, now, stats);
      if (outcome === 'sent') sent += 1;
      if (outcome === 'away') {
        serverAway = true;
        break;
      }
    }
    if (due.length < SEND_BATCH) break;
  }
  stats.sent += sent;
  // A list whose every alert has all its posts is not looked at again until it has a new one.
  await db.query(
    `UPDATE alert_lists l SET pending = false
      WHERE l.pending AND NOT EXISTS (SELECT 1 FROM alert_subscriptions s WHERE s.list_key = l.list_key AND s.confirmed_at IS NOT NULL AND s.sent_seq < l.last_seq)`,
  );
  return sent;
}

/** One alert's message: made, claimed, sent, and its outcome kept (sendDueAlerts). */
async function sendOne(db: Db, mailer: Mailer, sub: DueAlert, now: Date, stats: AlertSendStats): Promise<'sent' | 'nothing' | 'taken' | 'failed' | 'away'> {
  const listPosts = await db.query<{ post_id: number; seq: string }>(
    `SELECT post_id, seq FROM alert_list_posts WHERE list_key = $1 AND seq > $2 ORDER BY seq`,
    [sub.list_key, sub.sent_seq],
  );
  // Its posts may have been deleted since: then it is up to date, with nothing to send.
  const upTo = listPosts.length ? listPosts[listPosts.length - 1].seq : sub.last_seq;
  const claim = (q: Queryable, to: string) =>
    q.query(
      `UPDATE alert_subscriptions SET sent_seq = $3, last_sent_at = $4, sending_from = sent_seq
        WHERE id = $1 AND sent_seq = $2 AND (next_attempt_at IS NULL OR next_attempt_at <= $4) RETURNING id`,
      [sub.id, sub.sent_seq, to, now.toISOString()],
    );
  let mail: Mail | undefined;
  try {
    const { rows } = await findPostsByIds(db, listPosts.map((p) => p.post_id));
    const posts = rows.map((row) => presentPostAt(sub.origin, row)).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
    if (posts.length) {
      const { title } = await feedTitle(db, filterOfList(sub.list), sub.list.search, sub.lang);
      mail = alertMail({ to: sub.email, lang: sub.lang, listTitle: title, origin: sub.origin, posts, token: sub.token, manageToken: sub.manage_token });
    }
  } catch (err) {
    // Not made (nothing claimed yet): this alert's failure, like a refused send.
    await failed(db, sub, now, err, null, stats);
    stats.failures.refused += 1;
    return 'failed';
  }
  if (!mail) {
    await db.query('UPDATE alert_subscriptions SET sent_seq = $3 WHERE id = $1 AND sent_seq = $2', [sub.id, sub.sent_seq, upTo]);
    return 'nothing';
  }
  const message = mail;
  const attempt = async (q: Queryable): Promise<'sent' | 'taken' | 'failed' | 'away'> => {
    // Another process sent it (or the alert was stopped) since it was read: not ours.
    if (!(await claim(q, upTo)).length) return 'taken';
    try {
      await mailer.send(message);
    } catch (err) {
      const away = smtpServerAway(err);
      await failed(q, sub, now, err, upTo, stats, !away);
      stats.failures[away ? 'unreachable' : 'refused'] += 1;
      return away ? 'away' : 'failed';
    }
    // Sent: its failures in a row (if any) forgotten.
    await q.query('UPDATE alert_subscriptions SET sending_from = NULL, attempts = 0, next_attempt_at = NULL, last_error = NULL, failed_at = NULL WHERE id = $1', [sub.id]);
    return 'sent';
  };
  if (db.kind === 'pglite') return attempt(db);
  return db.transaction(async (tx) => {
    const held = await tx.query('SELECT id FROM alert_subscriptions WHERE id = $1 FOR UPDATE SKIP LOCKED', [sub.id]);
    return held.length ? attempt(tx) : 'taken';
  });
}

/**
 * Claims a killed process left (their sending_from still set: the embedded database, whose claim
 * is written before the send) given back once per process, before its first run sends anything:
 * their messages are sent again. On PostgreSQL none is ever left (claim and outcome are one
 * transaction). One process serves an embedded database, so none of them is in flight.
 */
export async function giveBackCutSends(db: Db, ledger: DeliveryLedger): Promise<number> {
  if (ledger.cutSendsGivenBack) return 0;
  ledger.cutSendsGivenBack = true;
  // Their lists looked at again (a run since may have found every alert of theirs up to date).
  const rows = await db.query(
    `WITH back AS (UPDATE alert_subscriptions SET sent_seq = sending_from, sending_from = NULL WHERE sending_from IS NOT NULL RETURNING list_key)
     UPDATE alert_lists SET pending = true WHERE list_key IN (SELECT list_key FROM back) RETURNING list_key`,
  );
  return rows.length;
}

/**
 * A send that failed: the cursor given back (`claimedTo`: where the claim put it; unless the
 * alert moved on since), the digest's last time too, and the failure counted on this alert.
 */
async function failed(q: Queryable, sub: DueAlert, now: Date, err: unknown, claimedTo: string | null, stats: AlertSendStats, counted = true): Promise<void> {
  // The SMTP server away is no fault of this alert's: nothing counted, no backoff — the next run
  // (PUBLISH_POLL_MS) tries again, so mail goes within a run of the server's return.
  const attempts = counted ? sub.attempts + 1 : sub.attempts;
  const nextAt = counted ? nextAttemptAt(attempts, now).toISOString() : null;
  const { code, responseCode, response, message } = smtpErrorOf(err);
  const lastError = [code, response ?? (responseCode ? String(responseCode) : undefined) ?? message].filter(Boolean).join(': ').slice(0, 500);
  const [row] = await q.query<{ newly_failed: boolean }>(
    `UPDATE alert_subscriptions
        SET sent_seq = CASE WHEN sent_seq = $2 THEN $3 ELSE sent_seq END, sending_from = NULL,
            last_sent_at = CASE WHEN sent_seq = $2 THEN $4::timestamptz ELSE last_sent_at END,
            attempts = $5, next_attempt_at = $6, last_error = $7,
            failed_at = CASE WHEN $5 >= ${MAX_SEND_ATTEMPTS} THEN coalesce(failed_at, $8::timestamptz) END
      WHERE id = $1
      RETURNING failed_at IS NOT NULL AND $5 = ${MAX_SEND_ATTEMPTS} AS newly_failed`,
    [sub.id, claimedTo ?? sub.sent_seq, sub.sent_seq, sub.last_sent_at, attempts, nextAt, lastError, now.toISOString()],
  );
  if (row?.newly_failed) stats.markedFailed += 1;
}

/** One run of the alerts job: match what was published, send what is due. */
export async function runAlerts(db: Db, mailer: Mailer, ledger: DeliveryLedger, now = new Date(), stop?: AbortSignal): Promise<{ matched: number; sent: number }> {
  await giveBackCutSends(db, ledger);
  const matched = await matchQueuedPosts(db);
  const sent = await sendDueAlerts(db, mailer, ledger, now, stop);
  return { matched, sent };
}
