import { BoundedCache, type CacheStats } from '../cache/bounded-cache';
import type { Queryable } from '../db/db';
import { STALE_LIMIT_MS } from '../http/db-unavailable';
import type { KeptPage } from './kept-page';
import type { PageStore } from './store';

export type { KeptPage } from './kept-page';

/** Where the database is now for some posts: the content version and their views. */
export interface Stamp {
  version: number;
  views: number;
}

/**
 * Whether a kept page still shows what the database holds: `valid`; `views` when only view
 * counts have grown since (it may be served while it is drawn again); `stale` when it must not be.
 */
export type Standing = 'valid' | 'views' | 'stale';

export interface PageCacheOptions {
  maxBytes: number;
  /** Pages kept on disk too (store.ts), read back when memory has none for a key. */
  store?: PageStore;
  /** A page older than this is drawn again, valid or not: relative dates and date ranges move. */
  maxAgeMs: number;
}

/** Besides its bodies and key, what one kept page costs in memory (ids, validator), roughly. */
const ENTRY_OVERHEAD = 512;

/**
 * Drawn pages in memory, by whatever key the caller gives (path and query, language, theme…),
 * within a byte budget (least recently used first out) and a maximum age. A kept page is valid
 * by the rule of the API's own caches (src/server/modules/posts/README.md): the content version
 * is the one it was drawn at and every post it shows has the view count it shows — view counts
 * only grow, so one sum stands for them all. That is read from the database for every reader,
 * so no process serves a page after a write, whichever process wrote.
 */
export class PageCache {
  /** Readers served a kept page still valid, or not (drawn, or the app's page), for /metrics. */
  readonly stats: CacheStats;
  private readonly pages: BoundedCache<string, KeptPage>;
  /** Stamps asked for since the last statement was sent, by post ids: one statement each. */
  private readonly asked = new Map<string, Promise<Stamp>>();

  constructor(
    private readonly db: Queryable,
    private readonly options: PageCacheOptions,
  ) {
    this.pages = new BoundedCache<string, KeptPage>({
      maxBytes: options.maxBytes,
      // The key's bytes are the cache's to add.
      sizeOf: (page) => page.br.length + page.gzip.length + page.postIds.length * 8 + ENTRY_OVERHEAD,
      ttlMs: options.maxAgeMs,
      // A page past its age stays (within the byte budget) until drawn again: while the
      // database is away it is the copy readers get (lastKept).
      keepStale: true,
    });
    // Counted by the drawn pages (drawn-pages.ts), which check a kept page's validity.
    this.stats = this.pages.stats;
  }

  /** The kept page for a key while it is young enough, valid or not (see valid). */
  get(key: string): KeptPage | undefined {
    return this.pages.get(key);
  }

  /** The kept page for a key while it is young enough, from memory or else from disk. */
  async find(key: string): Promise<KeptPage | undefined> {
    const kept = this.pages.get(key);
    if (kept || !this.options.store) return kept;
    const stored = await this.options.store.read(key);
    if (!stored || Date.now() - stored.drawnAt >= stored.maxAgeMs) return undefined;
    // Drawn again meanwhile: the newer one stays.
    const newer = this.pages.get(key);
    if (newer) return newer;
    this.keepInMemory(key, stored);
    return stored;
  }

  /**
   * The page last kept for a key, however old (within STALE_LIMIT_MS), valid or not: what a
   * reader gets while the database cannot be reached to draw or check one.
   */
  lastKept(key: string): KeptPage | undefined {
    const page = this.pages.get(key, { allowStale: true });
    return page && Date.now() - page.drawnAt <= STALE_LIMIT_MS ? page : undefined;
  }

  /**
   * Reads the pages kept on disk back into memory, most recently used first, while they are young
   * enough and fill less than nine tenths of the memory (after a restart: readers then find them
   * drawn, as before it).
   */
  async preload(): Promise<number> {
    const store = this.options.store;
    if (!store) return 0;
    let loaded = 0;
    for await (const [key, page] of store.newest()) {
      if (this.pages.bytes >= this.options.maxBytes * 0.9) break;
      if (this.pages.peek(key) || Date.now() - page.drawnAt >= page.maxAgeMs) continue;
      if (this.keepInMemory(key, page)) loaded++;
    }
    return loaded;
  }

  keep(key: string, page: KeptPage): void {
    if (this.keepInMemory(key, page)) void this.options.store?.write(key, page);
  }

  private keepInMemory(key: string, page: KeptPage): boolean {
    // The age counts from the drawing, not from when it was kept.
    const ttl = page.maxAgeMs - (Date.now() - page.drawnAt);
    if (ttl <= 0 || this.options.maxBytes <= 0) return false;
    this.pages.set(key, page, { ttlMs: ttl });
    return true;
  }

  /** Forgets a page found invalid, unless a newer drawing has replaced it meanwhile. */
  drop(key: string, page: KeptPage): void {
    if (this.pages.peek(key) !== page) return;
    this.pages.delete(key);
    void this.options.store?.delete(key);
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.bytes;
  }

  /** Whether a kept page still shows what the database holds. */
  async valid(page: KeptPage): Promise<boolean> {
    return (await this.standing(page)) === 'valid';
  }

  /** How a kept page stands against the database now (see Standing). */
  async standing(page: KeptPage): Promise<Standing> {
    const now = await this.stamp(page.postIds);
    if (now.version !== page.version) return 'stale';
    return now.views === page.views ? 'valid' : 'views';
  }

  /**
   * The content version and the sum of some posts' view counts, in one statement. Readers who
   * ask for the same posts' stamp before it is sent share it: it is sent after all of them
   * arrived (on the next turn of the event loop), so each still sees every write made before
   * its request.
   */
  stamp(postIds: number[]): Promise<Stamp> {
    const key = postIds.join(',');
    let asked = this.asked.get(key);
    if (!asked) {
      asked = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.asked.delete(key);
        const [row] = await this.db.query<{ version: number; views: number }>(
          `SELECT (SELECT version FROM content_version) AS version, coalesce(sum(view_count), 0) AS views
             FROM posts WHERE id = ANY($1::integer[])`,
          [postIds],
        );
        return { version: Number(row.version), views: Number(row.views) };
      });
      this.asked.set(key, asked);
    }
    return asked;
  }
}
