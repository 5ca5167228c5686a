import type { Db, Queryable } from '../../db/db';
import type { Mailer } from '../auth/mailer';
import { feedTitle } from '../feeds/describe';
import { presentPostAt } from '../posts/present';
import { postSearchOf } from '../posts/search-index';
import { findPostsByIds, postsInList } from '../posts/repository';
import { alertMail } from './alert-mail';
import { filterOfList, keyFieldOf, type AlertList, type SubscriptionRow } from './subscriptions';

/** Posts matched at a time (each run of the job takes as many batches as are queued). */
const MATCH_BATCH = 200;
/** Alerts sent at a time. */
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
  organization: (v) => `org:${v}`,
  author: (v) => `author:${String(v).toLowerCase()}`,
  subcategory: (v) => `sub:${v}`,
  category: (v) => `cat:${v}`,
  type_id: (v) => `type:${v}`,
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
 * Sends what is due: an immediate alert's new posts at once (one message for those matched
 * since the last run), a daily or weekly alert's as one digest once its day or week has passed
 * since the last. An alert is taken under its row's lock (SKIP LOCKED: another process takes
 * others) and its cursor (sent_seq) advanced past the posts before their message goes: a post
 * is never sent twice, and a message that could not go has its cursor taken back. Lists whose
 * every alert is up to date stop being looked at. With `stop` aborted (the process closing), no
 * further batch is taken. Returns the number of messages sent.
 */
export async function sendDueAlerts(db: Db, mailer: Mailer, now = new Date(), stop?: AbortSignal): Promise<number> {
  let sent = 0;
  // A process that is closing stops between batches: what is left is the next run's.
  while (!stop?.aborted) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx.query<SubscriptionRow & { manage_token: string; sent_seq: string; last_seq: string }>(
        `SELECT s.id, s.email, s.user_id, l.list, s.list_key, s.frequency, s.lang, s.origin, s.token, s.confirm_token, s.confirmed_at, s.created_at,
                s.sent_seq, l.last_seq, a.manage_token
           FROM alert_lists l
           JOIN alert_subscriptions s ON s.list_key = l.list_key
           JOIN alert_addresses a ON a.email = s.email
          WHERE l.pending AND s.confirmed_at IS NOT NULL AND s.sent_seq < l.last_seq
            AND (s.frequency = 'immediate' OR s.last_sent_at IS NULL
                 OR s.last_sent_at <= $1::timestamptz - (CASE s.frequency WHEN 'daily' THEN interval '${DIGEST_INTERVAL.daily}' ELSE interval '${DIGEST_INTERVAL.weekly}' END))
          ORDER BY s.id LIMIT ${SEND_BATCH}
          FOR UPDATE OF s SKIP LOCKED`,
        [now.toISOString()],
      );
      const out: Array<{ sub: (typeof due)[number]; postIds: number[]; upTo: string }> = [];
      for (const sub of due) {
        const posts = await tx.query<{ post_id: number; seq: string }>(
          `SELECT post_id, seq FROM alert_list_posts WHERE list_key = $1 AND seq > $2 ORDER BY seq`,
          [(sub as unknown as { list_key: string }).list_key, sub.sent_seq],
        );
        if (!posts.length) {
          // Its posts were deleted since: nothing to send, up to date.
          await tx.query('UPDATE alert_subscriptions SET sent_seq = $2 WHERE id = $1', [sub.id, sub.last_seq]);
          continue;
        }
        const upTo = posts[posts.length - 1].seq;
        await tx.query('UPDATE alert_subscriptions SET sent_seq = $2, last_sent_at = $3 WHERE id = $1', [sub.id, upTo, now.toISOString()]);
        out.push({ sub, postIds: posts.map((p) => p.post_id), upTo });
      }
      return { out, taken: due.length };
    });
    for (const { sub, postIds, upTo } of batch.out) {
      try {
        const { rows } = await findPostsByIds(db, postIds);
        const posts = rows.map((row) => presentPostAt(sub.origin, row)).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
        if (!posts.length) continue;
        const { title } = await feedTitle(db, filterOfList(sub.list), sub.list.search, sub.lang);
        await mailer.send(alertMail({ to: sub.email, lang: sub.lang, listTitle: title, origin: sub.origin, posts, token: sub.token, manageToken: sub.manage_token }));
        sent += 1;
      } catch (err) {
        // Not sent: the posts wait for the next run (unless the alert moved on meanwhile).
        await db.query('UPDATE alert_subscriptions SET sent_seq = $2 WHERE id = $1 AND sent_seq = $3', [sub.id, sub.sent_seq, upTo]);
        throw err;
      }
    }
    if (batch.taken < SEND_BATCH) break;
  }
  // A list whose every alert has all its posts is not looked at again until it has a new one.
  await db.query(
    `UPDATE alert_lists l SET pending = false
      WHERE l.pending AND NOT EXISTS (SELECT 1 FROM alert_subscriptions s WHERE s.list_key = l.list_key AND s.confirmed_at IS NOT NULL AND s.sent_seq < l.last_seq)`,
  );
  return sent;
}

/** One run of the alerts job: match what was published, send what is due. */
export async function runAlerts(db: Db, mailer: Mailer, now = new Date(), stop?: AbortSignal): Promise<{ matched: number; sent: number }> {
  const matched = await matchQueuedPosts(db);
  const sent = await sendDueAlerts(db, mailer, now, stop);
  return { matched, sent };
}
