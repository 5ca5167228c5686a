import { hashtagIdentity } from '../../../shared/hashtags';
import type { Db, Queryable } from '../../db/db';
import type { Mailer } from '../auth/mailer';
import { feedTitle } from '../feeds/describe';
import { presentPostAt } from '../posts/present';
import { findPostsByIds, postsInList } from '../posts/repository';
import { alertMail } from './alert-mail';
import { filterOfList, type AlertList, type SubscriptionRow } from './subscriptions';

/** Posts matched at a time (each run of the job takes as many batches as are queued). */
const MATCH_BATCH = 200;
/** Alerts sent at a time. */
const SEND_BATCH = 50;

const DIGEST_INTERVAL = { daily: '1 day', weekly: '7 days' } as const;

/**
 * What a post is looked up by: the keys an alert's list can require (subscriptions.ts,
 * matchKeyOf) that this post has, and 'all'.
 */
async function keysOfPosts(db: Queryable, ids: number[]): Promise<Map<number, string[]>> {
  const rows = await db.query<{ id: number; organization_id: number | null; type_id: number; author: string; categories: string[]; subcategories: string[]; hashtags: string[] }>(
    `SELECT p.id, p.organization_id, p.type_id, lower(u.username) AS author,
            ARRAY(SELECT c.slug FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id) AS categories,
            ARRAY(SELECT s.slug FROM post_subcategories ps JOIN subcategories s ON s.id = ps.subcategory_id WHERE ps.post_id = p.id) AS subcategories,
            ARRAY(SELECT h.name FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id WHERE ph.post_id = p.id) AS hashtags
       FROM posts p JOIN users u ON u.id = p.author_id
      WHERE p.id = ANY($1::int[]) AND p.status = 'published'`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      [
        'all',
        `type:${r.type_id}`,
        `author:${r.author}`,
        ...(r.organization_id === null ? [] : [`org:${r.organization_id}`]),
        ...r.categories.map((c) => `cat:${c}`),
        ...r.subcategories.map((s) => `sub:${s}`),
        ...r.hashtags.map((h) => `tag:${hashtagIdentity(h)}`),
      ],
    ]),
  );
}

/** A list whose one condition is the key it is looked up by (an organization, a hashtag…). */
function keyOnly(list: AlertList): boolean {
  const given = Object.keys(list);
  return given.length === 1 && ['organization', 'hashtag', 'author', 'subcategory', 'category', 'type_id'].includes(given[0]);
}

/**
 * Matches posts queued at publication (migration 013's trigger) to confirmed alerts: a post
 * reads only the alerts of its own keys (an index on match_key), each distinct list is checked
 * once in SQL (postsInList; not at all when the list is its key alone), and its alerts get the
 * post in one statement — so the cost follows the lists a post may be in and the alerts it
 * reaches, not how many alerts there are. Several processes share the queue (SKIP LOCKED); a delivery is
 * recorded once (its key). Returns how many posts were matched.
 */
