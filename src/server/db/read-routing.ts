import { requestContext } from '@fastify/request-context';
import type { Db, PoolStats, Queryable, QueryOptions } from './types';
import { isDatabaseUnreachable } from './unreachable';

/**
 * Reads on PostgreSQL replicas (DATABASE_REPLICA_URLS), writes on the primary.
 *
 * The repositories keep calling one Db; this one decides per statement:
 * - a statement that is not a plain read (anything but SELECT/WITH without a write, a row lock
 *   or a sequence or advisory-lock function), every transaction and every exec go to the primary;
 * - outside a request (start-up, scheduled work) everything goes to the primary;
 * - inside a request, reads go to a replica (in turn) unless the request says `primary`: a write
 *   request (not GET/HEAD), one that has written already, and a signed-in reader who wrote in
 *   the last READ_YOUR_WRITES_MS or signed in then (modules/auth/context.ts) — so what a reader
 *   just did is read back from where it was written, never from a replica that has not replayed
 *   it yet (a new bookmark never seems to vanish);
 * - a replica that cannot be reached, or refuses (a write it could not tell), is left for the
 *   primary: the read is run there, and an unreachable replica is not tried again for
 *   REPLICA_RETRY_MS.
 * The content version is read in the same statement as what is cached with it
 * (modules/posts/post-cache.ts), so a replica behind the primary is never cached as newer.
 */

/** What a request carries for the routing (in @fastify/request-context's store). */
export interface ReadRoute {
  /** Every statement of this request on the primary. */
  primary: boolean;
  /** The request has written (on the primary). */
  wrote: boolean;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    readRoute: ReadRoute;
  }
}

/** The current request's routing, if a request is under way and replicas are configured. */
export const currentRoute = (): ReadRoute | undefined => requestContext.get('readRoute');

/** Whether a statement only reads: it may run on a replica. */
export function isPlainRead(sql: string): boolean {
  return /^\s*(SELECT|WITH)\b/i.test(sql) && !WRITES.test(sql);
}
const WRITES = /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|FOR\s+(NO\s+KEY\s+)?UPDATE|FOR\s+(KEY\s+)?SHARE|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|set_config|txid_current|pg_notify)\b/i;

/** How long a replica that could not be reached is left alone. */
const REPLICA_RETRY_MS = 5000;

/**
 * A replica that cannot be reached (unreachable.ts), or that answers but cannot serve: the
 * server going away otherwise (57P), a read-only refusal (25006), a database the replica has
 * not replayed yet (3D000).
 */
const leaveForPrimary = (err: unknown): boolean =>
  isDatabaseUnreachable(err) || /^(57P|25006$|3D000$)/.test(String((err as { code?: string }).code ?? ''));

export interface ReplicaStats {
  /** Reads run on a replica, and those that fell back to the primary. */
  reads: number[];
  fallbacks: number;
  primaryReads: number;
}

export interface RoutedDb extends Db {
  readonly replicas: number;
  replicaStats(): ReplicaStats;
}

export function routeReads(primary: Db, replicas: Db[], onFallback?: (replica: number, err: unknown) => void): RoutedDb {
  let next = 0;
  const downUntil = replicas.map(() => 0);
  const stats: ReplicaStats = { reads: replicas.map(() => 0), fallbacks: 0, primaryReads: 0 };

  const pick = (): number => {
    const now = Date.now();
    for (let i = 0; i < replicas.length; i++) {
      const n = (next + i) % replicas.length;
      if (downUntil[n] <= now) {
        next = (n + 1) % replicas.length;
        return n;
      }
    }
    return -1;
  };

  const query = async <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]> => {
    const route = currentRoute();
    const read = isPlainRead(sql);
    if (!read && route) {
      route.wrote = true;
      route.primary = true;
    }
    if (!read || !route || route.primary || options?.primary) {
      if (read) stats.primaryReads++;
      return primary.query<T>(sql, params, options);
    }
    const n = pick();
    if (n < 0) {
      stats.fallbacks++;
      return primary.query<T>(sql, params, options);
    }
    try {
      const rows = await replicas[n].query<T>(sql, params, options);
      stats.reads[n]++;
      return rows;
    } catch (err) {
      if (!leaveForPrimary(err)) throw err;
      const code = (err as { code?: unknown }).code;
      if (code !== '25006') downUntil[n] = Date.now() + REPLICA_RETRY_MS;
      stats.fallbacks++;
      onFallback?.(n, err);
      return primary.query<T>(sql, params, options);
    }
  };

  return {
    kind: primary.kind,
    replicas: replicas.length,
    query,
    exec: async (sql: string) => {
      const route = currentRoute();
      if (route) route.wrote = route.primary = true;
      await primary.exec(sql);
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => {
      const route = currentRoute();
      if (route) route.wrote = route.primary = true;
      return primary.transaction(fn);
    },
    async close() {
      await Promise.allSettled(replicas.map((r) => r.close()));
      await primary.close();
    },
    poolStats: primary.poolStats ? (): PoolStats => primary.poolStats!() : undefined,
    replicaStats: () => ({ reads: [...stats.reads], fallbacks: stats.fallbacks, primaryReads: stats.primaryReads }),
  };
}

export const isRouted = (db: Db): db is RoutedDb => typeof (db as Partial<RoutedDb>).replicaStats === 'function';
