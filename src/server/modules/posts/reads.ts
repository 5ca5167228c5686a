import type { Db } from '../../db/db';
import type { PageRequest } from '../../http/pagination';
import type { PostFilter, PostOrdering } from './filters';
import { postCache } from './post-cache';
import type { PostRow } from './post-sql';
import {
  findPostKeyBySlug,
  findPostKeysAtVersion,
  findPostPageKeys,
  findPostsByIds,
  type PostAccessKey,
  type PostKey,
} from './repository';

/**
 * A post as read for one request: `row` may be shared with other requests (kept in memory at
 * the current content version, never to be changed); `key` holds what is always read fresh —
 * the view count and the reader's bookmark — and wins over the row.
 */
export interface ReadPost<K extends PostKey = PostKey> {
  row: PostRow;
  key: K;
}

/** The posts of some keys, in their order: from memory when kept at this version, the others in one query. */
export async function postsOf<K extends PostKey>(db: Db, version: number, keys: K[]): Promise<ReadPost<K>[]> {
  const cache = postCache(db);
  const found = new Map<number, PostRow>();
  for (const key of keys) {
    const row = cache.post(version, key.id);
    if (row) found.set(key.id, row);
  }
  const missing = keys.filter((k) => !found.has(k.id)).map((k) => k.id);
  if (missing.length) {
    const { version: readAt, rows } = await findPostsByIds(db, missing);
    for (const row of rows) found.set(row.id, row);
    if (rows.length) cache.keepPosts(readAt, rows);
  }
  const posts: ReadPost<K>[] = [];
  for (const key of keys) {
    const row = found.get(key.id);
    // Deleted between the two reads: the list simply no longer holds it.
    if (row) posts.push({ row, key });
  }
  return posts;
}

// Orderings whose pages only a write can change (a view changes view counts, not the version).
const STABLE_ORDERINGS = new Set<PostOrdering>(['-published_at', 'published_at']);

/**
 * A page of a list as keys, the exact size of the list, and the content version they were
 * read at. A page whose ids are kept at the current version is read by id (cheap at any
 * depth); otherwise the list is read, its size counted unless kept.
 */
export async function findPostKeys(
  db: Db,
  filter: PostFilter,
  ordering: PostOrdering,
  page: PageRequest,
  readerId: number | null,
): Promise<{ version: number; count: number; keys: PostKey[] }> {
  const cache = postCache(db);
  // Lists narrowed by view counts change with every counted view, which keeps the version.
  const byViews = filter.minViews !== undefined || filter.maxViews !== undefined;
  const countKey = byViews ? null : JSON.stringify(filter);
  const pageKey = countKey !== null && STABLE_ORDERINGS.has(ordering) ? `${countKey}|${ordering}|${page.pageSize}|${page.offset}` : null;

  const kept = pageKey === null ? null : cache.pageFor(pageKey);
  if (kept) {
    const keys = await findPostKeysAtVersion(db, kept.version, kept.ids, readerId);
    if (keys.length === kept.ids.length) {
      const byId = new Map(keys.map((k) => [k.id, k]));
      return { version: kept.version, count: kept.count, keys: kept.ids.map((id) => byId.get(id)!) };
    }
  }

  const known = countKey === null ? null : cache.countFor(countKey);
  const list = await findPostPageKeys(db, filter, ordering, page, readerId, known);
  if (countKey !== null) cache.keepCount(list.version, countKey, list.count);
  // An empty page is not kept: there would be no id to check the version against.
  if (pageKey !== null && list.keys.length) cache.keepPage(list.version, pageKey, list.keys.map((k) => k.id), list.count);
  return list;
}

/** A page of posts and the exact size of the list. */
export async function findPosts(
  db: Db,
  filter: PostFilter,
  ordering: PostOrdering,
  page: PageRequest,
  readerId: number | null,
): Promise<{ count: number; posts: ReadPost[] }> {
  const { version, count, keys } = await findPostKeys(db, filter, ordering, page, readerId);
  return { count, posts: await postsOf(db, version, keys) };
}

/** A post by slug, with who may see it, or undefined. */
export async function findPost(db: Db, slug: string, readerId: number | null): Promise<ReadPost<PostAccessKey> | undefined> {
  const found = await findPostKeyBySlug(db, slug, readerId);
  if (!found) return undefined;
  const [post] = await postsOf(db, found.version, [found.key]);
  return post;
}
