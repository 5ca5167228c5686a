import { BoundedCache, keyBytes } from './bounded-cache';

describe('BoundedCache', () => {
  it('counts keys in its budget: long keys push entries out as values do', () => {
    const cache = new BoundedCache<string, number>({ maxBytes: 1000, sizeOf: () => 8 });
    const long = (i: number) => `${i}:${'k'.repeat(200)}`;
    for (let i = 0; i < 5; i++) cache.set(long(i), i);
    // Each entry takes its key's 2 × 202 bytes and its value's 8: two fit in 1,000 bytes.
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(2 * (keyBytes(long(0)) + 8));
    expect(cache.peek(long(4))).toBe(4);
    expect(cache.peek(long(0))).toBeUndefined();
  });

  it('drops the least recently used first, and keeps at most maxEntries', () => {
    const cache = new BoundedCache<number, string>({ maxBytes: 1 << 20, maxEntries: 3 });
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.set(3, 'c');
    cache.get(1);
    cache.set(4, 'd');
    expect([1, 2, 3, 4].map((k) => cache.has(k))).toEqual([true, false, true, true]);
  });

  it('counts lookups as hits only when the entry is there and valid', () => {
    const cache = new BoundedCache<string, { sig: string }>({ maxBytes: 1 << 20 });
    cache.set('/a', { sig: 's1' });
    expect(cache.lookup('/a', (v) => v.sig === 's1')).toEqual({ sig: 's1' });
    expect(cache.lookup('/a', (v) => v.sig === 's2')).toBeUndefined();
    expect(cache.lookup('/b')).toBeUndefined();
    expect(cache.stats).toEqual({ hit: 1, miss: 2 });
  });

  it('keeps a stale entry for who asks for it, when told to', async () => {
    const cache = new BoundedCache<string, string>({ maxBytes: 1 << 20, ttlMs: 20, keepStale: true });
    cache.set('k', 'v');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('k', { allowStale: true })).toBe('v');
  });
});
