import { hashtagIdentity, stripHash } from '../../../shared/hashtags';
import type { Db, Queryable } from '../../db/db';
import { HttpError, invalid, notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { Lang } from '../../i18n';
import type { AuthContext } from '../auth/context';
import { newOpaqueToken } from '../auth/tokens';
import { feedTitle } from '../feeds/describe';
import { postFilterFromQuery } from '../posts/filters';
import { postSearchOf } from '../posts/search-index';

export type AlertList = Schemas['AlertList'];
export type AlertSubscription = Schemas['AlertSubscription'];
export type Frequency = Schemas['AlertFrequency'];

export interface SubscriptionRow {
  id: number;
  email: string;
  user_id: number | null;
  list: AlertList;
  frequency: Frequency;
  lang: Lang;
  origin: string;
  token: string;
  confirm_token: string | null;
  confirmed_at: Date | null;
  created_at: Date;
}

const ROW = `SELECT s.id, s.email, s.user_id, l.list, s.frequency, s.lang, s.origin, s.token, s.confirm_token, s.confirmed_at, s.created_at
  FROM alert_subscriptions s JOIN alert_lists l ON l.list_key = s.list_key`;

/**
 * Where an alert confirmed now starts: after the posts its list already has — the list's
 * last_seq, not its newest row, which retention may have deleted (retention.ts).
 */
const START_SEQ = `(SELECT last_seq FROM alert_lists WHERE list_key = $1)`;

/** The list with its values trimmed and written one way, empty ones left out: two ways of asking for one list are one alert. */
export function canonicalList(list: AlertList): AlertList {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(list).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') continue;
    if (key === 'hashtag') out.hashtag = stripHash(String(text));
    else if (key === 'organization_code') out.organization_code = String(text).toUpperCase();
    else out[key] = text;
  }
  return out;
}

/** The list as listPosts' filter (published posts only), checked like a list's query is. */
export const filterOfList = (list: AlertList) => ({ ...postFilterFromQuery(list, null), status: 'published' as const });

/**
 * The one condition of a list that new posts are looked up by (deliver.ts): the most selective it
 * has, as a post carries it — its organization, a hashtag, its author, a subcategory, a category
 * or its type; for a search with none of those, the word of the search in the fewest posts
 * (searchKeyOf). Names are resolved to ids here; a name that does not exist is refused. Only a
 * list with no condition a post can be looked up by (everything, or words left out only) is
 * 'all', which every new post is checked against.
 */
export async function matchKeyOf(db: Queryable, list: AlertList): Promise<string> {
  const one = async (sql: string, value: unknown) => (await db.query<{ id: number }>(sql, [value]))[0]?.id;
  const unknown = (field: string) => invalid({ [`list.${field}`]: ['alertUnknownList'] });
  if (list.organization !== undefined) return `org:${list.organization}`;
  if (list.organization_code) {
    const id = await one('SELECT id FROM organizations WHERE upper(code) = $1', list.organization_code);
    if (id === undefined) throw unknown('organization_code');
    return `org:${id}`;
  }
  if (list.hashtag) {
    // As listPosts finds it: by its slug, else by its name in any written form.
    const [tag] = await db.query<{ id: number }>(
      'SELECT id FROM hashtags WHERE slug = $1 OR name_normalized = $2 ORDER BY (slug = $1) DESC, id LIMIT 1',
      [list.hashtag, hashtagIdentity(list.hashtag)],
    );
    if (!tag) throw unknown('hashtag');
    return `tag:${tag.id}`;
  }
  if (list.author) return `author:${list.author.toLowerCase()}`;
  if (list.subcategory) return `sub:${list.subcategory}`;
  if (list.category) return `cat:${list.category}`;
  if (list.type_id !== undefined) return `type:${list.type_id}`;
  if (list.type) {
    const id = await one('SELECT id FROM post_types WHERE lower(name) = lower($1) OR normalize_arabic(name_ar) = normalize_arabic($1)', list.type);
    if (id === undefined) throw unknown('type');
    return `type:${id}`;
  }
  return (list.search && (await searchKeyOf(db, list.search))) || 'all';
}

/**
 * A search's key: `term:` and the index's term of the word it must find that the fewest
 * published posts hold now (term_counts), among the words with one form in the index (a post
 * holds that term, or the search cannot find it). Undefined when no word qualifies.
 */
