/** The workspace's lists: an organization's posts by stage and words, and the published posts a post may relate to. */
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import { findPostsByIds, termsPageIds } from '../posts/repository';
import { postSearchOf } from '../posts/search-index';
import { SqlParams } from '../posts/sql';
import { rolesIn } from './access';
import { iso, studioPostOf } from './presentation';
import { STUDIO_ROW, stageWhere, type StudioRow } from './studio-row';
import type { Stage } from './workflow';

export interface StudioListQuery {
  organization?: number;
  stage?: Stage;
  search?: string;
}

/** A page of the posts of the given organizations (null: all), newest change first. */
export async function listStudioPosts(
  db: Queryable,
  auth: AuthContext,
  organizations: number[] | null,
  query: StudioListQuery,
  page: { pageSize: number; offset: number },
  base: string,
): Promise<{ count: number; results: Schemas['StudioPost'][] }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v)}`;
  if (organizations !== null) where.push(`p.organization_id = ANY(${add(organizations)}::int[])`);
  else where.push('p.organization_id IS NOT NULL');
  if (query.organization !== undefined) where.push(`p.organization_id = ${add(query.organization)}`);
  if (query.stage) where.push(stageWhere(query.stage));
  const words = query.search?.trim();
  if (words) {
    const like = add(`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(p.title ILIKE ${like} OR p.title_ar ILIKE ${like} OR normalize_arabic(p.title_ar) ILIKE normalize_arabic(${like}) OR p.document_number ILIKE ${like})`);
  }
  const clause = where.join(' AND ');
  const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts p WHERE ${clause}`, params);
  const rows = await db.query<StudioRow>(
    `${STUDIO_ROW} WHERE ${clause} ORDER BY p.updated_at DESC, p.id DESC LIMIT ${add(page.pageSize)} OFFSET ${add(page.offset)}`,
    params,
  );
  // The page's posts in one read, the user's roles in another (not two reads a row).
  const full = new Map((await findPostsByIds(db, rows.map((r) => r.id))).rows.map((r) => [r.id, r]));
  const roles = await rolesIn(db, auth, rows.map((r) => r.organization_id!));
  return { count: n, results: rows.map((row) => studioPostOf(base, row, full.get(row.id)!, roles.get(row.organization_id!)!, auth)) };
}

/** Rows of the dates walked for a word before its matches are read from the vector index. */
const LOOKUP_WALK = 2000;

/**
 * Published posts of any organization a post may relate to (the relation picker): those of the
 * document number first (posts_pub_document_number, migration 019), then those whose words
 * match, newest first, read as the public search reads a page (termsPageIds: a short walk down
 * the dates for a common word, the vector index for a rare one). One query ordered by "number
 * first" read every match of a common word: 8.7 s on a million posts. Twice the limit of words'
 * matches, since the number's posts may be among them.
 */
export async function lookupPublishedPosts(db: Queryable, search: string, limit: number): Promise<Schemas['RelatedPost'][]> {
  const words = search.trim();
  const found = postSearchOf(words);
  const params = new SqlParams();
  const number = params.add(words);
  const size = params.add(limit);
  const matching = found?.tsquery
    ? `UNION ALL SELECT id, 1 FROM (${termsPageIds(found.tsquery, '-published_at', { page: 1, pageSize: 2 * limit, offset: 0 }, params, LOOKUP_WALK, found.loose)}) w`
    : '';
  const rows = await db.query<Omit<Schemas['RelatedPost'], 'published_at'> & { published_at: Date | null }>(
    `SELECT p.id, p.slug, p.title, p.title_ar, p.document_number, p.published_at, p.status,
            o.name AS organization_name, o.name_ar AS organization_name_ar
       FROM (SELECT DISTINCT ON (id) id, part FROM (
               (SELECT id, 0 AS part FROM posts WHERE status = 'published' AND document_number = ${number} ORDER BY published_at DESC, id DESC LIMIT ${size})
               ${matching}) f
             ORDER BY id, part) f
       JOIN posts p ON p.id = f.id
       LEFT JOIN organizations o ON o.id = p.organization_id
      ORDER BY f.part, p.published_at DESC, p.id DESC
      LIMIT ${size}`,
    params.values,
  );
  return rows.map((r) => ({ ...r, published_at: iso(r.published_at) }));
}
