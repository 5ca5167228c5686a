/**
 * @jest-environment node
 */
import { byteLimit } from './byteLimit';

/** Just enough of the Cache API for the plugin: entries in the order stored, a second put moves one to the end. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async put(request: Request | string, response: Response) {
    const url = typeof request === 'string' ? request : request.url;
    this.entries.delete(url);
    this.entries.set(url, response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async match(request: Request | string) {
    return this.entries.get(typeof request === 'string' ? request : request.url)?.clone();
  }
  async delete(request: Request | string) {
    return this.entries.delete(typeof request === 'string' ? request : request.url);
  }
}

const cache = new MemoryCache();
beforeAll(() => {
  (globalThis as { caches?: unknown }).caches = { open: async () => cache };
});
afterAll(() => {
  delete (globalThis as { caches?: unknown }).caches;
});

async function store(plugin: ReturnType<typeof byteLimit>, url: string, bytes: number, declared = true) {
  const headers = declared ? { 'content-length': String(bytes) } : undefined;
  await cache.put(url, new Response(new Uint8Array(bytes), { headers }));
  await plugin.cacheDidUpdate!({ cacheName: 'test', request: new Request(url), newResponse: new Response(), event: undefined as never, state: undefined });
}

it('keeps a cache within its bytes, oldest out first; an answer stored again is the newest', async () => {
  cache.entries.clear();
  const plugin = byteLimit('test', 1000);
  await store(plugin, 'https://qarar.test/a', 400);
  await store(plugin, 'https://qarar.test/b', 400);
  expect([...cache.entries.keys()]).toEqual(['https://qarar.test/a', 'https://qarar.test/b']);
  // a is read again: stored anew, it moves after b.
  await store(plugin, 'https://qarar.test/a', 400);
  await store(plugin, 'https://qarar.test/c', 300);
  // 1,100 bytes: b, the oldest, goes.
  expect([...cache.entries.keys()]).toEqual(['https://qarar.test/a', 'https://qarar.test/c']);
  // One answer bigger than the limit pushes out everything before it, and itself is not kept over the limit.
  await store(plugin, 'https://qarar.test/d', 1200);
  expect([...cache.entries.keys()]).toEqual([]);
});

it('counts a body without a Content-Length by its bytes', async () => {
  cache.entries.clear();
  const plugin = byteLimit('test', 500);
  await store(plugin, 'https://qarar.test/x', 300, false);
  await store(plugin, 'https://qarar.test/y', 300, false);
  expect([...cache.entries.keys()]).toEqual(['https://qarar.test/y']);
});
