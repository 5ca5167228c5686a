'use strict';
/**
 * A page-drawing worker thread (run by piscina for pool.ts): loads the renderer bundle and draws
 * one page per task, its API requests answered by the main thread over the task's MessagePort.
 *
 * Plain CommonJS on purpose: a worker thread is a fresh Node.js isolate that jest's transform
 * and tsx's loader do not reach (each would have to be re-registered through execArgv, and the
 * two disagree), so the file must run exactly as written under `npm start`, the benchmark and
 * the tests alike. It is small and talks to the rest only through the messages below.
 */
const { statSync } = require('node:fs');
const os = require('node:os');
const { workerData } = require('node:worker_threads');

const { rendererFile, niceness } = workerData;

// A drawing may wait a while; an API answer may not. On Linux a thread has its own nice value,
// and pid 0 names the calling thread, so this lowers only this worker below the main thread.
if (niceness > 0) {
  try {
    os.setPriority(0, niceness);
  } catch {
    // Not permitted or not supported here: draw at the main thread's priority.
  }
}

let loaded = null;

/** The renderer, re-loaded when a new build replaces the file; null when there is none. */
function renderer() {
  let mtime;
  try {
    mtime = statSync(rendererFile).mtimeMs;
  } catch {
    return null;
  }
  if (!loaded || loaded.mtime !== mtime) {
    delete require.cache[require.resolve(rendererFile)];
    loaded = { mtime, renderer: require(rendererFile) };
  }
  return loaded.renderer;
}

// Loaded as the worker starts (piscina loads this file then), not on the first page.
try {
  renderer();
} catch {
  // Reported by the first task that needs it.
}

/** fetch() whose requests the main thread answers (src/server/ssr.ts, injectAnswer). */
function portFetch(port) {
  let next = 0;
  const waiting = new Map();
  port.on('message', ({ id, answer, error }) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if (error) w.reject(new Error(error));
    else {
      const empty = answer.status === 204 || answer.status === 304;
      w.resolve(new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers }));
    }
  });
  port.on('close', () => {
    for (const w of waiting.values()) w.reject(new Error('the page was drawn without this answer'));
    waiting.clear();
  });
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const id = next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, call: { method: request.method, url: request.url, headers: [...request.headers], body } });
    });
  };
}

/** One task: `{ request: DrawRequest, apiBaseUrl, port }` → DrawnPage (src/shared/drawnPage.ts). */
module.exports = async function draw({ request, apiBaseUrl, port }) {
  try {
    const current = renderer();
    if (!current) throw Object.assign(new Error('no renderer built'), { code: 'NO_RENDERER' });
    const page = await current.renderPage({ ...request, api: { apiBaseUrl, fetch: portFetch(port) } });
    // Hundreds of [id, css] pairs cost the message some 10 ms to copy; one string next to nothing
    // (pool.ts reads it back).
    if (page.styles) page.styles = JSON.stringify(page.styles);
    return page;
  } finally {
    port.close();
  }
};
