/**
 * Posts kept as answers show them (migration 010): the JSON of the contract's Post, relations
 * included, with neither what is read fresh for every request (the view count, the reader's
 * bookmark, a search's match) nor its closing brace, and its URLs at a stand-in for the origin.
 * A page of posts is then ten kept rows joined with what is fresh, instead of a statement of
 * subqueries, ten presentations and a serialization.
 *
 * A kept post is used only while its revision is the post's (read in the same statement); one
 * missing or out of date is built from the post, served, and kept for the next reader.
 */
import type { Db, Queryable } from '../../db/db';
import { closed, closeWith, openObject } from './json-splice';
import { DOC_FORMAT, KEPT_DOC_JOIN, type PostRow } from './post-sql';
import { presentPostAt } from './present';
import type { PostKey } from './repository';
import { findPostsByIds } from './repository';

/**
 * Stands for the origin in a kept post: characters of Unicode's private use area, which JSON
 * leaves as they are. A post whose own text holds one is not kept (it is built for each reader).
 */
const ORIGIN = '\uE000origin\uE001';
const PRIVATE = /[\uE000\uE001]/;

/** A post's kept JSON at `base`, without its fresh fields and closing brace. */
function openJson(row: PostRow, base: string): string {
  const { view_count: _v, is_bookmarked: _b, bookmark_id: _id, ...kept } = presentPostAt(base, row);
  return openObject(kept);
}

/** What is kept of a post, or null when its text holds the origin's stand-in. */
function keptDoc(row: PostRow): string | null {
  // The row's own text (its JSON columns included) must not hold the stand-in.
  if (PRIVATE.test(JSON.stringify(row))) return null;
  return openJson(row, ORIGIN);
}

/**
 * A post's whole public JSON (without its fresh fields) with its URLs at the origin's stand-in,
 * to be kept and served later at a reader's origin with atOrigin (a version of a post).
 */
export function originFreeJson(row: PostRow): string {
  // A post whose own text holds the stand-in keeps its URLs relative to the site instead.
  return closed(keptDoc(row) ?? openJson(row, ''));
}

/** JSON kept with originFreeJson, at an origin. */
export function atOrigin(json: string, base: string): string {
  return docAt(json, base);
}

/** A kept post at an origin (one a reader's request named: see baseUrl). */
function docAt(doc: string, base: string): string {
  return doc.replaceAll(ORIGIN, base);
}

/** A post's whole JSON: its kept part (at the reader's origin) and what is fresh, a match too. */
export function postJson(doc: string, key: PostKey, match?: unknown): string {
  return closeWith(doc, { view_count: key.view_count, is_bookmarked: key.bookmark_id !== null, bookmark_id: key.bookmark_id, match });
}

/** A kept post (at an origin) as the contract's Post without its fresh fields, to read from. */
export function parsedDoc<T>(doc: string): T {
  return JSON.parse(closed(doc)) as T;
}

interface DocRow {
  id: number;
  body: string | null;
}

/**
 * The posts of some keys as kept (each at `base`): what the keys' read brought (PostKey.doc), the
 * others read now; those not kept (or kept at an older revision) built now and kept. Posts
 * deleted meanwhile are missing.
 */
export async function docsOf(db: Db, keys: PostKey[], base: string): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unread: number[] = [];
  for (const key of keys) {
    if (typeof key.doc === 'string') out.set(key.id, docAt(key.doc, base));
    else if (key.doc === undefined) unread.push(key.id);
  }
  const missing = keys.filter((k) => k.doc === null).map((k) => k.id);
  if (unread.length) {
    const rows = await db.query<DocRow>(
      `SELECT p.id, d.body
         FROM posts p${KEPT_DOC_JOIN}
        WHERE p.id = ANY($1::integer[])`,
      [unread],
      { prepare: true },
    );
    for (const row of rows) {
      if (row.body === null) missing.push(row.id);
      else out.set(row.id, docAt(row.body, base));
    }
  }
  if (missing.length) {
    const { rows: posts } = await findPostsByIds(db, missing);
    const kept = await keepDocs(db, posts);
    for (const row of posts) {
      const doc = kept.get(row.id);
      out.set(row.id, doc === undefined ? openJson(row, base) : docAt(doc, base));
    }
  }
  return out;
}

