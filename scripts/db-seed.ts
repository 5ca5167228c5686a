/**
 * npm run db:seed [-- --posts N] [--reset] [--seed S] [--now 2026-01-31]
 *
 * Writes the deterministic demo content into the database the server would use (DATABASE_URL,
 * or PGlite under DATA_DIR/pglite), after applying pending migrations. A database that already
 * holds posts is left alone unless --reset empties it first (accounts, sessions and content;
 * media files are content-addressed and simply reused).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDb, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { DEFAULT_POSTS, DEFAULT_SEED, seedDemo } from '../src/server/seed';

const USAGE = 'usage: npm run db:seed [-- --posts N] [--reset] [--seed S] [--now YYYY-MM-DD]';

/** Every table the seed fills; CASCADE reaches those that refer to them (sessions, views, …). */
const SEEDED_TABLES = [
  'users', 'cities', 'organizations', 'subsidiaries', 'departments', 'post_types', 'categories', 'subcategories',
  'hashtags', 'posts', 'post_categories', 'post_subcategories', 'post_hashtags', 'attachments', 'bookmarks',
  'follows', 'interests',
];

async function reset(db: Db) {
  await db.transaction(async (tx) => {
    await tx.exec(`TRUNCATE ${SEEDED_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
    // TRUNCATE fires no row triggers, so the counts they keep are zeroed by hand.
    await tx.exec('UPDATE post_status_counts SET n = 0');
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      now: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const posts = values.posts === undefined ? DEFAULT_POSTS : Number(values.posts);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (!Number.isSafeInteger(posts) || posts < 0 || posts > 10_000_000) throw new Error(`--posts must be a whole number from 0 to 10,000,000\n${USAGE}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be a whole number\n${USAGE}`);
  if (Number.isNaN(now.getTime())) throw new Error(`--now must be a date such as 2026-01-31\n${USAGE}`);

  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
    if (values.reset) {
      await reset(db);
      console.log('database emptied');
    } else {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
      if (row.n) {
        console.error(`The database already holds ${row.n} posts; run with --reset to replace them.`);
        process.exitCode = 1;
        return;
      }
    }
    const summary = await seedDemo(db, { posts, seed, now, dataDir: config.dataDir, log: (msg) => console.log(msg) });
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
