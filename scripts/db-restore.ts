import { parseArgs } from 'node:util';
import path from 'node:path';
import { restoreBackup } from '../src/server/backup';
import { loadConfig } from '../src/server/config';
import { openDb } from '../src/server/db/db';
import { lockDataFolder } from '../src/server/db/data-folder-lock';

/**
 * npm run db:restore FILE [--replace]
 *
 * Restores a backup made by `npm run db:backup` into DATA_DIR (stop the server first: a folder a
 * server has open is refused). An existing database is replaced only with --replace. The restored
 * database's every table is counted against the backup's manifest, and every media file checked
 * by its SHA-256, before anything is put in place.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('db:restore restores the embedded database. For PostgreSQL use pg_restore (README, "Running at scale").');
    process.exit(2);
  }
  const { values, positionals: [file] } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
  if (!file) {
    console.error('usage: npm run db:restore FILE [--replace]');
    process.exit(2);
  }
  // Held while restoring: no server may open the folder meanwhile (and none has it now).
  const lock = await lockDataFolder(path.join(config.dataDir, 'pglite'), () => process.exit(1));
  try {
    const manifest = await restoreBackup(path.resolve(file), config.dataDir, (dump, dir) => openDb({ dataDir: dir, loadDataDir: dump }), {
      replace: values.replace,
    });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(`restored into ${config.dataDir}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.media.length} media files (backup of ${manifest.createdAt})`);
  } finally {
    await lock.release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
