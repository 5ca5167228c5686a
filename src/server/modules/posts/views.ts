import { AsyncResource } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { BoundedCache } from '../../cache/bounded-cache';
import type { Queryable } from '../../db/db';

/** A reader's view of a post counts once per this period. */
export const VIEW_PERIOD_MS = 30 * 60 * 1000;
/** How many recent (post, reader) pairs a process remembers; beyond that the oldest go. */
const REMEMBERED_VIEWS = 50_000;
/** What they may take (a pair's key is some 30 characters). */
const REMEMBERED_BYTES = 8 * 1024 * 1024;

/**
 * Who is reading, for view counting: the account, else the client's address (hashed, so no
 * address is stored). Nothing the client chooses freely (the user agent, a cookie) is part of
 * it, or a script could count itself again by changing it. An IPv6 client is its /64 network:
 * one household or device is handed a whole /64 and can pick any address in it.
 */
export function readerKey(req: FastifyRequest): string {
  if (req.auth) return `u:${req.auth.userId}`;
  return `a:${createHash('sha256').update(clientNetwork(req.ip)).digest('base64url').slice(0, 22)}`;
}

/** An IPv4 address as is (an IPv4-mapped IPv6 one too); an IPv6 address's first 64 bits. */
export function clientNetwork(ip: string): string {
  const address = ip.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** Views waiting are written this long after the first of them, at the latest (one statement). */
export const FLUSH_INTERVAL_MS = 1000;
/** …or as soon as this many wait. */
export const FLUSH_AT = 1000;
/** At most this many views in one statement (the rest wait for the next). */
const BATCH_MOST = 10_000;
/**
 * At most this many views wait (the database away or slow): past it the oldest are dropped,
 * and the log says how many. Some 2 MB.
 */
export const MAX_WAITING = 20_000;
/**
 * A view whose statement failed is tried again with the next ones, up to this many times in all,
 * the next statement 1, 2, 4, then 8 s after a failed one: some 40 s of a database away.
 */
export const MAX_ATTEMPTS = 8;
const RETRY_MOST_MS = 8000;
/**
 * After a statement that took long, the next waits this many times as long: writing views never
 * takes more than about a quarter of one database connection's time, however many there are.
 */
const SLOW_PAUSE = 3;

/** A view waiting to be written. */
interface Waiting {
  postId: number;
  reader: string;
  /** Statements it was part of that failed. */
  attempts: number;
}

/** What a view counter has done, for tests and the log. */
export interface ViewStats {
  /** Statements sent, and those that failed. */
  batches: number;
  failed: number;
  /** Views counted by the database (new for their reader and period). */
  counted: number;
  /** Views given up: after MAX_ATTEMPTS failed statements, or past MAX_WAITING. */
  dropped: number;
}

/**
 * Counts views without holding up the answer, in batches. A view is kept in memory and written
 * with the others of the same second in one statement (or sooner, once FLUSH_AT wait; one
 * statement at a time). The rule lives in the database (post_views: one row per post and reader,
 * a view counts when there is none or it is 30 minutes old), which that statement keeps, so it
 * holds across processes; each process also remembers the pairs it saw recently, so that a
 * reader reloading a page does not cost a write each time. A statement that fails is logged and
 * its views are tried again with the next one (later each time), up to MAX_ATTEMPTS times;
 * closing the app writes what waits (settle).
 */
export class ViewCounter {
  /** post:reader → when the counted view was made (ms); the least recently remembered go first. */
  private readonly recent = new BoundedCache<string, number>({ maxBytes: REMEMBERED_BYTES, maxEntries: REMEMBERED_VIEWS, sizeOf: () => 8 });
  /** Views not yet written, by post:reader (one each), oldest first. */
  private waiting = new Map<string, Waiting>();
  /** The statement under way. */
  private flushing: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** No statement starts before this (ms, performance.now()): see SLOW_PAUSE. */
  private notBefore = 0;
  private closed = false;
  /** Statements failed in a row. */
  private failures = 0;
  /** Views dropped past MAX_WAITING since the last statement ended (logged then). */
  private unreported = 0;
  readonly stats: ViewStats = { batches: 0, failed: 0, counted: 0, dropped: 0 };
  /**
   * Statements are sent outside the request that recorded a view (its async context is the
   * app's, as when this counter was made): a request has not written because a view of it waits.
   */
  private readonly flushApart = AsyncResource.bind(() => void this.flush());

  constructor(
    private readonly db: Queryable,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Records a view in the background; never throws and never waits for the database. */
  record(postId: number, reader: string): void {
    const key = `${postId}:${reader}`;
    const seen = this.recent.peek(key);
    if (seen !== undefined && this.now() - seen < VIEW_PERIOD_MS) return;
    // Remembered at once, so that the same reader's requests arriving meanwhile do not write too.
    this.remember(key, this.now());
    if (this.waiting.has(key)) return;
    this.waiting.set(key, { postId, reader, attempts: 0 });
    if (this.waiting.size > MAX_WAITING) this.dropOldest(this.waiting.size - MAX_WAITING);
    this.schedule();
  }

  /** Views recorded and not yet written. */
  get pending(): number {
    return this.waiting.size;
  }

  /**
   * Writes the views waiting now, and resolves once they and the statement under way are written
   * (for tests, and when the app closes). A statement that fails ends it: its views wait for the
   * next try (logged), so settling never spins on a database that is away.
   */
  async settle(): Promise<void> {
    for (let rounds = 0; rounds < 100; rounds++) {
      if (this.flushing) {
        if (!(await this.flushing)) return;
        continue;
      }
      if (!this.waiting.size) return;
      if (!(await this.flush())) return;
    }
  }

  /**
   * Writes what waits and stops the timer: views recorded after this are written at once, one
   * statement at a time (the requests still being answered while the app closes).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.settle();
    if (this.waiting.size) {
      this.onError(new Error(`${this.waiting.size} post views could not be written before closing`));
    }
  }

  /** A statement soon: at once when FLUSH_AT views wait, else FLUSH_INTERVAL_MS after the first. */
  private schedule(): void {
    if (this.flushing || !this.waiting.size) return;
    const wait = Math.max(0, this.notBefore - performance.now());
    // Once closed, views (of requests still being answered) are written at once — but not tried
    // again at once after a failure: what is left was told when the app closed.
    if (this.closed) {
      if (!this.failures) this.flushApart();
      return;
    }
    if (this.waiting.size >= FLUSH_AT && wait === 0) {
      this.flushApart();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(this.flushApart, Math.max(wait, FLUSH_INTERVAL_MS));
    this.timer.unref();
  }

  /** One statement for the oldest views waiting (up to BATCH_MOST); false when it failed. */
  private flush(): Promise<boolean> {
    if (this.flushing) return this.flushing;
    if (!this.waiting.size) return Promise.resolve(true);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch: [string, Waiting][] = [];
    for (const entry of this.waiting) {
      batch.push(entry);
      if (batch.length === BATCH_MOST) break;
    }
    for (const [key] of batch) this.waiting.delete(key);
    const started = performance.now();
    const done = this.write(batch.map(([, view]) => view))
      .then(({ counted, earlier }) => {
        // Pairs whose reader was already counted for the period (by this process before it
        // forgot them, or by another): remembered from that view on, not from now.
        for (const { postId, reader, at } of earlier) this.remember(`${postId}:${reader}`, Math.min(at, this.now()));
        this.stats.counted += counted;
        this.failures = 0;
        return true;
      })
      .catch((err: unknown) => {
        this.stats.failed++;
        this.failures++;
        this.onError(err);
        this.retry(batch);
        return false;
      })
      .finally(() => {
        const took = performance.now() - started;
        const backoff = this.failures ? Math.min(RETRY_MOST_MS, FLUSH_INTERVAL_MS * 2 ** (this.failures - 1)) : 0;
        this.notBefore = performance.now() + Math.max(took * SLOW_PAUSE, backoff);
        this.flushing = null;
        if (this.unreported) {
          this.onError(new Error(`${this.unreported} post views were dropped: more than ${MAX_WAITING} were waiting to be written`));
          this.unreported = 0;
        }
        this.schedule();
      });
    this.flushing = done;
    this.stats.batches++;
    return done;
  }

  /** The views of a failed statement wait again, before the newer ones; those tried enough are dropped. */
  private retry(batch: [string, Waiting][]): void {
    const again = new Map<string, Waiting>();
    let gaveUp = 0;
    for (const [key, view] of batch) {
      if (view.attempts + 1 >= MAX_ATTEMPTS) {
        gaveUp++;
        // Not counted: the next view of that reader may be.
        this.recent.delete(key);
      } else if (!this.waiting.has(key)) again.set(key, { ...view, attempts: view.attempts + 1 });
    }
    for (const [key, view] of this.waiting) if (!again.has(key)) again.set(key, view);
    this.waiting = again;
    if (gaveUp) {
      this.stats.dropped += gaveUp;
      this.onError(new Error(`${gaveUp} post views were not counted: their statement failed ${MAX_ATTEMPTS} times`));
    }
    if (this.waiting.size > MAX_WAITING) this.dropOldest(this.waiting.size - MAX_WAITING);
  }

  /** Drops the oldest views waiting (the database away or slow for long): told after the next statement. */
  private dropOldest(n: number): void {
    let dropped = 0;
    for (const key of this.waiting.keys()) {
      if (dropped === n) break;
      this.waiting.delete(key);
      // Not counted: the next view of that reader may be.
      this.recent.delete(key);
      dropped++;
    }
    this.stats.dropped += dropped;
    this.unreported += dropped;
  }

  /**
   * One statement for a batch of views (each post and reader once): each inserts or refreshes
   * its reader's row when the last view is old enough (the rule, kept by the database however
   * many processes write), and each post's count grows by the views that counted. Views of posts
   * deleted meanwhile are left out. Answers how many counted, and the views that did not, each
   * with the time of the earlier view that still does (the SELECT sees post_views as it was
   * before the statement).
   */
  private async write(views: Waiting[]): Promise<{ counted: number; earlier: { postId: number; reader: string; at: number }[] }> {
    const [row] = await this.db.query<{ counted: number; earlier: [number, string, string][] | null }>(
      `WITH batch AS (
         SELECT b.post_id, b.reader FROM unnest($1::integer[], $2::text[]) AS b(post_id, reader)
          WHERE EXISTS (SELECT 1 FROM posts p WHERE p.id = b.post_id)
       ), counted AS (
         INSERT INTO post_views (post_id, reader)
         SELECT post_id, reader FROM batch ORDER BY post_id, reader
         ON CONFLICT (post_id, reader) DO UPDATE SET viewed_at = now()
          WHERE post_views.viewed_at < now() - interval '30 minutes'
         RETURNING post_id, reader
       ), bumped AS (
         -- Runs to completion although nothing reads it, as every data-modifying WITH does.
         UPDATE posts p SET view_count = p.view_count + c.n
           FROM (SELECT post_id, count(*)::integer AS n FROM counted GROUP BY post_id) c
          WHERE p.id = c.post_id
         RETURNING p.id
       )
       SELECT (SELECT count(*) FROM counted)::integer AS counted,
              (SELECT json_agg(json_build_array(v.post_id, v.reader, v.viewed_at))
                 FROM batch b JOIN post_views v ON v.post_id = b.post_id AND v.reader = b.reader
                WHERE NOT EXISTS (SELECT 1 FROM counted c WHERE c.post_id = b.post_id AND c.reader = b.reader)) AS earlier`,
      [views.map((v) => v.postId), views.map((v) => v.reader)],
    );
    return {
      counted: Number(row.counted),
      earlier: (row.earlier ?? []).map(([postId, reader, at]) => ({ postId: Number(postId), reader, at: new Date(at).getTime() })),
    };
  }

  private remember(key: string, at: number): void {
    this.recent.set(key, at);
  }
}

/** The app's view counter (the posts plugin's: see plugin.ts). */
export function viewCounter(req: FastifyRequest): ViewCounter {
  return req.server.posts.views;
}

/** Writes the views waiting in an app and waits for them (for tests; the plugin does so when it closes). */
export async function settleViews(app: FastifyInstance): Promise<void> {
  await app.posts.views.settle();
}

/** The counter of an app, for tests that wait for views to be written. */
export function existingViewCounter(app: FastifyInstance): ViewCounter | undefined {
  return app.posts?.views;
}
