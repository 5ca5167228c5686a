import type { WorkboxPlugin } from 'workbox-core/types';

/**
 * Keeps a cache within a number of bytes, oldest out first: Workbox's ExpirationPlugin bounds a
 * cache by entries and age only. The Cache API lists a cache's requests in the order they were
 * stored (a request stored again moves to the end), so the first ones are the oldest. A response's
 * size is its Content-Length, or its body's when it has none; sizes are remembered per URL for the
 * worker's life, so each body is read at most once.
 */
export function byteLimit(cacheName: string, maxBytes: number): WorkboxPlugin {
  const sizes = new Map<string, number>();
  let trimming: Promise<void> = Promise.resolve();

  async function sizeOf(cache: Cache, request: Request): Promise<number> {
    const known = sizes.get(request.url);
    if (known !== undefined) return known;
    const response = await cache.match(request, { ignoreVary: true });
    if (!response) return 0;
    const declared = Number(response.headers.get('content-length'));
    const size = Number.isFinite(declared) && declared > 0 ? declared : (await response.blob()).size;
    sizes.set(request.url, size);
    return size;
  }

  async function trim() {
    const cache = await caches.open(cacheName);
    const requests = await cache.keys();
    const each = await Promise.all(requests.map((r) => sizeOf(cache, r)));
    let total = each.reduce((a, b) => a + b, 0);
    for (let i = 0; i < requests.length && total > maxBytes; i++) {
      await cache.delete(requests[i], { ignoreVary: true });
      sizes.delete(requests[i].url);
      total -= each[i];
    }
  }

  return {
    cacheDidUpdate: async ({ request }) => {
      sizes.delete(request.url);
      // One trim at a time: two at once would count the same entries twice.
      trimming = trimming.then(trim, trim);
      await trimming;
    },
  };
}
