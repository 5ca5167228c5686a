import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { storable } from '../posts/sql';

type Category = Schemas['Category'];
type PostType = Schemas['PostType'];

// Counts are the published-post counts kept on each row (refresh_post_counts()).
const CATEGORY_COLUMNS = `c.id, c.slug, c.name, c.name_ar, c.description, c.description_ar, c.post_count,
    coalesce((SELECT json_agg(json_build_object(
                'id', s.id, 'slug', s.slug, 'category', c.slug, 'category_name', c.name, 'category_name_ar', c.name_ar,
                'name', s.name, 'name_ar', s.name_ar, 'description', s.description, 'description_ar', s.description_ar,
                'post_count', s.post_count, 'is_active', s.is_active) ORDER BY s.id)
                FROM subcategories s WHERE s.category_id = c.id), '[]') AS subcategories`;

/** Every category in display order, with its subcategories. */
export async function findCategories(db: Queryable): Promise<Category[]> {
  return db.query<Category>(`SELECT ${CATEGORY_COLUMNS} FROM categories c ORDER BY c.sort_order, c.id`);
}

/** A category by numeric id or by slug; an id wins over a slug that looks like one. */
export async function findCategory(db: Queryable, idOrSlug: string): Promise<Category | undefined> {
  if (!storable(idOrSlug)) return undefined;
  const id = /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const [row] = await db.query<Category>(
    `SELECT ${CATEGORY_COLUMNS} FROM categories c
      WHERE c.id = $1 OR c.slug = $2
      ORDER BY c.id = $1 DESC NULLS LAST
      LIMIT 1`,
    [id, idOrSlug],
  );
  return row;
}

const TYPE_COLUMNS = 't.id, t.name, t.name_ar, t.description, t.description_ar, t.is_active, t.post_count';

/** Every post type. */
export async function findPostTypes(db: Queryable): Promise<PostType[]> {
  return db.query<PostType>(`SELECT ${TYPE_COLUMNS} FROM post_types t ORDER BY t.id`);
}

export async function findPostType(db: Queryable, id: number): Promise<PostType | undefined> {
  const [row] = await db.query<PostType>(`SELECT ${TYPE_COLUMNS} FROM post_types t WHERE t.id = $1`, [id]);
  return row;
}
