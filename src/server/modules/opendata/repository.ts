/** The open data's SQL: the published versions read in batches, and the days' claims (opendata_exports). */
import type { Db, Queryable } from '../../db/db';
import type { FileFacts } from './manifest';

/** A signed version of a post readers may see, as the export writes it. */
export interface ExportRow {
  post_id: number;
  slug: string;
  version: number;
  kind: string;
  note: string;
  note_ar: string;
  created_at: Date;
  signed_payload: string;
  digest: string;
  kid: string;
  signature: string;
  signed_at: Date;
}

/** Where a batch ends: the next one starts after it. */
export interface RowKey {
  post_id: number;
  version: number;
}

/**
 * The versions of the export, by the day's rule: signed before the cutoff, of a post readers
 * may see (published or withdrawn: the versions' pages answer for those), as the API serves them.
 */
const EXPORTED = `v.signature IS NOT NULL AND v.signed_at < $1 AND p.status <> 'draft'`;

/** The next `limit` versions after `after`, in (post, version) order: a keyset over the versions' primary key, never an OFFSET. */
export function versionsAfter(db: Queryable, cutoff: Date, after: RowKey, limit: number): Promise<ExportRow[]> {
  return db.query<ExportRow>(
    `SELECT v.post_id, p.slug, v.version, v.kind, v.note, v.note_ar, v.created_at, v.signed_payload, v.digest, v.kid, v.signature, v.signed_at
       FROM post_versions v JOIN posts p ON p.id = v.post_id
      WHERE ${EXPORTED} AND (v.post_id, v.version) > ($2, $3)
      ORDER BY v.post_id, v.version LIMIT $4`,
    [cutoff, after.post_id, after.version, limit],
    { prepare: true },
  );
}

/** How many versions the export of that cutoff holds (a recount, for checks). */
export async function countExported(db: Queryable, cutoff: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM post_versions v JOIN posts p ON p.id = v.post_id WHERE ${EXPORTED}`, [cutoff]);
  return row.n;
}

/** A day's row. */
export interface DayRow {
  day: string;
  state: 'running' | 'done';
  cutoff: Date;
  claimed_by: string;
  finished_at: Date | null;
  files: FileFacts[] | null;
}

const DAY_COLUMNS = `to_char(day, 'YYYY-MM-DD') AS day, state, cutoff, claimed_by, finished_at, files`;

export async function findDay(db: Queryable, day: string): Promise<DayRow | undefined> {
  const [row] = await db.query<DayRow>(`SELECT ${DAY_COLUMNS} FROM opendata_exports WHERE day = $1`, [day]);
  return row;
}

/** The latest finished day, if any. */
export async function latestDone(db: Queryable): Promise<DayRow | undefined> {
  const [row] = await db.query<DayRow>(`SELECT ${DAY_COLUMNS} FROM opendata_exports WHERE state = 'done' ORDER BY day DESC LIMIT 1`);
  return row;
}

/**
 * The day claimed for `by`, unless it is done or another process holds it (its last beat within
 * `staleSeconds`): one statement, so that of processes claiming at once exactly one gets it
 * (the others wait for its row, then find it fresh). `redo` takes a finished day again (an
 * operator's new export of the day). The cutoff is the claim's time: the versions signed by then.
 */
export async function claimDay(db: Queryable, day: string, by: string, staleSeconds: number, redo = false): Promise<DayRow | undefined> {
  const [row] = await db.query<DayRow>(
    `INSERT INTO opendata_exports AS e (day, state, cutoff, claimed_by, heartbeat_at, started_at)
     VALUES ($1, 'running', now(), $2, now(), now())
     ON CONFLICT (day) DO UPDATE SET state = 'running', cutoff = now(), claimed_by = $2, heartbeat_at = now(), started_at = now(), finished_at = NULL, files = NULL
      WHERE (e.state = 'running' AND e.heartbeat_at < now() - make_interval(secs => $3)) OR (e.state = 'done' AND $4::boolean)
     RETURNING ${DAY_COLUMNS}`,
    [day, by, staleSeconds, redo],
  );
  return row;
}

/** The claim kept alive; false when it is no longer `by`'s (taken over, or the row gone). */
export async function beat(db: Queryable, day: string, by: string): Promise<boolean> {
  const rows = await db.query(`UPDATE opendata_exports SET heartbeat_at = now() WHERE day = $1 AND claimed_by = $2 AND state = 'running' RETURNING 1`, [day, by]);
  return rows.length > 0;
}

/** The day done with these files, if `by` still holds it: when it finished, else undefined. */
export async function finishDay(db: Queryable, day: string, by: string, files: FileFacts[]): Promise<Date | undefined> {
  const [row] = await db.query<{ finished_at: Date }>(
    `UPDATE opendata_exports SET state = 'done', finished_at = now(), files = $3::jsonb
      WHERE day = $1 AND claimed_by = $2 AND state = 'running' RETURNING finished_at`,
    [day, by, JSON.stringify(files)],
  );
  return row?.finished_at;
}

/** A claim given up (the process closing mid-export): the next process takes it at once rather than once it is stale. */
export async function releaseDay(db: Queryable, day: string, by: string): Promise<void> {
  await db.query(`UPDATE opendata_exports SET heartbeat_at = '-infinity' WHERE day = $1 AND claimed_by = $2 AND state = 'running'`, [day, by]);
}

/**
 * Retention: the rows of days older than the `keep` latest finished ones (their files are
 * deleted by every process from its own DATA_DIR). Returns how many went.
 */
export async function deleteOldDays(db: Db, keep: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM opendata_exports WHERE day < (SELECT day FROM opendata_exports WHERE state = 'done' ORDER BY day DESC OFFSET $1 LIMIT 1) RETURNING 1`,
    [keep - 1],
  );
  return rows.length;
}
