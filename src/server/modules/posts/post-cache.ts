import { BoundedCache, type CacheStats } from '../../cache/bounded-cache';
import type { PostRow } from './post-sql';
import type { SeekPoint } from './repository';

/** How many posts a process keeps (about 10 kB each): the feed's first pages and popular posts. */
const MAX_POSTS = 2000;
const POST_BYTES = 48 * 1024 * 1024;
/** How many list sizes (one per distinct filter) a process keeps. */
const MAX_COUNTS = 1000;
const COUNT_BYTES = 4 * 1024 * 1024;
/** How many pages (their ids) a process keeps. */
const MAX_PAGES = 5000;
const PAGE_BYTES = 16 * 1024 * 1024;
/** How many lists' seek points a process keeps (a list of a million posts: 10,000 points). */
const MAX_SEEKS = 200;
const SEEK_BYTES = 64 * 1024 * 1024;

/** Besides its text, what a post row takes (names, relations, attachments, dates), roughly. */
const ROW_OVERHEAD = 4096;

/**
 * What a post row takes in memory, reckoned from its text alone (UTF-16): walking the whole row
 * would cost more than it tells.
 */
export function postRowBytes(row: Partial<PostRow>): number {
  const text = (row.title?.length ?? 0) + (row.title_ar?.length ?? 0) + (row.summary?.length ?? 0) + (row.summary_ar?.length ?? 0) +
    (row.content?.length ?? 0) + (row.content_ar?.length ?? 0) + (row.meta_description?.length ?? 0) + (row.meta_keywords?.length ?? 0);
  return ROW_OVERHEAD + 2 * text;
}

/** A list's size and its seek points, as findSeekPoints read them. */
export interface SeekPoints {
  count: number;
  points: SeekPoint[];
  /** When they were read (ms): lists ordered by views change without a new version. */
  readAt: number;
}

interface KeptCount {
  count: number;
  bounded: boolean;
}

interface KeptPage extends KeptCount {
  ids: number[];
}

/**
 * Posts, list sizes and pages as they were at one content version (see content_version in migration
 * 002). Reading a list or a post also reads the current version in the same statement; what
 * is kept here is used only while that version is still the one it was read at, and everything
 * is dropped the moment another version is seen. So a copy is never served after a write,
 * from this process or any other, and the database stays the only source of truth.
 */
export class PostCache {
  private version: number | null = null;
  private readonly posts = new BoundedCache<number, PostRow>({ maxBytes: POST_BYTES, maxEntries: MAX_POSTS, sizeOf: postRowBytes });
  private readonly counts = new BoundedCache<string, KeptCount>({ maxBytes: COUNT_BYTES, maxEntries: MAX_COUNTS, sizeOf: () => 48 });
  private readonly seeks = new BoundedCache<string, SeekPoints>({ maxBytes: SEEK_BYTES, maxEntries: MAX_SEEKS });
  private readonly pages = new BoundedCache<string, KeptPage>({
    maxBytes: PAGE_BYTES,
    maxEntries: MAX_PAGES,
    sizeOf: (page) => 64 + page.ids.length * 8,
  });

  /**
   * Lookups answered from memory or not, for /metrics: posts by id (a hit only at the current
   * version), and a list page's ids (counted by the list reads, which check them against the version).
   */
  readonly stats: { post: CacheStats; page: CacheStats } = { post: this.posts.stats, page: this.pages.stats };

  /** Starts over when the database is at another version than what is kept. */
  private at(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.clear();
  }

  clear(): void {
    this.posts.clear();
    this.counts.clear();
    this.pages.clear();
    this.seeks.clear();
  }

  post(version: number, id: number): PostRow | undefined {
    return this.posts.lookup(id, () => version === this.version);
  }

  keepPosts(version: number, rows: PostRow[]): void {
    this.at(version);
    for (const row of rows) this.posts.set(row.id, row);
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
    this.seeks.set(key, seek);
  }

  /** The ids of a page and the list's size (a lower bound when `bounded`), as kept at the version now held. */
  pageFor(key: string): { version: number; ids: number[]; count: number; bounded: boolean } | null {
    const page = this.version === null ? undefined : this.pages.get(key);
    return page ? { version: this.version!, ...page } : null;
  }

  keepPage(version: number, key: string, ids: number[], count: number, bounded = false): void {
    this.at(version);
    this.pages.set(key, { ids, count, bounded });
  }

  keepCount(version: number, key: string, count: number, bounded = false): void {
    this.at(version);
    // An exact size is not replaced by a bound.
    if (bounded && this.counts.peek(key)?.bounded === false) return;
    this.counts.set(key, { count, bounded });
  }
}
