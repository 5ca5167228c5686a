import type { Db, Queryable } from './db/db';
import { VIEW_PERIOD_MS } from './modules/posts/views';

/**
 * Retention: every table that grows with use (views, sign-ins, alerts, rate limits) has a rule
 * for how long its rows are kept, applied by the scheduled work (server.ts, under the jobs'
 * lock) in batches of RETENTION_BATCH rows, each its own short statement, so that no run holds
 * a long lock or a long transaction. README's "Retention" says the same for operators.
 */

/** How long what operators may want to keep longer is kept (config.ts reads them from the environment). */
export interface RetentionRules {
  /** Days a session is kept after it ended (signed out, ended as stolen, or its last token expired): RETAIN_ENDED_SESSIONS_DAYS. */
  endedSessionDays: number;
  /** Days a visitor has to confirm an alert before it is dropped, and an address without alerts is kept: ALERT_CONFIRM_DAYS. */
  alertConfirmDays: number;
  /** A refresh token's lifetime (REFRESH_TOKEN_TTL): a session unused for that long has no live token left. */
  refreshTokenTtlSeconds: number;
}

/** Rows one statement deletes at most. */
export const RETENTION_BATCH = 1000;
/** Batches a run takes of one table at most: what is left waits for the next run. */
export const RETENTION_MAX_BATCHES = 50;
/** How often the rules are applied (the scheduled work itself runs every PUBLISH_POLL_MS). */
export const RETENTION_EVERY_MS = 60_000;

type Batch = (q: Db, rules: RetentionRules, limit: number) => Promise<number>;

