/**
 * A published post's versions: each kept as readers saw it (the contract's Post as JSON, its
 * URLs at a stand-in for the origin), version 1 when published, one more for each correction.
 */
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { originFreeJson } from '../posts/post-docs';
import { findPostsByIds } from '../posts/repository';
import { iso } from './presentation';

/** Keeps the post as readers see it now as its version `version` (once: a version kept stays as it was). */
export async function keepVersion(tx: Queryable, id: number, version: number, kind: Schemas['ChangeKind'], userId: number | null, note = '', noteAr = ''): Promise<void> {
  const {
    rows: [row],
  } = await findPostsByIds(tx, [id]);
  await tx.query(
    `INSERT INTO post_versions (post_id, version, kind, note, note_ar, body, created_by) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     ON CONFLICT (post_id, version) DO NOTHING`,
    [id, version, kind, note, noteAr, originFreeJson(row), userId],
  );
}

/** What a correction may change of a post, as one text: equal before and after when nothing changed. */
export async function contentSignature(tx: Queryable, id: number): Promise<string> {
  const [{ signature }] = await tx.query<{ signature: string }>(
    `SELECT md5(row(p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar, p.language, p.type_id, p.subsidiary_id,
                    p.document_number, p.issued_on,
                    ARRAY(SELECT category_id FROM post_categories WHERE post_id = p.id ORDER BY 1),
                    ARRAY(SELECT subcategory_id FROM post_subcategories WHERE post_id = p.id ORDER BY 1),
                    ARRAY(SELECT hashtag_id FROM post_hashtags WHERE post_id = p.id ORDER BY 1))::text) AS signature
       FROM posts p WHERE p.id = $1`,
    [id],
  );
  return signature;
}

/** A post's versions, newest first. */
export async function postVersions(db: Queryable, id: number): Promise<Schemas['PostVersionSummary'][]> {
  const rows = await db.query<{ version: number; kind: Schemas['ChangeKind']; note: string; note_ar: string; created_at: Date }>(
    'SELECT version, kind, note, note_ar, created_at FROM post_versions WHERE post_id = $1 ORDER BY version DESC',
    [id],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at)! }));
}
