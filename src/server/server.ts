import cluster from 'node:cluster';
import { CLUSTER_METRICS_ENV, serveClusterMetrics } from './http/cluster-metrics';
import { loadConfig, originProblem } from './config';
import { DataFolderInUse, openDb } from './db/db';
import { migrate } from './db/migrate';
import { startJobLoop } from './jobs';
import { lifecycle } from './lifecycle';
import { processCountOf } from './process-count';
import { servingMessage } from './serving-message';

/**
 * `npm start`: migrate, seed an empty database with the demo content, serve, close cleanly —
 * in WORKERS processes sharing the port (runPrimary) or in this one.
 */
async function main() {
  // Read (and its secret written, when new) before any process is started: they share it.
  const config = loadConfig();
  // Before anything is opened: a production server that does not know its own address stops here.
  const problem = originProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  const workers = processCountOf(process.env.WORKERS, config.databaseUrl);
  if (typeof workers === 'string') {
    console.error(workers);
    process.exit(2);
  }
  if (cluster.isPrimary && workers > 1) return runPrimary(workers);
  let replicaLog: ((replica: number, err: unknown) => void) | undefined;
  // How long each part of starting took (in the serving line): a restart's time is downtime.
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart);
    phaseStart = now;
  };
  phase('load');
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    replicaUrls: config.replicaUrls,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    onReplicaFallback: (replica, err) => replicaLog?.(replica, err),
  });
  phase('database');
  const applied = await migrate(db);
  phase('migrations');
  // The rest of the server is loaded once the database is open: a new embedded database is made
  // (initdb, the first start's peak of memory) before the app's modules take theirs.
  const [{ buildApp }, { seedIfEmpty }, { ensureSearchIndex }, { rekeyLists }, { ensurePostDocs }, { retentionStep }, { refreshVocabulary, VOCABULARY_POSTS_PER_RUN }] =
    await Promise.all([
      import('./app'),
      import('./seed'),
      import('./modules/posts/search-index'),
      import('./modules/alerts/subscriptions'),
      import('./modules/posts/post-docs'),
      import('./retention'),
      import('./modules/spelling/vocabulary'),
    ]);
  phase('modules');
  const app = await buildApp({
    db,
    config,
    logger: { level: config.logLevel, transport: process.stdout.isTTY ? { target: 'pino-pretty' } : undefined },
  });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  replicaLog = (replica, err) => app.log.warn({ replica, err: String(err) }, 'a read for a replica ran on the primary');
  // The database made ready to serve, once: by the only process, or by the first of several
  // (the others start when it listens: runPrimary).
  phase('app');
  if (process.env.QARAR_PREPARE !== '0') {
    const seeded = config.seedDemo ? await seedIfEmpty(db, config, app.log) : null;
    if (seeded) app.log.info(seeded, 'demo content created');
    // This key published (any other marked retired), and the demo's versions signed before the
    // portal serves them, as publishing signs a version at once (a database of an earlier release
    // has its own signed in the background: the job below).
    await app.signer.ensurePublished();
    if (seeded) app.log.info({ signed: await app.signer.signPending() }, 'demo versions signed');
    // A database indexed by an earlier analyzer is indexed again before it is searched.
    const reindexed = await ensureSearchIndex(db, { mediaRoot: `${config.dataDir}/media`, log: (msg) => app.log.info(msg) });
    if (reindexed) app.log.info({ posts: reindexed }, 'search index rebuilt');
    // E-mail alerts' lists looked up by keys of an older release or analyzer, keyed again.
    const rekeyed = await rekeyLists(db, { searches: reindexed > 0 });
    if (rekeyed) app.log.info({ lists: rekeyed }, 'alert lists keyed again');
    // Posts as answers show them, kept for the lists (a database from before migration 010, or
    // posts just seeded): those not kept are kept now, newest first.
    const kept = await ensurePostDocs(db, (msg) => app.log.info(msg));
    if (kept) app.log.info({ posts: kept }, 'posts kept as answers');
  }

  // On SIGTERM (a restart, a deployment taking this process out): first SHUTDOWN_DRAIN_MS of
  // serving as before while saying so — /readyz answers 503, every answer closes its
  // connection — so that a proxy or the other processes take the new requests and the ones
  // already sent (some still in the listening queue) are answered; then stop taking
  // connections, let the requests under way finish, stop the scheduled work, close the database
  // and exit 0. Should that take longer than SHUTDOWN_TIMEOUT_MS, what is left is cut (exit 1).
  // On SIGINT (Ctrl-C at a terminal) without the drain.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    if (signal === 'SIGTERM' && SHUTDOWN_DRAIN_MS > 0) {
      app.log.info({ signal, drainMs: SHUTDOWN_DRAIN_MS }, 'closing: draining');
      lifecycle.draining = true;
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
    }
    app.log.info({ signal }, 'closing: finishing the requests under way');
    const deadline = setTimeout(() => {
      app.log.error({ afterMs: Date.now() - started }, 'closing took too long: cutting the requests left');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    await Promise.all([app.close(), stopPublishing()]);
    await db.close();
    app.log.info({ ms: Date.now() - started }, 'closed');
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  // While draining, every answer closes its connection: the client's next request opens a new
  // one, which the proxy or the other processes take.
  app.server.prependListener('request', (_req, res) => {
    if (lifecycle.draining) res.setHeader('connection', 'close');
  });
  phase('prepare');
  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  app.log.info({ startupMs: { ...phases, process: Math.round(performance.now()) } }, servingMessage(app.server.address(), config.publicUrl, db.kind));

  // Scheduled posts are published when due, by whichever process looks first (each post is
  // taken under a row lock that the others skip); at start too, for those due while it was down.
  // Then e-mail alerts: posts just published are matched to alerts, and what is due is sent
  // (both kept in the database: a restart loses nothing, and processes share the work). Then
  // retention: rows past their rule deleted.
  // Rows kept no longer than their rule says (retention.ts), applied once a minute.
  const retention = retentionStep(db, { ...config.retention, refreshTokenTtlSeconds: config.refreshTokenTtlSeconds });
  // With several processes, one runs it at a time (asTheOneRunner: an advisory lock); in each,
  // one run at a time, the next PUBLISH_POLL_MS after the last has ended (startJobLoop). Each
  // step logs its own failure and the next goes on. Closing stops it between batches of
  // messages and waits for the run under way.
  stopPublishing = startJobLoop({
    db,
    intervalMs: PUBLISH_POLL_MS,
    log: (err) => app.log.error({ err }, 'the scheduled work could not start'),
    work: async (stop) => {
      await app.studio.publishDue()
        .then((ids) => ids.length && app.log.info({ posts: ids }, 'scheduled posts published'))
        .catch((err: unknown) => app.log.error({ err }, 'publishing scheduled posts failed'));
      // Versions not signed yet (made before signing existed, by the seed or the importer, or
      // by a process that stopped before signing them), and first versions never kept.
      await app.signer.signPending()
        .then((signed) => signed && app.log.info({ signed }, 'versions signed'))
        .catch((err: unknown) => app.log.error({ err }, 'signing versions failed'));
      await app.alerts.run(new Date(), stop)
        .then(({ matched, sent }) => (matched || sent) && app.log.info({ matched, sent }, 'alerts matched and sent'))
        .catch((err: unknown) => app.log.error({ err }, 'sending alerts failed'));
      // The day's open data (/data/): started in the background by whichever process claims the
      // day (modules/opendata), after this run's alerts, so that neither waits for the other.
      app.opendata.step();
      // After the alerts' step, whose cursors say which of the lists' posts may go.
      await retention(stop)
        .then((deleted) => deleted && Object.keys(deleted).length && app.log.info({ deleted }, 'retention: old rows deleted'))
        .catch((err: unknown) => app.log.error({ err }, 'retention failed'));
      // "Did you mean"'s vocabulary: the posts written since the last run read (a bounded batch;
      // a rebuild goes on at the next run), so that their words are offered (modules/spelling).
      await refreshVocabulary(db, { stop, maxPosts: VOCABULARY_POSTS_PER_RUN })
        .then((r) => (r.built || r.queued) && app.log.info(r, 'search vocabulary refreshed'))
        .catch((err: unknown) => app.log.error({ err }, 'refreshing the search vocabulary failed'));
    },
  });
}

let stopPublishing = async (): Promise<void> => undefined;

/** A line for the log in the format of the processes' own (pino's JSON). */
const primaryLog = (level: 30 | 40 | 50, msg: string, fields: object = {}) =>
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg }));