export async function searchKeyOf(db: Queryable, search: string): Promise<string | undefined> {
  const parsed = postSearchOf(search);
  const terms = [...new Set((parsed?.words ?? []).filter((forms) => forms.length === 1).map(([term]) => term))];
  if (!terms.length) return undefined;
  const [rarest] = await db.query<{ term: string }>(
    `SELECT t.term FROM unnest($1::text[]) AS t(term) LEFT JOIN term_counts c ON c.term = t.term ORDER BY coalesce(c.n, 0), t.term LIMIT 1`,
    [terms],
  );
  return `term:${rarest.term}`;
}

/** The condition of a list that matchKeyOf looks its posts up by (none: a search, or everything). */
export function keyFieldOf(list: AlertList): keyof AlertList | undefined {
  return KEY_FIELDS.find((field) => list[field] !== undefined && list[field] !== '');
}
const KEY_FIELDS = ['organization', 'organization_code', 'hashtag', 'author', 'subcategory', 'category', 'type_id', 'type'] as const;

/**
 * Lists' keys made again where they may be stale: a hashtag's kept by its name (before its id:
 * an alert from a tag's page, by its slug, found no post) at every start; with `searches`, after
 * the search index was rebuilt by another analyzer (server.ts), the search lists' too (a key of
 * the old analyzer's terms would find no new post). A list whose tag is gone keeps its key.
 * Returns how many changed.
 */
export async function rekeyLists(db: Queryable, { searches = false } = {}): Promise<number> {
  const lists = await db.query<{ list_key: string; list: AlertList; match_key: string }>(
    `SELECT list_key, list, match_key FROM alert_lists
      WHERE (match_key LIKE 'tag:%' AND match_key !~ '^tag:[0-9]+$')
         OR ($1 AND list ? 'search' AND (match_key = 'all' OR match_key LIKE 'term:%'))`,
    [searches],
  );
  let changed = 0;
  for (const { list_key, list, match_key } of lists) {
    const key = await matchKeyOf(db, list).catch(() => match_key);
    if (key === match_key) continue;
    await db.query('UPDATE alert_lists SET match_key = $2 WHERE list_key = $1', [list_key, key]);
    changed++;
  }
  return changed;
}

/** The list's Atom feed, entries in `lang`. */
export function feedUrlOf(origin: string, list: AlertList, lang: Lang): string {
  const params = new URLSearchParams(Object.entries(list).map(([k, v]) => [k, String(v)]));
  params.set('lang', lang);
  return `${origin}/api/v1/feeds/posts.atom?${params.toString()}`;
}

export async function presentSubscription(db: Queryable, row: SubscriptionRow): Promise<AlertSubscription> {
  const { title } = await feedTitle(db, filterOfList(row.list), row.list.search, row.lang);
  return {
    id: row.id,
    email: row.email,
    list: row.list,
    title,
    frequency: row.frequency,
    lang: row.lang,
    confirmed: row.confirmed_at !== null,
    created_at: new Date(row.created_at).toISOString(),
    feed_url: feedUrlOf(row.origin, row.list, row.lang),
  };
}

/** The address's manage token, made with the address's first alert. */
async function addressToken(db: Queryable, email: string): Promise<string> {
  const [row] = await db.query<{ manage_token: string }>(
    `INSERT INTO alert_addresses (email, manage_token) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING manage_token`,
    [email, newOpaqueToken()],
  );
  return row.manage_token;
}

export interface NewAlert {
  email?: string;
  list: AlertList;
  frequency: Frequency;
  lang: Lang;
}

export type Subscribed =
  | { kind: 'subscribed'; subscription: AlertSubscription }
  | { kind: 'confirm'; email: string; confirmToken: string | null; manageToken: string; row: SubscriptionRow };

/**
 * A signed-in reader's alert is confirmed at once, on their account's address; a visitor's
 * waits for its confirmation link (double opt-in). The same list again changes the alert's
 * frequency and language — a visitor's only while it is unconfirmed (nobody changes the alerts
 * of an address they do not hold); a confirmed one is left as it is and its address is told.
 */
