import { existsSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import Piscina from 'piscina';
import type { DrawnPage, DrawRequest } from '../../shared/drawnPage';
import { STALE_HEADER } from '../http/db-unavailable';
import { injectAnswer, INTERNAL_API_BASE, type ApiCall, type PageOrigin } from '../ssr';
import { ViewsSeen } from './views-seen';

/** Plain CommonJS, loaded as written in each worker thread (see the file for why). */
const WORKER_FILE = path.join(__dirname, 'draw-worker.js');
/** Fallback warnings: at most one per reason in this long, with how many there were. */
const WARN_EVERY_MS = 1000;
/**
 * A drawing thread ends after this long without a page to draw, and the next drawing starts
 * one again. Each holds the renderer and a V8 heap of its own (40 MB idle, several times that
 * after drawing): an API process that draws little should not keep them.
 */
export const WORKER_IDLE_MS = 60_000;

/** Why a reader got the app's page instead of a drawn one. */
export type Fallback = 'queue' | 'deadline' | 'missing' | 'failed';

export class PageNotDrawn extends Error {
  constructor(
    readonly reason: Fallback,
    override readonly cause?: unknown,
  ) {
    super(`page not drawn: ${reason}`);
  }
}

/** A drawing and what its API answers showed of each post's view count. */
export interface Drawing {
  page: DrawnPage;
  views: ViewsSeen;
  /**
   * One of its API answers was a 503 or a copy kept from before (the database away meanwhile):
   * the page shows that, not what the database holds, and must not be kept.
   */
  outage: boolean;
}

export interface PoolOptions {
  rendererFile: string;
  /** Worker threads; 0 draws nothing (every reader gets the app's page). */
  workers: number;
  /** Drawings that may wait for a worker; past it a reader gets the app's page at once. */
  queue: number;
  /**
   * The workers' nice value (the main thread's is 0): the higher, the smaller their share of a
   * busy core beside the thread answering the API (Linux gives each thread its own).
   */
  niceness: number;
}

interface Waiting {
  request: DrawRequest;
  from: PageOrigin;
  wanted: () => boolean;
  resolve: (drawing: Drawing) => void;
  reject: (err: unknown) => void;
}

/**
 * The server's drawing of pages, off the main event loop: a piscina pool of worker threads,
 * each with the renderer bundle loaded (src/server/pages/draw-worker.js). A drawing's API
 * requests come back to this thread over a MessagePort and are answered in-process
 * (injectAnswer), as the page's own request would be — never with a token or a cookie.
 *
 * Drawings wait for a free worker here rather than in piscina, so that one every reader has
 * given up on (each was sent the app's page) is dropped before it starts: under overload the
 * workers then draw for readers still waiting, not for ones long gone.
 */
export class PagePool {
  /**
   * For tests and logs: drawings run (failed ones too), drawings dropped unstarted because no
   * reader still waited for them, and readers sent the app's page, by reason.
   */
  readonly stats = { drawings: 0, failed: 0, dropped: 0, fallbacks: { queue: 0, deadline: 0, missing: 0, failed: 0 } as Record<Fallback, number> };
  private piscina: Piscina | null = null;
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private readonly unreported: Record<Fallback, number> = { queue: 0, deadline: 0, missing: 0, failed: 0 };
  private readonly lastWarned: Record<Fallback, number> = { queue: 0, deadline: 0, missing: 0, failed: 0 };

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: PoolOptions,
    private readonly log: FastifyBaseLogger = app.log,
    /** For tests: how long an idle drawing thread is kept. */
    private readonly idleMs: number = WORKER_IDLE_MS,
  ) {
    // No thread starts before the first drawing; each ends when idle (WORKER_IDLE_MS).
  }

  /**
   * Draws a page, at once or when a worker is free; rejects with PageNotDrawn at once when the
   * queue is full or nothing can draw. `wanted` says whether anyone still waits for it.
   */
  async draw(request: DrawRequest, from: PageOrigin, wanted: () => boolean = () => true): Promise<Drawing> {
    if (this.options.workers <= 0 || !existsSync(this.options.rendererFile)) throw new PageNotDrawn('missing');
    if (this.running < this.options.workers) return this.run(request, from);
    this.dropUnwanted();
    if (this.waiting.length >= this.options.queue) throw new PageNotDrawn('queue');
    return new Promise<Drawing>((resolve, reject) => this.waiting.push({ request, from, wanted, resolve, reject }));
  }

  /**
   * Counts a reader sent the app's page, and says so in the log (the request's, with its id),
   * at most once a second per reason.
   */
  fellBack(reason: Fallback, url: string, err?: unknown, log: FastifyBaseLogger = this.log): void {
    this.stats.fallbacks[reason]++;
    this.unreported[reason]++;
    const now = Date.now();
    if (now - this.lastWarned[reason] < WARN_EVERY_MS) return;
    const pages = this.unreported[reason];
    this.unreported[reason] = 0;
    this.lastWarned[reason] = now;
    const message = {
      queue: 'pages sent undrawn: too many waiting to be drawn',
      deadline: 'pages sent undrawn: not drawn in time',
      missing: 'pages sent undrawn: no renderer built',
      failed: 'pages sent undrawn: drawing failed',
    }[reason];
    if (reason === 'failed') log.error({ err, url, pages }, message);
    else log.warn({ url, pages }, message);
  }

  async close(): Promise<void> {
    const piscina = this.piscina;
    this.piscina = null;
    for (const task of this.waiting.splice(0)) task.reject(new PageNotDrawn('failed', new Error('closing')));
    await piscina?.destroy();
  }

  private async run(request: DrawRequest, from: PageOrigin): Promise<Drawing> {
    const piscina = this.workers();
    this.running++;
    const views = new ViewsSeen();
    let outage = false;
    const { port1, port2 } = new MessageChannel();
    port1.on('message', ({ id, call }: { id: number; call: ApiCall }) => {
      // A drawing only reads.
      const answered = call.method === 'GET' || call.method === 'HEAD' ? injectAnswer(this.app, from, call) : Promise.resolve({ status: 405, headers: [], body: new Uint8Array() });
      answered.then(
        (answer) => {
          views.read(answer);
          if (answer.status === 503 || answer.headers.some(([name]) => name === STALE_HEADER)) outage = true;
          // The body is this answer's own copy: moved, not copied again.
          port1.postMessage({ id, answer }, [answer.body.buffer]);
        },
        (err: unknown) => port1.postMessage({ id, error: String(err) }),
      );
    });
    try {
      this.stats.drawings++;
      const page = (await piscina.run({ request, apiBaseUrl: INTERNAL_API_BASE, port: port2 }, { transferList: [port2] })) as DrawnPage;
      // Sent as one string (draw-worker.js).
      if (typeof page.styles === 'string') page.styles = JSON.parse(page.styles) as DrawnPage['styles'];
      return { page, views, outage };
    } catch (err) {
      this.stats.failed++;
      throw new PageNotDrawn('failed', err);
    } finally {
      port1.close();
      this.running--;
      this.next();
    }
  }

  /** Starts the drawing that has waited longest and is still wanted. */
  private next(): void {
    this.dropUnwanted();
    const task = this.running < this.options.workers ? this.waiting.shift() : undefined;
    if (task) this.run(task.request, task.from).then(task.resolve, task.reject);
  }

  private dropUnwanted(): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const task = this.waiting[i];
      if (task.wanted()) continue;
      this.waiting.splice(i, 1);
      this.stats.dropped++;
      task.reject(new PageNotDrawn('deadline'));
    }
  }

  /** Drawings under way in a thread now. */
  get drawing(): number {
    return this.running;
  }

  /** Drawings waiting for a free thread now (those no reader waits for any more included until dropped). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Drawing threads running now (idle ones included). */
  get threads(): number {
    return this.piscina?.threads.length ?? 0;
  }

  private workers(): Piscina {
    this.piscina ??= new Piscina({
      filename: WORKER_FILE,
      // Threads start with drawings, up to `workers`, and end after WORKER_IDLE_MS without one.
      minThreads: 0,
      maxThreads: this.options.workers,
      idleTimeout: this.idleMs,
      // Tasks wait for a free worker in this class (see above), never in piscina's own queue.
      // A task waits on messages from this thread: a worker blocked in Atomics.wait between
      // tasks could stall the end of one.
      atomics: 'disabled',
      workerData: { rendererFile: this.options.rendererFile, niceness: this.options.niceness },
    });
    return this.piscina;
  }
}
