/**
 * What repositories need from a database: the same calls on PGlite and on PostgreSQL. Apart from
 * db.ts (which opens one) so that read-routing.ts, which wraps one, needs no import of db.ts.
 */
export interface QueryOptions {
  /**
   * Kept prepared on each connection (PostgreSQL): planned once, then run from its generic plan.
   * For the hot statements whose best plan does not depend on their values (reads by id);
   * planning a page of posts with its joins costs more than running it.
   */
  prepare?: boolean;
  /**
   * Read on the primary even where reads go to replicas (db/read-routing.ts): what must be as
   * of now, such as whether a session is still open.
   */
  primary?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs several statements separated by semicolons (migrations, bulk loads). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction: all of its writes land, or none do. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The connection pool now, for /metrics (PostgreSQL). PGlite has none: one connection in
   * this process, whose queries PGlite itself runs one at a time.
   */
  poolStats?(): PoolStats;
  /**
   * The embedded database only: a dump of the whole database folder (gzip'd tar, PGlite's own
   * format), taken between two statements — a consistent copy — for backups (src/server/backup.ts).
   */
  dumpData?(): Promise<Blob>;
}

/** Connections open (at most `max`), of which idle, and queries waiting for one. */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}
