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

export interface JobLoopOptions {
  db: Db;
  /** The pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** One run of the scheduled work; `stop` is aborted when the process is closing (stop between batches). */
  work: (stop: AbortSignal) => Promise<unknown>;
  /** A run that failed as a whole (its own steps log their own failures). */
  log: (err: unknown) => void;
}

/**
 * Runs the scheduled work now and again and again, one run at a time in this process: the next
 * run is timed from the end of the one before (a run longer than the interval is never joined by
 * a second one, as setInterval would), and across processes under asTheOneRunner. Returns how to
 * stop it: no run starts after, and the promise settles once the run under way has finished.
 */
export function startJobLoop({ db, intervalMs, work, log }: JobLoopOptions): () => Promise<void> {
  const stopped = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    timer = undefined;
    running = asTheOneRunner(db, () => work(stopped.signal)).then(
      () => next(),
      (err: unknown) => {
        log(err);
        next();
      },
    );
  };
  const next = () => {
    if (stopped.signal.aborted) return;
    timer = setTimeout(run, intervalMs);
    // The loop alone never keeps the process alive.
    timer.unref();
  };
  run();
  return async () => {
    stopped.abort();
    if (timer) clearTimeout(timer);
    timer = undefined;
    await running;
  };
}
