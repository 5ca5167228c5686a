import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { DataFolderInUse, lockDataFolder, lockLostMessage, type DataFolderLock } from './data-folder-lock';

export { DataFolderInUse };

/** What repositories need from a database: the same calls on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements separated by semicolons (migrations, bulk loads). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction: all of its writes land, or none do. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// int8 (counts, sums) as JS numbers on both drivers; our ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  /** postgres://… — use a PostgreSQL server through a pool. */
  databaseUrl?: string;
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
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir, options.onLockLost);
}

/** Shared buffers of the embedded database. */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir?: string, onLockLost?: (err: Error) => void): Promise<Db> {
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
  try {
    // PGlite's default 128 MB of shared buffers is most of its memory; 32 MB served bench:api's
    // workloads on 100,000 posts as fast (RSS peak 518 → about 380 MB).
    lite = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  } catch (err) {
    await lock?.release();
    throw err;
  }
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
    async close() {
      try {
        await lite.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max });
  // A dropped idle connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params as unknown[])).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params?: unknown[]) {
            return (await client.query(sql, params as unknown[])).rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
