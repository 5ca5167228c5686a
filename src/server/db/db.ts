import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { collectGarbage } from '../memory';
import { PgliteFolderFs } from './pglite-fs';
import { routeReads } from './read-routing';
import type { Db, PoolStats, Queryable, QueryOptions } from './types';
import { DataFolderInUse, lockDataFolder, lockLostMessage, type DataFolderLock } from './data-folder-lock';

export { DataFolderInUse };

export type { Db, PoolStats, Queryable, QueryOptions };

// int8 (counts, sums) as JS numbers on both drivers; our ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  /** postgres://… — use a PostgreSQL server through a pool. */
  databaseUrl?: string;
  /**
   * postgres://… of streaming replicas of that server (DATABASE_REPLICA_URLS): requests' reads go
   * to them, writes to the primary (db/read-routing.ts).
   */
  replicaUrls?: string[];
  /**
   * Directory for PGlite's files, or undefined for an in-memory database. It is locked for this
   * process (data-folder-lock.ts): another process, or another openDb on it here, gets
   * DataFolderInUse until close().
   */
  dataDir?: string;
  poolSize?: number;
  /**
   * Called if the folder's lock is taken away while open (the lock folder deleted, or taken
   * over by another process): by default the message is printed and the process exits, since
   * two processes writing one folder lose writes.
   */
  onLockLost?: (err: Error) => void;
  /** Told when a read meant for a replica ran on the primary instead (unreachable, or refused). */
  onReplicaFallback?: (replica: number, err: unknown) => void;
  /** A new embedded database folder is filled from this dump first (a restore: src/server/backup.ts). */
  loadDataDir?: Blob;
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (!options.databaseUrl) return openPglite(options.dataDir, options.onLockLost, options.loadDataDir);
  const primary = await openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (!options.replicaUrls?.length) return primary;
  const replicas: Db[] = [];
  try {
    // Not asked at once: a replica down at start is left for the primary until it answers.
    for (const url of options.replicaUrls) replicas.push(await openPostgres(url, options.poolSize ?? 10, false));
  } catch (err) {
    await Promise.allSettled([primary.close(), ...replicas.map((r) => r.close())]);
    throw err;
  }
  return routeReads(primary, replicas, options.onReplicaFallback);
}

/** Shared buffers of the embedded database. */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir?: string, onLockLost?: (err: Error) => void, loadDataDir?: Blob): Promise<Db> {
  // Locked before PGlite touches a file, so a second process never opens them.
  let lock: DataFolderLock | undefined;
  if (dataDir) {
    lock = await lockDataFolder(
      dataDir,
      onLockLost ??
        (() => {
          console.error(lockLostMessage(dataDir));
          process.exit(1);
        }),
    );
  }
  let lite: PGlite;
  // A new database is made by a second, temporary Postgres (pglite-fs.ts), dropped once done.
  const isNew = dataDir !== undefined && !loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'));
  try {
    // PGlite's default 128 MB of shared buffers is most of its memory; 32 MB served bench:api's
    // workloads on 100,000 posts as fast (RSS peak 518 → about 380 MB).
    lite = await PGlite.create({ dataDir, fs: dataDir ? new PgliteFolderFs(dataDir) : undefined, loadDataDir, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  } catch (err) {
    await lock?.release();
    throw err;
  }
  // Its heaps (some 300 MB) are garbage now; collected before migrations and the demo content
  // add theirs, they never count in the first start's peak.
  if (isNew) collectGarbage();
  const parsers = { 20: (v: string) => Number(v) };
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params, { parsers })).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    // PGlite holds its query lock for the dump: no statement runs while the files are read.
    dumpData: async () => await lite.dumpDataDir('gzip'),
    async close() {
      try {
        await lite.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

// Prepared statements' names, by text: one name per text, the same on every connection.
const statementNames = new Map<string, string>();
const statementName = (sql: string) => {
  let name = statementNames.get(sql);
  if (!name) {
    name = 'q' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
    statementNames.set(sql, name);
  }
  return name;
};

/** A statement for node-postgres: named (prepared per connection) when asked. */
const statement = (sql: string, params: unknown[] | undefined, options?: QueryOptions): pg.QueryConfig =>
  options?.prepare ? { name: statementName(sql), text: sql, values: params } : { text: sql, values: params };

async function openPostgres(connectionString: string, max: number, probe = true): Promise<Db> {
  // No JIT compilation: every statement here is a short read or write, and PostgreSQL compiles
  // any whose estimated cost passes jit_above_cost — a search over a million posts does — at
  // tens of milliseconds to save a few (search p50 on 1,000,000 posts: 235 → 178 ms).
  // A replica (probe false) that does not answer within 2 s is left for the primary (read-routing.ts).
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off', ...(probe ? {} : { connectionTimeoutMillis: 2000 }) });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  if (probe) await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      return (await pool.query(statement(sql, params, options))).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A connection lost while the transaction waits on something else (an e-mail's send: the
      // alerts job) is told as an 'error' event with no query to fail, which would end the
      // process; the transaction's next statement fails instead, and the client is dropped.
      let lost = false;
      const onLost = () => void (lost = true);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
            return (await client.query(statement(sql, params, options))).rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => void (lost = true));
        throw err;
      } finally {
        client.off('error', onLost);
        client.release(lost || undefined);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
