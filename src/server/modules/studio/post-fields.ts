/** Writing the fields a writer gives of a post (only those) and its lists, keeping its search entry and reading time in step. */
import { hashtagIdentity, stripHash } from '../../../shared/hashtags';
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { reindexPosts } from '../posts/search-index';
import { readingTime } from '../posts/write';

const TEXT_FIELDS = ['title', 'title_ar', 'summary', 'summary_ar', 'content', 'content_ar'] as const;

/** Writes the fields given (only those) and the post's lists; returns the names of what changed. */
export async function writeFields(db: Queryable, id: number, input: Schemas['StudioPostInput']): Promise<string[]> {
  const sets: string[] = [];
  const values: unknown[] = [];
  const changed: string[] = [];
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value);
    sets.push(`${column} = $${values.length + 1}${cast}`);
    changed.push(column);
  };
  for (const field of TEXT_FIELDS) if (input[field] !== undefined) set(field, input[field].trim());
  if (input.language !== undefined) set('language', input.language);
  if (input.type_id != null) set('type_id', input.type_id);
  if (input.subsidiary_id !== undefined) set('subsidiary_id', input.subsidiary_id);
  if (input.document_number !== undefined) set('document_number', input.document_number.trim());
  if (input.issued_on !== undefined) set('issued_on', input.issued_on, '::date');
  if (sets.length) {
    await db.query(`UPDATE posts SET ${sets.join(', ')} WHERE id = $1`, [id, ...values]);
  }
  if (input.category_ids !== undefined) {
    await db.query('DELETE FROM post_categories WHERE post_id = $1', [id]);
    await db.query('INSERT INTO post_categories (post_id, category_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [id, input.category_ids]);
    changed.push('category_ids');
  }
  if (input.subcategory_ids !== undefined) {
    await db.query('DELETE FROM post_subcategories WHERE post_id = $1', [id]);
    await db.query('INSERT INTO post_subcategories (post_id, subcategory_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [
      id,
      input.subcategory_ids,
    ]);
    changed.push('subcategory_ids');
  }
  if (input.hashtags !== undefined) {
    const names = [...new Map(input.hashtags.map((h) => [hashtagIdentity(h), stripHash(h)])).entries()];
    await db.query(
      `INSERT INTO hashtags (name, slug, name_normalized)
       SELECT n, replace(i, '_', '-'), i FROM unnest($1::text[], $2::text[]) AS t(n, i)
       ON CONFLICT (name_normalized) DO NOTHING`,
      [names.map(([, n]) => n), names.map(([i]) => i)],
    );
    await db.query('DELETE FROM post_hashtags WHERE post_id = $1', [id]);
    await db.query(
      `INSERT INTO post_hashtags (post_id, hashtag_id) SELECT $1, id FROM hashtags WHERE name_normalized = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [id, names.map(([i]) => i)],
    );
    changed.push('hashtags');
  }
  if (changed.some((c) => (TEXT_FIELDS as readonly string[]).includes(c))) {
    const [texts] = await db.query<{ content: string; content_ar: string }>('SELECT content, content_ar FROM posts WHERE id = $1', [id]);
    await db.query('UPDATE posts SET reading_time = $2 WHERE id = $1', [id, readingTime(texts)]);
    await reindexPosts(db, [id]);
  }
  if (changed.length) await db.query('UPDATE posts SET updated_at = now() WHERE id = $1', [id]);
  return changed;
}