export async function matchQueuedPosts(db: Db): Promise<number> {
  let matched = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const queued = await tx.query<{ post_id: number; queued_at: Date }>(
        `DELETE FROM alert_queue WHERE post_id IN (SELECT post_id FROM alert_queue ORDER BY queued_at, post_id LIMIT ${MATCH_BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING post_id, queued_at`,
      );
      if (!queued.length) return 0;
      const keys = await keysOfPosts(tx, queued.map((q) => q.post_id));
      const allKeys = [...new Set([...keys.values()].flat())];
      // The lists of the alerts these posts may be in, each once however many follow it.
      const lists = await tx.query<{ list_key: string; list: AlertList; match_key: string }>(
        `SELECT DISTINCT ON (list_key) list_key, list, match_key FROM alert_subscriptions
          WHERE confirmed_at IS NOT NULL AND match_key = ANY($1::text[]) ORDER BY list_key`,
        [allKeys],
      );
      for (const { list_key, list, match_key } of lists) {
        const withKey = queued.filter((q) => keys.get(q.post_id)?.includes(match_key));
        // A list that is its key alone holds every post with the key; another is checked whole.
        const inList = keyOnly(list) ? withKey : await (async () => {
          const found = await postsInList(tx, filterOfList(list), withKey.map((q) => q.post_id));
          return withKey.filter((q) => found.has(q.post_id));
        })();
        if (!inList.length) continue;
        // Each alert of the list gets the posts queued since it was confirmed: an alert starts with the posts after it.
        await tx.query(
          `INSERT INTO alert_deliveries (subscription_id, post_id)
           SELECT s.id, q.post_id FROM alert_subscriptions s, unnest($2::int[], $3::timestamptz[]) AS q(post_id, queued_at)
            WHERE s.list_key = $1 AND s.confirmed_at IS NOT NULL AND s.confirmed_at <= q.queued_at
           ON CONFLICT DO NOTHING`,
          [list_key, inList.map((q) => q.post_id), inList.map((q) => new Date(q.queued_at).toISOString())],
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
 * since the last. A delivery is marked sent, in the transaction that takes the alert (SKIP
 * LOCKED: another process takes other alerts), before its message goes: a post is never sent
 * twice, and a message that could not go has its deliveries taken back to be sent next time.
 * Returns the number of messages sent.
 */
export async function sendDueAlerts(db: Db, mailer: Mailer, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx.query<SubscriptionRow & { manage_token: string }>(
        `SELECT s.id, s.email, s.user_id, s.list, s.frequency, s.lang, s.origin, s.token, s.confirm_token, s.confirmed_at, s.created_at, a.manage_token
           FROM alert_subscriptions s JOIN alert_addresses a ON a.email = s.email
          WHERE s.id IN (SELECT d.subscription_id FROM alert_deliveries d WHERE d.sent_at IS NULL)
            AND s.confirmed_at IS NOT NULL
            AND (s.frequency = 'immediate' OR s.last_sent_at IS NULL
                 OR s.last_sent_at <= $1::timestamptz - (CASE s.frequency WHEN 'daily' THEN interval '${DIGEST_INTERVAL.daily}' ELSE interval '${DIGEST_INTERVAL.weekly}' END))
          ORDER BY s.id LIMIT ${SEND_BATCH}
          FOR UPDATE OF s SKIP LOCKED`,
        [now.toISOString()],
      );
      const out: Array<{ sub: SubscriptionRow & { manage_token: string }; postIds: number[] }> = [];
      for (const sub of due) {
        const rows = await tx.query<{ post_id: number }>(
          `UPDATE alert_deliveries SET sent_at = $2 WHERE subscription_id = $1 AND sent_at IS NULL RETURNING post_id`,
          [sub.id, now.toISOString()],
        );
        await tx.query('UPDATE alert_subscriptions SET last_sent_at = $2 WHERE id = $1', [sub.id, now.toISOString()]);
        out.push({ sub, postIds: rows.map((r) => r.post_id) });
      }
      return out;
    });
    for (const { sub, postIds } of batch) {
      try {
        const { rows } = await findPostsByIds(db, postIds);
        const posts = rows.map((row) => presentPostAt(sub.origin, row)).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''));
        if (!posts.length) continue;
        const { title } = await feedTitle(db, filterOfList(sub.list), sub.list.search, sub.lang);
        await mailer.send(alertMail({ to: sub.email, lang: sub.lang, listTitle: title, origin: sub.origin, posts, token: sub.token, manageToken: sub.manage_token }));
        sent += 1;
      } catch (err) {
        // Not sent: the posts wait for the next run.
        await db.query(`UPDATE alert_deliveries SET sent_at = NULL WHERE subscription_id = $1 AND post_id = ANY($2::int[])`, [sub.id, postIds]);
        throw err;
      }
    }
    if (batch.length < SEND_BATCH) return sent;
  }
}

/** One run of the alerts job: match what was published, send what is due. */
export async function runAlerts(db: Db, mailer: Mailer, now = new Date()): Promise<{ matched: number; sent: number }> {
  const matched = await matchQueuedPosts(db);
  const sent = await sendDueAlerts(db, mailer, now);
  return { matched, sent };
}