export async function subscribe(db: Db, auth: AuthContext | null, input: NewAlert, origin: string): Promise<Subscribed> {
  const list = canonicalList(input.list);
  filterOfList(list);
  const matchKey = await matchKeyOf(db, list);
  const listKey = JSON.stringify(list);
  // The list's row locked until the alert is saved: retention, which deletes a list nobody
  // follows, skips it meanwhile (or, having taken it first, deletes it before it is made again).
  const keepList = (tx: Queryable) =>
    tx.query(
      `INSERT INTO alert_lists (list_key, list, match_key) VALUES ($1, $2, $3) ON CONFLICT (list_key) DO UPDATE SET list = alert_lists.list`,
      [listKey, JSON.stringify(list), matchKey],
    );
  if (auth) {
    const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [auth.userId]);
    const email = user.email.trim().toLowerCase();
    const row = await db.transaction(async (tx) => {
      await addressToken(tx, email);
      await keepList(tx);
      const [saved] = await tx.query<SubscriptionRow>(
        `INSERT INTO alert_subscriptions (list_key, email, user_id, frequency, lang, origin, token, confirmed_at, sent_seq)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now(), ${START_SEQ})
         ON CONFLICT (email, list_key) DO UPDATE SET user_id = EXCLUDED.user_id, frequency = EXCLUDED.frequency, lang = EXCLUDED.lang,
           origin = EXCLUDED.origin, confirm_token = NULL,
           sent_seq = CASE WHEN alert_subscriptions.confirmed_at IS NULL THEN EXCLUDED.sent_seq ELSE alert_subscriptions.sent_seq END,
           confirmed_at = coalesce(alert_subscriptions.confirmed_at, now())
         RETURNING id`,
        [listKey, email, auth.userId, input.frequency, input.lang, origin, newOpaqueToken()],
      );
      return saved;
    });
    return { kind: 'subscribed', subscription: await presentSubscription(db, await rowById(db, row.id)) };
  }
  const email = input.email?.trim().toLowerCase();
  if (!email) throw invalid({ email: ['alertEmailNeeded'] });
  return db.transaction(async (tx) => {
    const manageToken = await addressToken(tx, email);
    await keepList(tx);
    const [saved] = await tx.query<{ id: number }>(
      `INSERT INTO alert_subscriptions (email, list_key, frequency, lang, origin, token, confirm_token)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (email, list_key) DO UPDATE SET
         frequency = CASE WHEN alert_subscriptions.confirmed_at IS NULL THEN EXCLUDED.frequency ELSE alert_subscriptions.frequency END,
         lang = CASE WHEN alert_subscriptions.confirmed_at IS NULL THEN EXCLUDED.lang ELSE alert_subscriptions.lang END,
         confirm_token = CASE WHEN alert_subscriptions.confirmed_at IS NULL THEN EXCLUDED.confirm_token END,
         -- Asked for again, an unconfirmed alert has its confirmation time again (retention.ts).
         created_at = CASE WHEN alert_subscriptions.confirmed_at IS NULL THEN now() ELSE alert_subscriptions.created_at END
       RETURNING id`,
      [email, listKey, input.frequency, input.lang, origin, newOpaqueToken(), newOpaqueToken()],
    );
    const row = await rowById(tx, saved.id);
    return { kind: 'confirm', email, confirmToken: row.confirm_token, manageToken, row };
  });
}

async function rowById(db: Queryable, id: number): Promise<SubscriptionRow> {
  const [row] = await db.query<SubscriptionRow>(`${ROW} WHERE s.id = $1`, [id]);
  return row;
}

/** Whose alerts a request may see and change: a signed-in reader's address, or the address a manage token names. */
export async function ownerOf(db: Queryable, auth: AuthContext | null, token: string | undefined): Promise<{ email: string; userId: number | null }> {
  if (token) {
    const [address] = await db.query<{ email: string }>('SELECT email FROM alert_addresses WHERE manage_token = $1', [token]);
    if (!address) throw new HttpError(404, 'alertTokenInvalid');
    return { email: address.email, userId: null };
  }
  if (!auth) throw new HttpError(401, 'alertSignInOrToken');
  const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [auth.userId]);
  return { email: user.email.trim().toLowerCase(), userId: auth.userId };
}

const OWNED = `(email = $1 OR user_id = $2)`;
const OWNED_S = `(s.email = $1 OR s.user_id = $2)`;

