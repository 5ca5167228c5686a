import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/db';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin passes to a route's store: its merged options, with the route. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that keeps the counters in the database, so that several
 * API processes behind one proxy enforce one limit together. One statement per attempt
 * increments the counter, or starts a new window when the old one has ended.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(params: unknown = {}) {
      const info = (params as RouteParams).routeInfo;
      this.prefix = info?.url ? `${String(info.method)} ${info.url}|` : '';
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      db.query<{ count: number; ttl: number }>(
        `INSERT INTO rate_limits AS r (key, count, window_ends)
         VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.count + 1 END,
           window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends ELSE r.window_ends END
         RETURNING count, greatest(0, ceil(extract(epoch FROM (window_ends - now())) * 1000))::int AS ttl`,
        [this.prefix + key, timeWindow],
      // Windows that have ended are deleted by the scheduled work (retention.ts).
      ).then(([row]) => cb(null, { current: row.count, ttl: row.ttl }), (err: Error) => cb(err));
    }

    child(params: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  }
  return DatabaseRateLimitStore;
}
