import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DrawRequest } from '../../shared/drawnPage';
import { PageNotDrawn, PagePool, WORKER_IDLE_MS } from './pool';

// The drawing threads cost memory (each holds the renderer and a V8 heap of its own): none
// starts before a page is drawn, and each ends after a while without one.

const RENDERER = `
exports.renderPage = async ({ url, language }) => ({
  head: '', root: '<div id="root">' + language + ' ' + url + '</div>', htmlAttributes: { lang: language, dir: 'rtl' }, meta: {}, postIds: [],
});
`;

let app: FastifyInstance;
let rendererFile: string;
const pools: PagePool[] = [];
beforeAll(async () => {
  app = Fastify();
  await app.ready();
  rendererFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-pool-')), 'renderer.js');
  writeFileSync(rendererFile, RENDERER);
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  await app.close();
});

const pool = (workers: number, idleMs?: number) => {
  const p = new PagePool(app, { rendererFile, workers, queue: 8, niceness: 0 }, app.log, idleMs);
  pools.push(p);
  return p;
};
const request = (url: string): DrawRequest => ({ url, language: 'ar', theme: 'system', now: Date.now(), timeZone: 'Asia/Riyadh' });
const from = { ip: '127.0.0.1', headers: {} };
const until = async (what: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !what() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  return what();
};

describe('PagePool threads', () => {
  it('keeps an idle drawing thread for a minute', () => {
    expect(WORKER_IDLE_MS).toBe(60_000);
  });

  it('starts no thread before the first drawing, and ends them when idle', async () => {
    const p = pool(2, 300);
    await new Promise((r) => setTimeout(r, 200));
    expect(p.threads).toBe(0);
    const { page } = await p.draw(request('/'), from);
    expect(page.root).toBe('<div id="root">ar /</div>');
    expect(p.threads).toBeGreaterThanOrEqual(1);
    expect(p.threads).toBeLessThanOrEqual(2);
    expect(await until(() => p.threads === 0)).toBe(true);
    // And the next drawing starts one again.
    expect((await p.draw(request('/explore'), from)).page.root).toBe('<div id="root">ar /explore</div>');
  }, 20_000);

  it('with PAGE_WORKERS=0 starts, draws nothing and says why', async () => {
    const p = pool(0);
    expect(p.threads).toBe(0);
    await expect(p.draw(request('/'), from)).rejects.toEqual(new PageNotDrawn('missing'));
  });
});
