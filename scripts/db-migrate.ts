/**
 * npm run db:migrate — applies pending migrations to the database the server would use
 * (DATABASE_URL, or PGlite under DATA_DIR/pglite), then exits.
 */
import { loadConfig } from '../src/server/config';
import { DataFolderInUse, openDb } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';

async function main() {
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err instanceof DataFolderInUse ? err.message : err);
  process.exit(1);
});
