import type { Db } from '../../db/db';
import type { PostRow } from './post-sql';
import type { SeekPoint } from './repository';

/** How many posts a process keeps (about 10 kB each): the feed's first pages and popular posts. */
const MAX_POSTS = 2000;
/** How many list sizes (one per distinct filter) a process keeps. */
const MAX_COUNTS = 1000;
/** How many pages (their ids) a process keeps. */
const MAX_PAGES = 5000;
/** How many lists' seek points a process keeps (a list of a million posts: 10,000 points). */
const MAX_SEEKS = 200;

/** A list's size and its seek points, as findSeekPoints read them. */
export interface SeekPoints {
  count: number;
  points: SeekPoint[];
  /** When they were read (ms): lists ordered by views change without a new version. */
  readAt: number;
}

/**
 * Posts, list sizes and pages as they were at one content version (see content_version in migration
 * 002). Reading a list or a post also reads the current version in the same statement; what
 * is kept here is used only while that version is still the one it was read at, and everything
 * is dropped the moment another version is seen. So a copy is never served after a write,
 * from this process or any other, and the database stays the only source of truth.
 */
export class PostCache {
  /**
   * Lookups answered from memory or not, for /metrics: posts by id (a hit only at the current
   * version), and a list page's ids (counted by reads.ts, which checks them against the version).
   */
  readonly stats = { post: { hit: 0, miss: 0 }, page: { hit: 0, miss: 0 } };
  private version: number | null = null;
  private readonly posts = new Map<number, PostRow>();
  private readonly counts = new Map<string, { count: number; bounded: boolean }>();
  private readonly seeks = new Map<string, SeekPoints>();
  private readonly pages = new Map<string, { ids: number[]; count: number; bounded: boolean }>();

  /** Starts over when the database is at another version than what is kept. */
  private at(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.posts.clear();
    this.counts.clear();
    this.pages.clear();
    this.seeks.clear();
  }

  post(version: number, id: number): PostRow | undefined {
    const row = version === this.version ? this.posts.get(id) : undefined;
    this.stats.post[row ? 'hit' : 'miss']++;
    if (row) {
      // Most recently used last, so that the oldest go first.
      this.posts.delete(id);
      this.posts.set(id, row);
    }
    return row;
  }

  keepPosts(version: number, rows: PostRow[]): void {
    this.at(version);
    for (const row of rows) {
      this.posts.delete(row.id);
      this.posts.set(row.id, row);
    }
    while (this.posts.size > MAX_POSTS) this.posts.delete(this.posts.keys().next().value!);
  }

  /** The count the database knew at `version`, if still current, for handing back to it. */
  countFor(key: string): { version: number; count: number; bounded: boolean } | null {
    const kept = this.version === null ? undefined : this.counts.get(key);
    return kept === undefined ? null : { version: this.version!, ...kept };
  }

  /** A list's seek points, as kept at the version now held. */
  seekFor(key: string): { version: number; seek: SeekPoints } | null {
    const seek = this.version === null ? undefined : this.seeks.get(key);
    return seek ? { version: this.version!, seek } : null;
  }

  keepSeek(version: number, key: string, seek: SeekPoints): void {
    this.at(version);
    this.seeks.delete(key);
    this.seeks.set(key, seek);
    if (this.seeks.size > MAX_SEEKS) this.seeks.delete(this.seeks.keys().next().value!);
  }

  /** The ids of a page and the list's size (a lower bound when `bounded`), as kept at the version now held. */
  pageFor(key: string): { version: number; ids: number[]; count: number; bounded: boolean } | null {
    const page = this.version === null ? undefined : this.pages.get(key);
    return page ? { version: this.version!, ...page } : null;
  }

  keepPage(version: number, key: string, ids: number[], count: number, bounded = false): void {
    this.at(version);
    this.pages.set(key, { ids, count, bounded });
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
  }

  keepCount(version: number, key: string, count: number, bounded = false): void {
    this.at(version);
    // An exact size is not replaced by a bound.
    if (bounded && this.counts.get(key)?.bounded === false) return;
    this.counts.set(key, { count, bounded });
    if (this.counts.size > MAX_COUNTS) this.counts.delete(this.counts.keys().next().value!);
  }
}

// One cache per database, so that what is kept never outlives the data it came from.
const caches = new WeakMap<Db, PostCache>();

export function postCache(db: Db): PostCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PostCache();
    caches.set(db, cache);
  }
  return cache;
}
