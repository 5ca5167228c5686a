import { parseArgs } from 'node:util';
import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { backupFileName, writeBackup } from '../src/server/backup';
import { loadConfig } from '../src/server/config';
import { DataFolderInUse, openDb } from '../src/server/db/db';

/**
 * npm run db:backup [FILE]
 *
 * A backup of the embedded database and its media files (src/server/backup.ts), written to FILE
 * or to DATA_DIR/backups/qarar-<time>.tar. While a server serves the folder, that server takes it
 * (POST /internal/backup on this machine, with METRICS_TOKEN when one is set), consistent as of
 * one moment; otherwise this script opens the folder itself. PostgreSQL: use pg_dump (README).
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('db:backup backs up the embedded database. For PostgreSQL use pg_dump -Fc, or base backups with WAL archiving (README, "Running at scale").');
    process.exit(2);
  }
  const { positionals: [target] } = parseArgs({ allowPositionals: true });
  const wanted = target ? path.resolve(target) : undefined;
  let written: { file: string; tables: Record<string, number>; media: unknown[] };
  try {
    const db = await openDb({ dataDir: path.join(config.dataDir, 'pglite'), onLockLost: () => process.exit(1) });
    try {
      const file = wanted ?? backupFileName(config.dataDir);
      const manifest = await writeBackup(db, config.dataDir, file);
      written = { file, ...manifest };
    } finally {
      await db.close();
    }
  } catch (err) {
    if (!(err instanceof DataFolderInUse)) throw err;
    // A server has the folder: it takes the backup, into DATA_DIR/backups.
    const res = await fetch(`http://127.0.0.1:${config.port}/internal/backup`, {
      method: 'POST',
      headers: config.metricsToken ? { authorization: `Bearer ${config.metricsToken}` } : {},
    }).catch((cause: unknown) => {
      throw new Error(`the data folder is in use, and no server answers on port ${config.port} to take the backup`, { cause });
    });
    if (!res.ok) throw new Error(`the server refused the backup (${res.status}): ${await res.text()}`);
    written = (await res.json()) as typeof written;
    if (wanted && wanted !== written.file) {
      copyFileSync(written.file, wanted);
      rmSync(written.file);
      written.file = wanted;
    }
  }
  const rows = Object.values(written.tables).reduce((a, b) => a + b, 0);
  console.log(`backup written: ${written.file} (${Object.keys(written.tables).length} tables, ${rows} rows, ${written.media.length} media files)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