/**
 * What keeping may meet without anything being wrong: a post deleted after it was read
 * (23503), another reader keeping the same posts at once (40P01 deadlock, 40001), a database
 * that takes no writes (25006, a read-only standby). The post is served all the same, built.
 */
const KEEPING_RACES = new Set(['23503', '40P01', '40001', '25006']);

/**
 * Keeps the posts of these rows (read with their doc_rev in one statement), unless a newer
 * revision is kept already; returns what was made of each (none for a post whose text holds
 * the stand-in). Keeping is a help, not a need: the refusals a busy database gives a keeper
 * that lost a race (KEEPING_RACES) are let go; any other error is the caller's to know of.
 */
export async function keepDocs(db: Queryable, rows: PostRow[]): Promise<Map<number, string>> {
  const made = new Map<number, string>();
  const ids: number[] = [];
  const revs: number[] = [];
  const bodies: string[] = [];
  // In id order: two readers keeping overlapping posts lock their rows in the same order.
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const doc = keptDoc(row);
    if (doc === null || row.doc_rev === undefined) continue;
    made.set(row.id, doc);
    ids.push(row.id);
    revs.push(row.doc_rev);
    bodies.push(doc);
  }
  if (ids.length) {
    await db
      .query(
        `INSERT INTO post_docs (post_id, rev, body, format)
         SELECT u.id, u.rev, u.body, ${DOC_FORMAT} FROM unnest($1::integer[], $2::integer[], $3::text[]) AS u(id, rev, body)
           JOIN posts p ON p.id = u.id
         ON CONFLICT (post_id) DO UPDATE SET rev = EXCLUDED.rev, body = EXCLUDED.body, format = EXCLUDED.format
          WHERE (post_docs.rev, post_docs.format) < (EXCLUDED.rev, EXCLUDED.format)`,
        [ids, revs, bodies],
      )
      .catch((err: unknown) => {
        if (!KEEPING_RACES.has(String((err as { code?: unknown }).code))) throw err;
      });
  }
  return made;
}

/** How many posts one step of ensurePostDocs looks at. */
const BATCH = 1000;

/**
 * Keeps every post not kept at its revision and in this format, newest first (by id), in steps
 * of BATCH posts (the server's start: a database from before migration 010, posts written by the
 * seed, or kept by a release that presented them differently). Returns how many it kept. Each
 * step reads a range of ids and revisions and the kept revisions of those alone, from two narrow
 * indexes (migration 011): an anti-join over both whole tables may be planned as one, and take
 * seconds a step.
 */
export async function ensurePostDocs(db: Db, log: (msg: string) => void = () => undefined): Promise<number> {
  let done = 0;
  let lastLog = Date.now();
  let below = 2 ** 31 - 1;
  for (;;) {
    const batch = await db.query<{ id: number; stale: boolean }>(
      `SELECT p.id, d.post_id IS NULL AS stale
         FROM (SELECT id, doc_rev FROM posts WHERE id < $1 ORDER BY id DESC LIMIT ${BATCH}) p${KEPT_DOC_JOIN}`,
      [below],
    );
    if (!batch.length) return done;
    below = Math.min(...batch.map((r) => r.id));
    const stale = batch.filter((r) => r.stale).map((r) => r.id);
    for (let i = 0; i < stale.length; i += 200) {
      const { rows } = await findPostsByIds(db, stale.slice(i, i + 200));
      const kept = await keepDocs(db, rows);
      done += kept.size;
    }
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      log(`posts kept as answers: ${done}`);
    }
  }
}
