/**
 * npm run bench:feed [-- --pages 50 --base-url http://127.0.0.1:8080]
 *
 * A long reading session in Chromium against the seeded server (started here over a fresh
 * database unless --base-url is given; the app is the build in WEB_DIR or dist/web). The home
 * feed is scrolled through page after page; after 5 and after --pages pages it prints the DOM
 * size (elements, articles; CDP's node count), the JS heap after a forced collection, the data
 * fetched so far, and the frame times of a scroll through the last part of the list.
 * Figures, not a pass/fail test; written to bench-results/feed.json as well.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer, waitForAppOnLoad, type RunningServer } from '../e2e/harness';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '50' },
    'base-url': { type: 'string' },
  },
});
const PAGES = Number(args.pages);
const FEED_PAGE_SIZE = 10;
/** Frames of wheel scrolling measured at each checkpoint. */
const SCROLL_FRAMES = 240;
const SCROLL_STEP_PX = 60;

const log = (msg: string) => process.stderr.write(`[bench:feed] ${msg}\n`);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const READING_STEP_PX = 400;

/**
 * Reads down the feed with the wheel, as a (fast) reader would, until `items` posts are
 * loaded: every card passes through the viewport, so its images load and its size is measured
 * on the way, and each next page comes from the infinite scroll itself.
 */
async function readUntil(page: Page, items: number) {
  const lastLoaded = () =>
    page.evaluate<number>(`Math.max(0, ...Array.from(document.querySelectorAll('[role="feed"] [aria-posinset]'), (a) => Number(a.getAttribute('aria-posinset'))))`);
  let stuck = 0;
  let before = -1;
  while ((await lastLoaded()) < items) {
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, READING_STEP_PX);
    const y = await page.evaluate<number>('window.scrollY');
    // At the end of what is loaded: wait for the next page.
    if (y === before) {
      if (++stuck > 50) throw new Error(`the feed stopped before ${items} posts`);
      await page.waitForTimeout(100);
    } else stuck = 0;
    before = y;
  }
}

interface Checkpoint {
  pages: number;
  posts: number;
  domElements: number;
  articlesInDom: number;
  cdpNodes: number;
  jsHeapUsedMB: number;
  dataFetchedKB: number;
  frames: { count: number; p50: number; p95: number; max: number; over16: number; over33: number };
}

/** Wheel-scrolls up through the list for SCROLL_FRAMES frames, timing every frame in the page. */
async function scrollFrameTimes(page: Page) {
  // A string, not a function: tsx would name the inner functions with a helper the page lacks.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__done = new Promise((resolve) => {
      let last = performance.now();
      const tick = (now) => {
        window.__frames.push(now - last);
        last = now;
        if (window.__frames.length < ${SCROLL_FRAMES}) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
  })()`);
  // Wheel steps until the frames are counted: the scroll goes on through the whole sample.
  for (let i = 0; ; i++) {
    await page.mouse.wheel(0, -SCROLL_STEP_PX);
    if (i % 10 === 9 && (await page.evaluate(`window.__frames.length >= ${SCROLL_FRAMES}`))) break;
  }
  const deltas = await page.evaluate<number[]>('window.__done.then(() => window.__frames.slice(1))');
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
  return {
    count: deltas.length,
    p50: at(0.5),
    p95: at(0.95),
    max: Math.round(sorted[sorted.length - 1] * 10) / 10,
    over16: deltas.filter((d) => d > 17.5).length,
    over33: deltas.filter((d) => d > 34).length,
  };
}

async function checkpoint(page: Page, cdp: CDPSession, pages: number, fetched: () => number): Promise<Checkpoint> {
  await readUntil(page, pages * FEED_PAGE_SIZE);
  await page.waitForTimeout(500);
  const frames = await scrollFrameTimes(page);
  await page.waitForTimeout(300);
  // Twice: the first pass can leave garbage that finalizers free for the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const dom = await page.evaluate(() => ({
    domElements: document.getElementsByTagName('*').length,
    articlesInDom: document.querySelectorAll('[role="feed"] [aria-posinset]').length,
  }));
  return {
    pages,
    posts: pages * FEED_PAGE_SIZE,
    ...dom,
    cdpNodes: metric('Nodes'),
    jsHeapUsedMB: mb(metric('JSHeapUsedSize')),
    dataFetchedKB: Math.round(fetched() / 1024),
    frames,
  };
}

async function main() {
  let server: RunningServer | undefined;
  const baseURL = args['base-url'] ?? (server = await startServer()).baseURL;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'ar' });
    const page = await context.newPage();
    waitForAppOnLoad(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let bytes = 0;
    page.on('response', (res) => {
      if (res.url().includes('/api/v1/content/posts/'))
        void res.body().then(
          (b) => (bytes += b.length),
          () => {},
        );
    });
    await page.goto('/');
    await page.locator('[role="feed"] [aria-posinset]').first().waitFor();

    const results: Checkpoint[] = [];
    for (const pages of [5, PAGES]) {
      log(`scrolling to ${pages} pages…`);
      results.push(await checkpoint(page, cdp, pages, () => bytes));
    }

    console.log(`\nHome feed, ${PAGES} pages of ${FEED_PAGE_SIZE} (Chromium ${browser.version()}, 1280×800, headless, software rendering)`);
    console.table(
      results.map((r) => ({
        pages: r.pages,
        'DOM elements': r.domElements,
        'articles in DOM': r.articlesInDom,
        'CDP nodes': r.cdpNodes,
        'JS heap MB (after GC)': r.jsHeapUsedMB,
        'posts data KB': r.dataFetchedKB,
        'frame p50 ms': r.frames.p50,
        'frame p95 ms': r.frames.p95,
        'frame max ms': r.frames.max,
        'frames >16.7ms': `${r.frames.over16}/${r.frames.count}`,
        'frames >33ms': r.frames.over33,
      })),
    );
    const [first, last] = results;
    console.log(
      `growth from ${first.pages} to ${last.pages} pages: DOM elements ${last.domElements - first.domElements}, ` +
        `JS heap ${Math.round((last.jsHeapUsedMB - first.jsHeapUsedMB) * 10) / 10} MB ` +
        `(posts data fetched meanwhile: ${last.dataFetchedKB - first.dataFetchedKB} KB of JSON, kept in the API cache)`,
    );
    const out = path.join(ROOT, 'bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'feed.json'), `${JSON.stringify({ date: new Date().toISOString(), chromium: browser.version(), results }, null, 2)}\n`);
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
