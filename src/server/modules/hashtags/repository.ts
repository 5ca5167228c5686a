import type { Queryable } from '../../db/db';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import { hashtagIdentity, stripHash } from '../../../shared/hashtags';
import { asSentOrDecoded } from '../posts/params';
import { containsPattern, prefixPattern, SqlParams, storable } from '../posts/sql';

type Hashtag = Schemas['Hashtag'];
export type HashtagOrdering = Schemas['HashtagOrdering'];

const COLUMNS = 'h.id, h.name, h.slug, h.post_count, h.is_trending, h.last_used, h.created_at';

interface HashtagRow {
  id: number;
  name: string;
  slug: string;
  post_count: number;
  is_trending: boolean;
  last_used: Date | null;
  created_at: Date;
}

const present = (r: HashtagRow): Hashtag => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  post_count: r.post_count,
  is_trending: r.is_trending,
  last_used: r.last_used && r.last_used.toISOString(),
  created_at: r.created_at.toISOString(),
});

// Ties are broken by id so that pages never overlap; -post_count follows hashtags_post_count.
const ORDER_BY: Record<HashtagOrdering, string> = {
  '-post_count': 'h.post_count DESC, h.id ASC',
  post_count: 'h.post_count ASC, h.id DESC',
  name: 'h.name ASC, h.id ASC',
  '-name': 'h.name DESC, h.id DESC',
  '-last_used': 'h.last_used DESC NULLS LAST, h.id DESC',
  last_used: 'h.last_used ASC NULLS LAST, h.id ASC',
};

export interface HashtagFilter {
  /** The tag's identity (src/shared/hashtags.ts hashtagIdentity) to look for. */
  search?: string;
  isTrending?: boolean;
  ordering?: HashtagOrdering;
}

/**
 * A page of hashtags. A search matches names containing it or close to it (trigram
 * similarity, for misspellings); unless another order is asked for, the exact name comes
 * first, then names that start with it, then the most used.
 */
export async function findHashtagPage(
  db: Queryable,
  f: HashtagFilter,
  page: PageRequest,
): Promise<{ count: number; results: Hashtag[] }> {
  const params = new SqlParams();
  const where: string[] = [];
  if (f.search) {
    where.push(`(h.name_normalized LIKE ${params.add(containsPattern(f.search))} OR h.name_normalized % ${params.add(f.search)})`);
  }
  if (f.isTrending !== undefined) where.push(`h.is_trending = ${params.add(f.isTrending)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params.values];
  let order = ORDER_BY[f.ordering ?? '-post_count'];
  if (f.search && !f.ordering) {
    order = `h.name_normalized = ${params.add(f.search)} DESC, h.name_normalized LIKE ${params.add(prefixPattern(f.search))} DESC, ${order}`;
  }
  const [[{ total }], rows] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*) AS total FROM hashtags h ${whereSql}`, countParams),
    db.query<HashtagRow>(
      `SELECT ${COLUMNS} FROM hashtags h ${whereSql}
        ORDER BY ${order}
        LIMIT ${params.add(page.pageSize)} OFFSET ${params.add(page.offset)}`,
      params.values,
    ),
  ]);
  return { count: Number(total), results: rows.map(present) };
}

/** Trending hashtags, most used first. */
export async function trendingHashtags(db: Queryable, limit: number): Promise<Hashtag[]> {
  const rows = await db.query<HashtagRow>(
    `SELECT ${COLUMNS} FROM hashtags h WHERE h.is_trending ORDER BY ${ORDER_BY['-post_count']} LIMIT $1`,
    [limit],
  );
  return rows.map(present);
}

/** The most used hashtags, leaving one out (the tag whose relations are asked for). */
export async function popularHashtags(db: Queryable, limit: number, except: number | null = null): Promise<Hashtag[]> {
  const rows = await db.query<HashtagRow>(
    `SELECT ${COLUMNS} FROM hashtags h WHERE h.id IS DISTINCT FROM $2 ORDER BY ${ORDER_BY['-post_count']} LIMIT $1`,
    [limit, except],
  );
  return rows.map(present);
}

/**
 * A hashtag by slug, or by name (its identity, so #القرار and القرار and الـقرار are one).
 * Should a slug be another tag's name, the slug wins.
 */
export async function findHashtag(db: Queryable, slug: string, identity: string): Promise<Hashtag | undefined> {
  if (!storable(slug) || !storable(identity)) return undefined;
  const [row] = await db.query<HashtagRow>(
    `SELECT ${COLUMNS} FROM hashtags h
      WHERE h.slug = $1 OR h.name_normalized = $2
      ORDER BY h.slug = $1 DESC
      LIMIT 1`,
    [slug, identity],
  );
  return row && present(row);
}

/**
 * The hashtag a path names (GET /content/hashtags/{slug}/ and its page): by slug or by name,
 * with or without `#`, as sent or decoded once more (a link encoded twice).
 */
export async function findHashtagByParam(db: Queryable, param: string): Promise<Hashtag | undefined> {
  for (const value of asSentOrDecoded(param)) {
    const slug = stripHash(value);
    const identity = hashtagIdentity(value);
    if (!slug || !identity) continue;
    const tag = await findHashtag(db, slug, identity);
    if (tag) return tag;
  }
  return undefined;
}

/** Hashtags found on the same published posts as this one, the most shared first. */
export async function relatedHashtags(db: Queryable, id: number, limit: number): Promise<Hashtag[]> {
  const rows = await db.query<HashtagRow>(
    `SELECT ${COLUMNS}
       FROM (SELECT other.hashtag_id, count(*) AS shared
               FROM post_hashtags mine
               JOIN posts p ON p.id = mine.post_id AND p.status = 'published'
               JOIN post_hashtags other ON other.post_id = mine.post_id AND other.hashtag_id <> mine.hashtag_id
              WHERE mine.hashtag_id = $1
              GROUP BY other.hashtag_id) r
       JOIN hashtags h ON h.id = r.hashtag_id
      ORDER BY r.shared DESC, ${ORDER_BY['-post_count']}
      LIMIT $2`,
    [id, limit],
  );
  return rows.map(present);
}