/**
 * The first process of several (node:cluster): starts one worker, which makes the database
 * ready (migrations, demo content, indexes), then the others once it listens; all share the
 * port. A worker that dies is replaced (not one that dies before ever serving: then all stop).
 * On SIGTERM or SIGINT each worker is told to close (each drains and finishes its requests:
 * main), and this process exits 0 once they have, 1 if one did not close cleanly.
 * It also gathers the workers' metrics for whichever of them is scraped (/metrics).
 */
function runPrimary(workers: number): void {
  let stopping = false;
  let failed = false;
  // GET /metrics in any worker answers for all of them: they ask this process (http/metrics.ts).
  serveClusterMetrics();
  const fork = (prepare: boolean) => cluster.fork({ QARAR_PREPARE: prepare ? '1' : '0', [CLUSTER_METRICS_ENV]: '1' });
  const first = fork(true);
  const served = new Set<number>();
  cluster.on('listening', (worker) => {
    served.add(worker.id);
    if (worker === first && served.size === 1) for (let i = 1; i < workers; i++) fork(false);
  });
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (code !== 0) failed = true;
      if (!alive) process.exit(failed ? 1 : 0);
      return;
    }
    if (!served.has(worker.id)) {
      primaryLog(50, 'a worker stopped before serving: stopping', { worker: worker.process.pid, code, signal });
      stopping = true;
      failed = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      if (!alive) process.exit(1);
      return;
    }
    primaryLog(40, 'a worker stopped: starting another', { worker: worker.process.pid, code, signal });
    fork(false);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    primaryLog(30, 'closing the workers', { signal, workers: Object.keys(cluster.workers ?? {}).length });
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  primaryLog(30, `starting ${workers} worker processes`, { workers });
}

/** How long closing may take, the drain included, before what is left is cut (SHUTDOWN_TIMEOUT_MS). */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000;
/** How long a process told to stop (SIGTERM) keeps serving while it says it is going (SHUTDOWN_DRAIN_MS; 0: none). */
const SHUTDOWN_DRAIN_MS = Math.max(0, Number(process.env.SHUTDOWN_DRAIN_MS ?? 2000) || 0);

/** How often due scheduled posts are looked for (PUBLISH_POLL_MS, for tests of the whole product). */
const PUBLISH_POLL_MS = Number(process.env.PUBLISH_POLL_MS) || 10_000;

main().catch((err) => {
  // A second process on one PGlite folder: say so plainly (no stack trace) and stop.
  if (err instanceof DataFolderInUse) {
    console.error(`\n${err.message}\n`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
