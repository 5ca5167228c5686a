/** What a post's writers give, checked: references that exist (any save), and a complete post (submitting and publishing). */
import { stripHash } from '../../../shared/hashtags';
import type { Queryable } from '../../db/db';
import { HttpError, invalid } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import type { MessageKey } from '../../i18n';

const HASHTAG = /^[\p{L}\p{M}\p{N}_]+$/u;

/** The input's references checked against the database; 400 naming each field at fault. */
export async function checkInput(db: Queryable, input: Schemas['StudioPostInput'], organizationId: number): Promise<void> {
  const errors: Record<string, MessageKey[]> = {};
  if (input.type_id !== undefined) {
    const found = input.type_id === null ? [] : await db.query('SELECT 1 FROM post_types WHERE id = $1', [input.type_id]);
    if (!found.length) errors.type_id = ['unknownPostType'];
  }
  if (input.category_ids?.length) {
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM categories WHERE id = ANY($1::int[])', [
      [...new Set(input.category_ids)],
    ]);
    if (n !== new Set(input.category_ids).size) errors.category_ids = ['unknownCategory'];
  }
  if (input.subcategory_ids?.length) {
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM subcategories WHERE id = ANY($1::int[])', [
      [...new Set(input.subcategory_ids)],
    ]);
    if (n !== new Set(input.subcategory_ids).size) errors.subcategory_ids = ['unknownSubcategory'];
  }
  if (input.subsidiary_id != null) {
    const found = await db.query('SELECT 1 FROM subsidiaries WHERE id = $1 AND organization_id = $2', [input.subsidiary_id, organizationId]);
    if (!found.length) errors.subsidiary_id = ['unknownSubsidiary'];
  }
  if (input.hashtags?.some((h) => !HASHTAG.test(stripHash(h)))) errors.hashtags = ['invalidHashtag'];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** What publishing needs: both titles, the content in the post's language, a type, a category. */
export async function checkComplete(db: Queryable, id: number): Promise<void> {
  const [p] = await db.query<{ title: string; title_ar: string; content: string; content_ar: string; language: string; categories: number }>(
    `SELECT title, title_ar, content, content_ar, language,
            (SELECT count(*)::int FROM post_categories WHERE post_id = p.id) AS categories
       FROM posts p WHERE id = $1`,
    [id],
  );
  const errors: Record<string, MessageKey[]> = {};
  if (!p.title.trim()) errors.title = ['fieldRequired'];
  if (!p.title_ar.trim()) errors.title_ar = ['fieldRequired'];
  if (p.language === 'ar' ? !p.content_ar.trim() : !p.content.trim()) errors[p.language === 'ar' ? 'content_ar' : 'content'] = ['fieldRequired'];
  if (!p.categories) errors.category_ids = ['categoryNeeded'];
  if (Object.keys(errors).length) throw new HttpError(400, 'studioIncomplete', { fields: errors });
}

/**
 * A post's document number free among what readers see (migration 025: per organization, type
 * and year): checked before publishing or scheduling, so that the writer is told on that field
 * (the unique index still refuses a race, with the same answer: http/db-errors.ts).
 */
export async function checkNumberFree(db: Queryable, id: number): Promise<void> {
  const taken = await db.query(
    `SELECT 1 FROM posts p JOIN posts o
        ON o.organization_id = p.organization_id AND o.type_id = p.type_id AND o.document_number = p.document_number
       AND extract(year FROM o.issued_on) = extract(year FROM p.issued_on) AND o.id <> p.id AND o.status IN ('published', 'archived')
      WHERE p.id = $1 AND p.document_number <> '' LIMIT 1`,
    [id],
  );
  if (taken.length) throw invalid({ document_number: ['documentNumberTaken'] });
}
