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

/**
 * Counts views without holding up the answer. The rule lives in the database (post_views: one
 * row per post and reader, a view counts when there is none or it is 30 minutes old), so it
 * holds across processes; each process also remembers the pairs it saw recently, so that a
 * reader reloading a page does not cost a write each time.
 */
export class ViewCounter {
  /** post:reader → when the counted view was made (ms); the least recently remembered go first. */
  private readonly recent = new BoundedCache<string, number>({ maxBytes: REMEMBERED_BYTES, maxEntries: REMEMBERED_VIEWS, sizeOf: () => 8 });
  private readonly pending = new Set<Promise<void>>();

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
    const write = this.write(postId, reader)
      .then((lastView) => this.remember(key, lastView))
      .catch((err) => {
        this.recent.delete(key);
        this.onError(err);
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Resolves when the writes under way have finished (for tests and graceful shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /**
   * One statement: insert or refresh the reader's row when the last view is old enough, and
   * bump the post's count only then. Answers the time of the view that counts for the period:
   * this one, or the earlier one that still does (the SELECT sees the row as it was).
   */
  private async write(postId: number, reader: string): Promise<number> {
    const [row] = await this.db.query<{ counted: Date | null; previous: Date | null }>(
      `WITH counted AS (
         INSERT INTO post_views (post_id, reader) VALUES ($1, $2)
         ON CONFLICT (post_id, reader) DO UPDATE SET viewed_at = now()
          WHERE post_views.viewed_at < now() - interval '30 minutes'
         RETURNING viewed_at
       ), bumped AS (
         -- Runs to completion although nothing reads it, as every data-modifying WITH does.
         UPDATE posts SET view_count = view_count + 1
          WHERE id = $1 AND EXISTS (SELECT 1 FROM counted)
         RETURNING id
       )
       SELECT (SELECT viewed_at FROM counted) AS counted,
              (SELECT viewed_at FROM post_views WHERE post_id = $1 AND reader = $2) AS previous`,
      [postId, reader],
    );
    const at = row?.counted ?? row?.previous;
    // The database's clock and ours may differ; never remember a view as newer than now.
    return at ? Math.min(new Date(at).getTime(), this.now()) : this.now();
  }

  private remember(key: string, at: number): void {
    this.recent.set(key, at);
  }
}

/** The app's view counter (the posts plugin's: see plugin.ts). */
export function viewCounter(req: FastifyRequest): ViewCounter {
  return req.server.posts.views;
}

/** Waits for the view writes under way in an app (for tests; the plugin does so when it closes). */
export async function settleViews(app: FastifyInstance): Promise<void> {
  await app.posts.views.settle();
}

/** The counter of an app, for tests that wait for views to be written. */
export function existingViewCounter(app: FastifyInstance): ViewCounter | undefined {
  return app.posts?.views;
}
