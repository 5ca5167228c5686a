import DataLoader from 'dataloader';
import type { Db } from '../../db/db';
import type { PageRequest } from '../../http/pagination';
import type { PostFilter, PostOrdering } from './filters';
import { PostCache } from './post-cache';
import type { PostRow } from './post-sql';
import {
  findPostKeysBySlugs,
  findPostKeysAtVersion,
  findPostPageKeys,
  findPostsByIds,
  findSeekPoints,
  findVersions,
  SEEK_KEYS,
  SEEK_STRIDE,
  type PostAccessKey,
  type PostKey,
  type SeekPoint,
  type SlugAsk,
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

// Orderings whose pages only a write can change (a view changes view counts, not the version).
const STABLE_ORDERINGS = new Set<PostOrdering>(['-published_at', 'published_at', 'relevance']);

/** Pages from this offset on start from a seek point instead of skipping the posts before them. */
const SEEK_FROM = 200;
/** Seek points of lists ordered by views are read again after this long (views move posts). */
const VIEW_SEEK_TTL_MS = 60_000;

/**
 * A page of a list: its keys, the list's size (a lower bound when `bounded`), the content version
 * read at, and the views version read in the same statement (null when none was).
 */
export interface KeysPage {
  version: number;
  views: number | null;
  count: number;
  bounded: boolean;
  keys: PostKey[];
}

/**
 * Reads of posts and list pages through the posts and pages kept in memory at the current content
 * version (post-cache.ts): one per app, made by the posts plugin.
 */
export class CachedReads {
  readonly cache = new PostCache();
  /** Seek points being read, by list: readers asking for deep pages of one list at once wait for one read. */
  private readonly seeking = new Map<string, Promise<{ version: number; count: number; points: SeekPoint[] }>>();

  /**
   * Posts asked for by slug, gathered: the requests whose handlers ran in one turn of the event
   * loop (their sockets read together) are answered by one statement (setImmediate: after every
   * socket that turn), as fresh as each of its own would be. Nothing is kept between turns.
   */
  private readonly bySlug: DataLoader<SlugAsk, { version: number; key: PostAccessKey } | undefined>;

  constructor(private readonly db: Db) {
    this.bySlug = new DataLoader(
      async (asks) => {
        const { version, keys } = await findPostKeysBySlugs(db, asks);
        return keys.map((key) => key && { version, key });
      },
      { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
    );
  }

  /** The posts of some keys, in their order: from memory when kept at this version, the others in one query. */
  async postsOf<K extends PostKey>(version: number, keys: K[]): Promise<ReadPost<K>[]> {
    const { db, cache } = this;
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

  private async seekPointsOf(filter: PostFilter, ordering: PostOrdering, listKey: string) {
    const { db, cache } = this;
    const kept = cache.seekFor(listKey);
    const fresh = kept && (STABLE_ORDERINGS.has(ordering) || Date.now() - kept.seek.readAt < VIEW_SEEK_TTL_MS);
    if (kept && fresh) return { version: kept.version, count: kept.seek.count, points: kept.seek.points };
    const inFlight = this.seeking;
    let pending = inFlight.get(listKey);
    if (!pending) {
      pending = findSeekPoints(db, filter, ordering).finally(() => inFlight.delete(listKey));
      inFlight.set(listKey, pending);
      const read = await pending;
      cache.keepSeek(read.version, listKey, { count: read.count, points: read.points, readAt: Date.now() });
      return read;
    }
    return pending;
  }

  /**
   * A page of a list as keys, the size of the list, and the content version they were read at. A
   * page whose ids are kept at the current version is read by id (cheap at any depth); a deep page
   * starts from the list's nearest seek point (read once per list and version); otherwise the list
   * is read, its size counted unless kept.
   */
  async findPostKeys(
    filter: PostFilter,
    ordering: PostOrdering,
    page: PageRequest,
    readerId: number | null,
    /** Also read each post as kept for answers (PostKey.doc), in the same statement. */
    withDocs = false,
  ): Promise<KeysPage> {
    const { db, cache } = this;
    // Lists narrowed by view counts change with every counted view, which keeps the version.
    const byViews = filter.minViews !== undefined || filter.maxViews !== undefined;
    // A reader's Following feed changes with what they follow, which no content version counts.
    const countKey = byViews || filter.followingOf !== undefined ? null : JSON.stringify(filter);
    // Relevance without a search is the newest first: one list, one key.
    const order: PostOrdering = ordering === 'relevance' && !filter.search?.tsquery ? '-published_at' : ordering;
    const pageKey = countKey !== null && STABLE_ORDERINGS.has(order) ? `${countKey}|${order}|${page.pageSize}|${page.offset}` : null;

    const kept = pageKey === null ? null : cache.pageFor(pageKey);
    if (kept) {
      const { keys, views } = await findPostKeysAtVersion(db, kept.version, kept.ids, readerId, withDocs);
      if (keys.length === kept.ids.length) {
        const byId = new Map(keys.map((k) => [k.id, k]));
        // A list counted to its bound when the page was kept may have been counted exactly since.
        const exact = kept.bounded ? cache.countFor(countKey!) : null;
        const [count, bounded] =
          exact && !exact.bounded && exact.version === kept.version ? [exact.count, false] : [kept.count, kept.bounded];
        cache.stats.page.hit++;
        return { version: kept.version, views, count, bounded, keys: kept.ids.map((id) => byId.get(id)!) };
      }
    }
    if (pageKey !== null) cache.stats.page.miss++;

    let list: KeysPage | null = null;
    if (countKey !== null && page.offset >= SEEK_FROM && SEEK_KEYS[order]) {
      const seek = await this.seekPointsOf(filter, order, `${countKey}|${order}`);
      cache.keepCount(seek.version, countKey, seek.count);
      const point = seek.points[Math.floor(page.offset / SEEK_STRIDE)];
      const within = { ...page, offset: page.offset % SEEK_STRIDE };
      const known = { version: seek.version, count: seek.count, bounded: false };
      if (!point) list = { version: seek.version, views: null, count: seek.count, bounded: false, keys: [] };
      else {
        const read = await findPostPageKeys(db, filter, order, within, readerId, known, point, withDocs);
        // Read at another version than the points: they may no longer fit; read the page plainly.
        if (read.version === seek.version) list = read;
      }
    }
    if (!list) {
      const known = countKey === null ? null : cache.countFor(countKey);
      list = await findPostPageKeys(db, filter, order, page, readerId, known, null, withDocs);
    }
    if (countKey !== null) cache.keepCount(list.version, countKey, list.count, list.bounded);
    // An empty page is not kept: there would be no id to check the version against. A page of a
    // list counted only up to its bound is as exact as any other: it is kept with its bound.
    if (pageKey !== null && list.keys.length) {
      cache.keepPage(list.version, pageKey, list.keys.map((k) => k.id), list.count, list.bounded);
    }
    return list;
  }

  /** A page of posts and the exact size of the list. */
  async findPosts(
    filter: PostFilter,
    ordering: PostOrdering,
    page: PageRequest,
    readerId: number | null,
  ): Promise<{ count: number; bounded: boolean; posts: ReadPost[] }> {
    const { version, count, bounded, keys } = await this.findPostKeys(filter, ordering, page, readerId);
    return { count, bounded, posts: await this.postsOf(version, keys) };
  }

  /** The content version and the views version now (one light statement). */
  versions(): Promise<{ version: number; views: number }> {
    return findVersions(this.db);
  }

  /** A post by slug, with who may see it, or undefined. */
  async findPost(slug: string, readerId: number | null): Promise<ReadPost<PostAccessKey> | undefined> {
    const found = await this.bySlug.load({ slug, readerId });
    if (!found) return undefined;
    const [post] = await this.postsOf(found.version, [found.key]);
    return post;
  }

  /** Forgets everything kept (the app is closing). */
  clear(): void {
    this.cache.clear();
  }
}