/** Runs a DELETE … RETURNING 1 and answers how many rows went. */
async function counted(q: Queryable, deleteSql: string, params: unknown[]): Promise<number> {
  const [row] = await q.query<{ n: number }>(`WITH gone AS (${deleteSql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return row.n;
}

/**
 * A DELETE of at most $1 rows matching `where`, picked by their physical address (a TID scan,
 * whatever the planner knows of the table: a key IN (…) may be planned as a join that reads the
 * whole table) and checked again as they are deleted, so that a row a request changed meanwhile
 * (a view counted again, a window restarted, an alert confirmed) is kept.
 */
const batchOf = (table: string, where: string) =>
  `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT $1)) AND ${where}`;

/**
 * Rows picked for deletion by what no longer refers to them (a list nobody follows, an address
 * without alerts) are deleted in two statements: the rows are locked first (those a request is
 * writing are skipped), then deleted if, seen afresh, they still qualify. In one statement a
 * subscription added meanwhile would not be seen, and the delete would take it with it.
 */
async function lockedThenDeleted(db: Db, table: string, key: string, unreferenced: string, limit: number, params: unknown[] = []): Promise<number> {
  // `unreferenced` names its own parameters from $2: $1 is the limit, then the keys.
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ k: string }>(`SELECT t.${key} AS k FROM ${table} t WHERE ${unreferenced} LIMIT $1 FOR UPDATE OF t SKIP LOCKED`, [limit, ...params]);
    if (!rows.length) return 0;
    return counted(tx, `DELETE FROM ${table} t WHERE t.${key} = ANY($1) AND ${unreferenced}`, [rows.map((r) => r.k), ...params]);
  });
}

/**
 * The rules, in the order they run (an alert dropped before its list, a list's posts before the
 * list), each deleting at most `limit` rows a statement.
 */
export const RETENTION: Array<{ table: string; batch: Batch }> = [
  {
    table: 'post_views',
    // The row only says when the reader's last counted view was: once that is past the
    // counting period, a new view counts with or without it. The posts' counts are not touched.
    batch: (db, _rules, limit) =>
      counted(db, batchOf('post_views', 'viewed_at < now() - make_interval(secs => $2)'), [limit, VIEW_PERIOD_MS / 1000]),
  },
  {
    table: 'refresh_tokens',
    // An exchanged token is kept until it expires: presented again, it ends its session as stolen.
    batch: (db, _rules, limit) =>
      counted(db, batchOf('refresh_tokens', 'expires_at < now()'), [limit]),
  },
  {
    table: 'sessions',
    batch: (db, rules, limit) => {
      const ended = `(revoked_at < now() - make_interval(days => $2::int)
        OR (last_used < now() - make_interval(days => $2::int, secs => $3::float8)
            AND NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.session_id = sessions.id AND t.expires_at > now())))`;
      return counted(db, batchOf('sessions', ended), [
        limit,
        rules.endedSessionDays,
        rules.refreshTokenTtlSeconds,
      ]);
    },
  },
  {
    table: 'password_reset_tokens',
    batch: (db, _rules, limit) =>
      counted(db, batchOf('password_reset_tokens', '(used_at IS NOT NULL OR expires_at < now())'), [limit]),
  },
  {
    table: 'rate_limits',
    // A window that has ended counts nothing: the next attempt starts a new one either way.
    batch: (db, _rules, limit) =>
      counted(db, batchOf('rate_limits', 'window_ends < now()'), [limit]),
  },
  {
    table: 'term_counts',
    batch: (db, _rules, limit) => counted(db, batchOf('term_counts', 'n = 0'), [limit]),
  },
  {
    table: 'alert_subscriptions',
    batch: (db, rules, limit) => {
      const stale = `confirmed_at IS NULL AND created_at < now() - make_interval(days => $2::int)`;
      return counted(db, batchOf('alert_subscriptions', stale), [
        limit,
        rules.alertConfirmDays,
      ]);
    },
  },
  {
    table: 'alert_list_posts',
    // An alert is sent the posts of its list past its cursor (sent_seq); one confirmed later
    // starts at the list's last_seq. So a post every confirmed alert of its list is past, and
    // any post of a list no confirmed alert follows, is needed by nobody. The alerts' step of
    // the same run (before this one, under the same lock) has settled every cursor; a message
    // still in flight counts where its cursor was (sending_from: a crash gives it back).
    batch: (db, _rules, limit) =>
      counted(
        db,
        `DELETE FROM alert_list_posts WHERE ctid = ANY(ARRAY(
           SELECT p.ctid
             FROM alert_lists l
             JOIN alert_list_posts p ON p.list_key = l.list_key
              AND p.seq <= coalesce((SELECT min(least(s.sent_seq, s.sending_from)) FROM alert_subscriptions s WHERE s.list_key = l.list_key AND s.confirmed_at IS NOT NULL), l.last_seq)
            LIMIT $1))`,
        [limit],
      ),
  },
  {
    table: 'alert_lists',
    batch: (db, _rules, limit) =>
      lockedThenDeleted(db, 'alert_lists', 'list_key', 'NOT EXISTS (SELECT 1 FROM alert_subscriptions s WHERE s.list_key = t.list_key)', limit),
  },
  {
    table: 'alert_addresses',
    // Its manage link then says it is not valid, as for an address never seen.
    batch: (db, rules, limit) =>
      lockedThenDeleted(
        db,
        'alert_addresses',
        'email',
        'NOT EXISTS (SELECT 1 FROM alert_subscriptions s WHERE s.email = t.email) AND t.created_at < now() - make_interval(days => $2::int)',
        limit,
        [rules.alertConfirmDays],
      ),
  },
];

/** Rows deleted by one application of the rules, by table (tables where none went left out). */
export type RetentionResult = Record<string, number>;

/**
 * Applies every rule, each in batches until what it deletes is done or RETENTION_MAX_BATCHES
 * is reached. On the embedded database, which has no autovacuum, the tables rows went from are
 * vacuumed, so that their space is used again rather than the files growing.
 */
export async function applyRetention(db: Db, rules: RetentionRules, { batch = RETENTION_BATCH, stop }: { batch?: number; stop?: AbortSignal } = {}): Promise<RetentionResult> {
  const result: RetentionResult = {};
  for (const { table, batch: deleteSome } of RETENTION) {
    let total = 0;
    for (let i = 0; i < RETENTION_MAX_BATCHES && !stop?.aborted; i++) {
      const n = await deleteSome(db, rules, batch);
      total += n;
      if (n < batch) break;
    }
    if (total) result[table] = total;
  }
  if (db.kind === 'pglite') {
    for (const table of Object.keys(result)) await db.query(`VACUUM ${table}`);
  }
  return result;
}

/**
 * The retention step of the scheduled work: applies the rules when RETENTION_EVERY_MS has
 * passed since this process last did (the step runs every PUBLISH_POLL_MS; most runs skip it).
 */
export function retentionStep(db: Db, rules: RetentionRules, everyMs = RETENTION_EVERY_MS): (stop?: AbortSignal) => Promise<RetentionResult | null> {
  let last = -Infinity;
  return async (stop) => {
    if (Date.now() - last < everyMs) return null;
    last = Date.now();
    return applyRetention(db, rules, { stop });
  };
}

/** A table's size: rows (exact, or PostgreSQL's estimate for a large table) and bytes on disk, indexes and TOAST included. */
export interface TableSize {
  table: string;
  rows: number;
  bytes: number;
}

/** Below this estimate a table's rows are counted exactly (cheap); above, the estimate is given. */
export const EXACT_ROWS_BELOW = 10_000;

/** The size of every table of the application's schema, for /metrics. */
export async function tableSizes(db: Queryable): Promise<TableSize[]> {
  const tables = await db.query<{ table: string; estimate: number; bytes: number }>(
    `SELECT c.relname AS table, c.reltuples::float8 AS estimate, pg_total_relation_size(c.oid)::float8 AS bytes
       FROM pg_class c
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
      ORDER BY c.relname`,
  );
  // A table never analyzed (-1: just made, or on the embedded database, which has no
  // autovacuum) is counted too.
  const exact = tables.filter((t) => t.estimate < EXACT_ROWS_BELOW);
  const counts = new Map<string, number>();
  if (exact.length) {
    const rows = await db.query<{ table: string; n: number }>(
      exact.map((t) => `SELECT ${quoteLiteral(t.table)} AS table, count(*)::float8 AS n FROM ${quoteIdent(t.table)}`).join(' UNION ALL '),
    );
    for (const r of rows) counts.set(r.table, Number(r.n));
  }
  return tables.map((t) => ({ table: t.table, rows: counts.get(t.table) ?? Math.round(Number(t.estimate)), bytes: Number(t.bytes) }));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
