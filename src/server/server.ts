import { buildApp } from './app';
import { loadConfig, originProblem } from './config';
import { DataFolderInUse, openDb } from './db/db';
import { migrate } from './db/migrate';
import { ensurePostDocs } from './modules/posts/post-docs';
import { runAlerts } from './modules/alerts/deliver';
import { rekeyLists } from './modules/alerts/subscriptions';
import { mailerFor } from './modules/auth/mailer';
import { publishDuePosts } from './modules/studio/posts';
import { ensureSearchIndex } from './modules/posts/search-index';
import { seedIfEmpty } from './seed';

/** `npm start`: migrate, seed an empty database with the demo content, serve, close cleanly. */
async function main() {
  const config = loadConfig();
  // Before anything is opened: a production server that does not know its own address stops here.
  const problem = originProblem(config);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  const applied = await migrate(db);
  const app = await buildApp({
    db,
    config,
    logger: { level: config.logLevel, transport: process.stdout.isTTY ? { target: 'pino-pretty' } : undefined },
  });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const seeded = await seedIfEmpty(db, config, app.log);
  if (seeded) app.log.info(seeded, 'demo content created');
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

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    await stopPublishing();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Qarar is serving on http://localhost:${config.port} (database: ${db.kind})`);

  // Scheduled posts are published when due, by whichever process looks first (each post is
  // taken under a row lock that the others skip); at start too, for those due while it was down.
  // Then e-mail alerts: posts just published are matched to alerts, and what is due is sent
  // (both kept in the database: a restart loses nothing, and processes share the work).
  const mailer = mailerFor(config, app.log);
  let publishing: Promise<unknown> = Promise.resolve();
  const publishDue = () => {
    publishing = publishDuePosts(db)
      .then((ids) => ids.length && app.log.info({ posts: ids }, 'scheduled posts published'))
      .catch((err: unknown) => app.log.error({ err }, 'publishing scheduled posts failed'))
      .then(() => runAlerts(db, mailer))
      .then(({ matched, sent }) => (matched || sent) && app.log.info({ matched, sent }, 'alerts matched and sent'))
      .catch((err: unknown) => app.log.error({ err }, 'sending alerts failed'));
  };
  publishDue();
  const timer = setInterval(publishDue, PUBLISH_POLL_MS);
  timer.unref();
  stopPublishing = async () => {
    clearInterval(timer);
    await publishing;
  };
}

let stopPublishing = async (): Promise<void> => undefined;

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
