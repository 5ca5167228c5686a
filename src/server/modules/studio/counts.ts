/** The counts of published posts kept on each list a post is in (type, organization, categories, subcategories, tags). */
import type { Queryable } from '../../db/db';

/** The lists a post is counted in: its type, organization, categories, subcategories and tags. */
export interface CountedIn {
  types: number[];
  organizations: number[];
  categories: number[];
  subcategories: number[];
  hashtags: number[];
}

export async function countedIn(tx: Queryable, id: number): Promise<CountedIn> {
  const [row] = await tx.query<CountedIn>(
    `SELECT ARRAY[p.type_id] AS types, array_remove(ARRAY[p.organization_id], NULL) AS organizations,
            ARRAY(SELECT category_id FROM post_categories WHERE post_id = p.id) AS categories,
            ARRAY(SELECT subcategory_id FROM post_subcategories WHERE post_id = p.id) AS subcategories,
            ARRAY(SELECT hashtag_id FROM post_hashtags WHERE post_id = p.id) AS hashtags
       FROM posts p WHERE p.id = $1`,
    [id],
  );
  return row;
}

/**
 * Counts again the published posts of every list the post is in now and was in `before` (what
 * a correction took it out of: its former type, a category or tag removed), so each count
 * equals a recount after the write. Ids in order: two writers lock shared rows in the same order.
 */
export async function refreshCountsOf(tx: Queryable, id: number, before?: CountedIn): Promise<void> {
  const now = await countedIn(tx, id);
  const of = (key: keyof CountedIn) => [...new Set([...now[key], ...(before?.[key] ?? [])])].sort((a, b) => a - b);
  await tx.query(
    `UPDATE post_types t SET post_count = (SELECT count(*) FROM posts p WHERE p.type_id = t.id AND p.status = 'published')
      WHERE t.id = ANY($1::int[])`,
    [of('types')],
  );
  await tx.query(
    `UPDATE organizations o SET post_count = (SELECT count(*) FROM posts p WHERE p.organization_id = o.id AND p.status = 'published')
      WHERE o.id = ANY($1::int[])`,
    [of('organizations')],
  );
  await tx.query(
    `UPDATE categories c SET post_count = (SELECT count(*) FROM post_categories pc JOIN posts p ON p.id = pc.post_id
                                             WHERE pc.category_id = c.id AND p.status = 'published')
      WHERE c.id = ANY($1::int[])`,
    [of('categories')],
  );
  await tx.query(
    `UPDATE subcategories s SET post_count = (SELECT count(*) FROM post_subcategories ps JOIN posts p ON p.id = ps.post_id
                                                WHERE ps.subcategory_id = s.id AND p.status = 'published')
      WHERE s.id = ANY($1::int[])`,
    [of('subcategories')],
  );
  // A tag no post holds any more has no row in post_hashtags: counted from the tag, not the link.
  await tx.query(
    `UPDATE hashtags h SET post_count = x.n, last_used = x.last_used
       FROM hashtags h2 CROSS JOIN LATERAL
            (SELECT count(p.id)::int AS n, max(p.published_at) AS last_used
               FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id AND p.status = 'published'
              WHERE ph.hashtag_id = h2.id) x
      WHERE h.id = h2.id AND h2.id = ANY($1::int[])`,
    [of('hashtags')],
  );
}
