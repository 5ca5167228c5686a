import type { Queryable } from '../../db/db';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import { POST_JOINS, postColumns, type PostRow } from '../posts/post-sql';
import { containsPattern, SqlParams } from '../posts/sql';

export interface Reader {
  userId: number;
  isStaff: boolean;
}

/** A bookmark with its post, as postColumns() reads it. */
export interface BookmarkRow extends PostRow {
  bm_id: number;
  bm_notes: string;
  bm_created_at: Date;
  bm_updated_at: Date;
}

const SUMMARY = 'id, post_id AS post, notes, created_at, updated_at';

/**
 * The reader's bookmarks whose posts the reader may still see: a post that went back to draft
 * is hidden like the post itself (unless it is the reader's own, or the reader is staff).
 */
function visibleTo(reader: Reader, params: SqlParams): string {
  const me = params.add(reader.userId);
  const visibility = reader.isStaff ? '' : ` AND (p.status <> 'draft' OR p.author_id = ${me})`;
  return `b.user_id = ${me}${visibility}`;
}

/** Creates the reader's bookmark of a post unless there is one; says which happened. */
export async function saveBookmark(
  db: Queryable,
  userId: number,
  postId: number,
  notes: string,
): Promise<{ created: boolean; bookmark: Schemas['BookmarkSummary'] }> {
  const [created] = await db.query<Schemas['BookmarkSummary']>(
    `INSERT INTO bookmarks (user_id, post_id, notes) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, post_id) DO NOTHING
     RETURNING ${SUMMARY}`,
    [userId, postId, notes],
  );
  if (created) return { created: true, bookmark: created };
  const [existing] = await db.query<Schemas['BookmarkSummary']>(
    `SELECT ${SUMMARY} FROM bookmarks WHERE user_id = $1 AND post_id = $2`,
    [userId, postId],
  );
  return { created: false, bookmark: existing };
}

/** A page of the reader's bookmarks, newest first, optionally only those whose note or post title has the text. */
export async function findBookmarkPage(
  db: Queryable,
  reader: Reader,
  search: string | undefined,
  page: PageRequest,
): Promise<{ count: number; rows: BookmarkRow[] }> {
  const params = new SqlParams();
  const where = [visibleTo(reader, params)];
  if (search) {
    const pattern = params.add(containsPattern(search));
    where.push(`(normalize_arabic(b.notes) LIKE ${pattern} OR normalize_arabic(p.title) LIKE ${pattern}
                 OR normalize_arabic(p.title_ar) LIKE ${pattern})`);
  }
  const whereSql = where.join(' AND ');
  const rows = await db.query<BookmarkRow & { total: number }>(
    `SELECT c.total, x.*
       FROM (SELECT (SELECT count(*) FROM bookmarks b JOIN posts p ON p.id = b.post_id WHERE ${whereSql}) AS total) c
       LEFT JOIN LATERAL (
         SELECT b.id AS bm_id, b.notes AS bm_notes, b.created_at AS bm_created_at, b.updated_at AS bm_updated_at,
                ${postColumns(params.add(reader.userId))}
           FROM (SELECT b.id FROM bookmarks b JOIN posts p ON p.id = b.post_id
                  WHERE ${whereSql}
                  ORDER BY b.created_at DESC, b.id DESC
                  LIMIT ${params.add(page.pageSize)} OFFSET ${params.add(page.offset)}) k
           JOIN bookmarks b ON b.id = k.id
           JOIN posts p ON p.id = b.post_id
           ${POST_JOINS}
       ) x ON true
      ORDER BY x.bm_created_at DESC, x.bm_id DESC`,
    params.values,
  );
  return { count: Number(rows[0]?.total ?? 0), rows: rows[0]?.bm_id == null ? [] : rows };
}

/** One of the reader's bookmarks with its post. */
export async function findBookmark(db: Queryable, reader: Reader, id: number): Promise<BookmarkRow | undefined> {
  const params = new SqlParams();
  const where = visibleTo(reader, params);
  const [row] = await db.query<BookmarkRow>(
    `SELECT b.id AS bm_id, b.notes AS bm_notes, b.created_at AS bm_created_at, b.updated_at AS bm_updated_at,
            ${postColumns(params.add(reader.userId))}
       FROM bookmarks b
       JOIN posts p ON p.id = b.post_id
       ${POST_JOINS}
      WHERE b.id = ${params.add(id)} AND ${where}`,
    params.values,
  );
  return row;
}

/** Changes the note of one of the reader's bookmarks; false when there is no such bookmark. */
export async function updateNotes(db: Queryable, reader: Reader, id: number, notes: string): Promise<boolean> {
  const params = new SqlParams();
  const rows = await db.query(
    `UPDATE bookmarks b SET notes = ${params.add(notes)}, updated_at = now()
       FROM posts p
      WHERE p.id = b.post_id AND b.id = ${params.add(id)} AND ${visibleTo(reader, params)}
      RETURNING b.id`,
    params.values,
  );
  return rows.length > 0;
}

/** Removes one of the reader's bookmarks; false when there is no such bookmark. */
export async function deleteBookmark(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM bookmarks WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}
