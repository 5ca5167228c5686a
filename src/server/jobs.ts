import type { Db } from './db/db';

/** The advisory lock of the scheduled work (migrate.ts and the seed have their own keys). */
export const JOBS_LOCK = 724_200;

/**
 * Runs the scheduled work (due posts published, alerts matched and sent) in one process at a
 * time: on PostgreSQL under a transaction-level advisory lock that the other processes, finding
 * it taken, skip (their turn comes at their next look); answers undefined when skipped. The
 * work's own writes go through their own transactions; the lock's transaction only holds it
 * (one pooled connection for the while). With the embedded database there is one process.
 */
export async function asTheOneRunner<T>(db: Db, work: () => Promise<T>): Promise<T | undefined> {
  if (db.kind === 'pglite') return work();
  return db.transaction(async (tx) => {
    const [{ taken }] = await tx.query<{ taken: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS taken', [JOBS_LOCK]);
    return taken ? work() : undefined;
  });
}
