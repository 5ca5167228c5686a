import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KeptPage } from './cache';
import { PageStore } from './store';

// Drawn pages on disk: what is kept survives a new store on the same folder, within the budget.

const page = (n: number, bytes = 1000): KeptPage => ({
  br: Buffer.alloc(bytes, n),
  gzip: Buffer.alloc(bytes / 2, n + 1),
  etag: `W/"page-${n}"`,
  drawnAt: 1_700_000_000_000 + n,
  maxAgeMs: 60_000,
  ask: { url: `/post/${n}`, origin: 'http://qarar.example', language: 'ar', theme: 'system', from: { ip: '127.0.0.1', headers: {} } },
  version: 7,
  postIds: [n],
  views: n * 10,
  postId: n,
  status: 200,
});

const folder = () => mkdtempSync(path.join(os.tmpdir(), 'qarar-store-'));

describe('the page store', () => {
  it('gives back a page exactly as kept, from a new store on the same folder too', async () => {
    const dir = folder();
    const store = new PageStore(dir, 1 << 20);
    await store.write('key one', page(1));
    expect(await store.read('key one')).toEqual(page(1));
    expect(await store.read('key two')).toBeUndefined();
    const reopened = new PageStore(dir, 1 << 20);
    expect(await reopened.read('key one')).toEqual(page(1));
    expect(reopened.size).toBe(1);
  });

  it('keeps within its budget, the least recently used going first', async () => {
    const dir = folder();
    const store = new PageStore(dir, 6000);
    for (const n of [1, 2, 3]) await store.write(`k${n}`, page(n));
    // Each file is some 1,500 bytes and a header: three fit, a fourth does not.
    await store.read('k1');
    await store.write('k4', page(4));
    expect(await store.read('k2')).toBeUndefined();
    expect(await store.read('k1')).toEqual(page(1));
    expect(store.totalBytes).toBeLessThanOrEqual(6000);
    expect(readdirSync(dir)).toHaveLength(store.size);
    // Trimmed again when opened with a smaller budget.
    const smaller = new PageStore(dir, 2000);
    await smaller.open();
    expect(smaller.size).toBe(1);
  });

  it('ignores a file cut short or another key’s, and a write a crash left behind', async () => {
    const dir = folder();
    const store = new PageStore(dir, 1 << 20);
    await store.write('whole', page(5));
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file), readFileSync(path.join(dir, file)).subarray(0, 700));
    writeFileSync(path.join(dir, 'abc.123.0.tmp'), 'half a page');
    const reopened = new PageStore(dir, 1 << 20);
    expect(await reopened.read('whole')).toBeUndefined();
    expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false);
    // A file holding another key's page (renamed by hand, or a collision) is not this key's.
    await reopened.write('other', page(6));
    const otherFile = readdirSync(dir).find((name) => name !== file)!;
    writeFileSync(path.join(dir, file), readFileSync(path.join(dir, otherFile)));
    expect(await new PageStore(dir, 1 << 20).read('whole')).toBeUndefined();
  });

  it('gives back every page with its key, the most recently used first', async () => {
    const dir = folder();
    const store = new PageStore(dir, 1 << 20);
    for (const n of [1, 2, 3]) await store.write(`k${n}`, page(n));
    await store.read('k1');
    const seen: string[] = [];
    for await (const [key, kept] of new PageStore(dir, 1 << 20).newest()) {
      seen.push(key);
      expect(kept).toEqual(page(Number(key.slice(1))));
    }
    // A new store knows only the files' times (the last written first; written within the same
    // millisecond here, so in any order).
    expect(seen.sort()).toEqual(['k1', 'k2', 'k3']);
    const again: string[] = [];
    for await (const [key] of store.newest()) again.push(key);
    expect(again).toEqual(['k1', 'k3', 'k2']);
  });

  it('keeps nothing with a budget of 0', async () => {
    const dir = folder();
    const store = new PageStore(dir, 0);
    await store.write('k', page(1));
    expect(await store.read('k')).toBeUndefined();
    expect(readdirSync(dir)).toHaveLength(0);
  });
});
