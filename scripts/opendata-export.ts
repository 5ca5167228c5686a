/**
 * npm run opendata:export [-- --redo] [--sign]
 *
 * Makes today's (UTC) open data export now, as the scheduled work does once a day
 * (src/server/modules/opendata/): under DATA_DIR/opendata/, the published versions as JSON Lines
 * and CSV (gzip), the manifest and its signature; then deletes the days past retention. On the
 * database the server would use (DATABASE_URL, or PGlite under DATA_DIR/pglite: then with the
 * server stopped, as the embedded database is one process's). A day already made is left alone
 * (its files made here if this DATA_DIR lacks them) unless --redo makes it again from the versions
 * signed by now; --sign first signs the versions not signed yet (the scheduled work's step before).
 * Prints what it did, the files' sizes and the time taken.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { DataFolderInUse, openDb } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { OpenDataService } from '../src/server/modules/opendata/service';
import { VersionSigner } from '../src/server/modules/signing/signer';

async function main() {
  const { values } = parseArgs({ options: { redo: { type: 'boolean', default: false }, sign: { type: 'boolean', default: false } } });
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
    const signer = new VersionSigner(db, config.signingKey, config.dataDir, (err) => console.error(`a version could not be signed: ${err instanceof Error ? err.message : String(err)}`));
    if (values.sign) {
      const started = performance.now();
      const signed = await signer.signPending();
      console.log(`versions signed: ${signed} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const service = new OpenDataService({
      db,
      dataDir: config.dataDir,
      key: config.signingKey,
      origin: config.publicUrl ?? config.allowedOrigins[0] ?? '',
      beforeExport: () => signer.ensurePublished(),
    });
    const outcome = await service.run(new Date(), { redo: values.redo });
    if (outcome.done === 'nothing') {
      console.log(`nothing to do for ${outcome.day}: ${outcome.why === 'current' ? 'made already, its files here (--redo makes it again)' : 'another process is making it'}`);
    } else {
      console.log(`${outcome.done === 'exported' ? 'exported' : 'made again here'} ${outcome.day}: ${outcome.rows} versions in ${(outcome.ms / 1000).toFixed(1)} s`);
      if (outcome.done === 'copied' && !outcome.same) console.log('  (with other bytes than the day’s first export: this folder’s manifest lists its own)');
      const files = outcome.done === 'exported' ? outcome.files : [];
      for (const f of files) console.log(`  ${service.dir}/${f.name}: ${(f.bytes / 1e6).toFixed(2)} MB, SHA-256 ${f.sha256}`);
    }
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataFolderInUse) {
    console.error(`\n${err.message}\n`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
