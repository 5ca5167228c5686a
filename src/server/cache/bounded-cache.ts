import { LRUCache } from 'lru-cache';

/** Hits and misses of a cache, for /metrics (qarar_cache_requests_total). */
export interface CacheStats {
  hit: number;
  miss: number;
}

export interface BoundedCacheOptions<K, V> {
  /** What the entries may take of the process's memory, keys included (least recently used first out). */
  maxBytes: number;
  /** At most this many entries as well, whatever their size (a bound some caches had before bytes). */
  maxEntries?: number;
  /** Bytes of a value; the key's are added. approximateBytes when not given. */
  sizeOf?: (value: V, key: K) => number;
  /** An entry older than this is stale (see get's `allowStale`); none by default. */
  ttlMs?: number;
  /**
   * A stale entry stays (within the byte budget) instead of being dropped when asked for: a
   * caller may still want it when nothing fresher can be had (the copies served in an outage).
   */
  keepStale?: boolean;
}

/** Bytes of a key in memory: a string's UTF-16 code units, a number's double. */
export function keyBytes(key: unknown): number {
  return typeof key === 'string' ? key.length * 2 : 8;
}

/** A rough in-memory size of a value (strings as UTF-16, numbers as doubles, a little per property). */
export function approximateBytes(value: unknown): number {
  if (value === null || value === undefined) return 8;
  switch (typeof value) {
    case 'string':
      return 16 + value.length * 2;
    case 'number':
    case 'boolean':
      return 8;
    case 'bigint':
      return 16;
    default:
      break;
  }
  if (Buffer.isBuffer(value)) return 64 + value.length;
  if (value instanceof Date) return 32;
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const item of value) bytes += 8 + approximateBytes(item);
    return bytes;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) bytes += 16 + key.length + approximateBytes(item);
  return bytes;
}

/**
 * The one cache of the server's memory: every in-memory cache of the read path is one of these
 * (lru-cache underneath), bounded by the bytes of its keys and values together, so that no cache
 * grows with what clients ask for (long addresses, big answers) past its budget.
 */
export class BoundedCache<K extends string | number, V extends NonNullable<unknown>> {
  /** Lookups (see lookup) answered from memory or not. */
  readonly stats: CacheStats = { hit: 0, miss: 0 };
  private readonly lru: LRUCache<K, V>;

  constructor(options: BoundedCacheOptions<K, V>) {
    const sizeOf = options.sizeOf ?? approximateBytes;
    this.lru = new LRUCache<K, V>({
      maxSize: Math.max(1, Math.floor(options.maxBytes)),
      ...(options.maxEntries ? { max: options.maxEntries } : {}),
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key) + keyBytes(key))),
      ...(options.ttlMs !== undefined ? { ttl: Math.max(1, options.ttlMs), ttlAutopurge: false } : {}),
      noDeleteOnStaleGet: options.keepStale ?? false,
    });
  }

  /** The entry, counted as a hit when there is one and `valid` (if given) accepts it, else as a miss. */
  lookup(key: K, valid?: (value: V) => boolean): V | undefined {
    const value = this.lru.peek(key);
    if (value === undefined || (valid && !valid(value))) {
      this.stats.miss++;
      return undefined;
    }
    this.stats.hit++;
    // Most recently used now, so that the oldest go first.
    return this.lru.get(key);
  }

  /** The entry, made most recently used; a stale one only with `allowStale`. Not counted in stats. */
  get(key: K, options?: { allowStale?: boolean }): V | undefined {
    return this.lru.get(key, options);
  }

  /** The entry, left where it is in the order. */
  peek(key: K): V | undefined {
    return this.lru.peek(key);
  }

  has(key: K): boolean {
    return this.lru.has(key);
  }

  /** Keeps an entry (not at all when it alone is larger than the budget); `ttlMs` overrides the cache's. */
  set(key: K, value: V, options?: { ttlMs?: number }): void {
    this.lru.set(key, value, options?.ttlMs !== undefined ? { ttl: Math.max(1, options.ttlMs) } : undefined);
  }

  delete(key: K): void {
    this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  /** What the entries take, keys included, by the cache's reckoning. */
  get bytes(): number {
    return this.lru.calculatedSize;
  }
}