export async function listSubscriptions(db: Queryable, owner: { email: string; userId: number | null }): Promise<AlertSubscription[]> {
  const rows = await db.query<SubscriptionRow>(`${ROW} WHERE ${OWNED_S} ORDER BY s.created_at DESC, s.id DESC`, [owner.email, owner.userId ?? 0]);
  return Promise.all(rows.map((row) => presentSubscription(db, row)));
}

export async function changeSubscription(
  db: Queryable,
  owner: { email: string; userId: number | null },
  id: number,
  change: Schemas['AlertSubscriptionChange'],
): Promise<AlertSubscription> {
  const [row] = await db.query<{ id: number }>(
    `UPDATE alert_subscriptions SET frequency = coalesce($3, frequency), lang = coalesce($4, lang) WHERE id = $5 AND ${OWNED} RETURNING id`,
    [owner.email, owner.userId ?? 0, change.frequency ?? null, change.lang ?? null, id],
  );
  if (!row) throw notFound('alertNotFound');
  return presentSubscription(db, await rowById(db, id));
}

export async function deleteSubscription(db: Queryable, owner: { email: string; userId: number | null }, id: number): Promise<void> {
  const gone = await db.query(`DELETE FROM alert_subscriptions WHERE id = $3 AND ${OWNED} RETURNING id`, [owner.email, owner.userId ?? 0, id]);
  if (!gone.length) throw notFound('alertNotFound');
}

/** The double opt-in's second step: from now on the alert's posts are sent. */
export async function confirmSubscription(db: Queryable, token: string): Promise<Schemas['AlertConfirmation']> {
  const [row] = await db.query<{ id: number }>(
    `UPDATE alert_subscriptions SET confirmed_at = now(), confirm_token = NULL,
            sent_seq = (SELECT l.last_seq FROM alert_lists l WHERE l.list_key = alert_subscriptions.list_key)
      WHERE confirm_token = $1 RETURNING id`,
    [token],
  );
  if (!row) throw new HttpError(404, 'alertTokenInvalid');
  const subscription = await rowById(db, row.id);
  const [address] = await db.query<{ manage_token: string }>('SELECT manage_token FROM alert_addresses WHERE email = $1', [subscription.email]);
  return { subscription: await presentSubscription(db, subscription), manage_token: address.manage_token };
}

/** One-click unsubscribe (RFC 8058): the same answer for an alert already stopped. */
export async function unsubscribe(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM alert_subscriptions WHERE token = $1', [token]);
}

/**
 * Alerts whose last send failed (deliver.ts, sendDueAlerts), for staff: those still retrying
 * first, by their next try, then those marked failed. Few, and found by a partial index.
 */
export async function listUndelivered(db: Queryable, page: { offset: number; pageSize: number }): Promise<{ count: number; results: Schemas['UndeliveredAlert'][] }> {
  const rows = await db.query<SubscriptionRow & { attempts: number; next_attempt_at: Date | null; last_error: string | null; failed_at: Date | null; posts_waiting: number; total: number }>(
    `SELECT s.id, s.email, s.user_id, l.list, s.frequency, s.lang, s.origin, s.token, s.confirm_token, s.confirmed_at, s.created_at,
            s.attempts, s.next_attempt_at, s.last_error, s.failed_at,
            (SELECT count(*)::int FROM alert_list_posts p WHERE p.list_key = s.list_key AND p.seq > s.sent_seq) AS posts_waiting,
            count(*) OVER ()::int AS total
       FROM alert_subscriptions s JOIN alert_lists l ON l.list_key = s.list_key
      WHERE s.attempts > 0
      ORDER BY s.failed_at IS NOT NULL, s.next_attempt_at, s.id
      LIMIT $1 OFFSET $2`,
    [page.pageSize, page.offset],
  );
  const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
  const results = await Promise.all(
    rows.map(async (row) => ({
      subscription: await presentSubscription(db, row),
      attempts: row.attempts,
      next_attempt_at: iso(row.next_attempt_at),
      last_error: row.last_error,
      failed: row.failed_at !== null,
      failed_at: iso(row.failed_at),
      posts_waiting: row.posts_waiting,
    })),
  );
  return { count: rows[0]?.total ?? 0, results };
}
