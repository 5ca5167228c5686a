import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract, pack } from 'tar-stream';
import { openDb, type Db, type Queryable } from './db/db';

/**
 * Backups of the embedded database (issue 16): one tar file holding the database (PGlite's own
 * dump of its folder, taken between two statements: a consistent copy, as after a clean stop),
 * the media files (uploads, thumbnails, the demo's images) and a manifest of what it holds —
 * every table's row count and every file's size and SHA-256 — by which a restore is checked.
 *
 * Taken while serving by the serving process (POST /internal/backup, asked by `npm run
 * db:backup`), or by the script itself when no server has the folder. Restored by `npm run
 * db:restore FILE` into a data folder no server has open. A PostgreSQL server is backed up with
 * its own tools (pg_dump, or base backups and WAL archiving: README "Running at scale").
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** Rows of each table of the public schema. */
  tables: Record<string, number>;
  /** Every media file, by its path under media/. */
  media: Array<{ path: string; size: number; sha256: string }>;
}

/** Every table's rows, by name (the public schema's base tables). */
export async function tableCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name.replace(/"/g, '""')}"`);
    counts[name] = n;
  }
  return counts;
}

/** The files under a folder, as paths relative to it (sorted; none when it does not exist). */
function filesUnder(root: string, dir = ''): string[] {
  const here = path.join(root, dir);
  if (!existsSync(here)) return [];
  return readdirSync(here, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(root, rel);
      return entry.isFile() ? [rel] : [];
    });
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * Writes a backup of `db` (the embedded database) and of `dataDir`'s media to `file`: first
 * to a temporary name beside it, renamed when whole, so a backup that stopped half-way is
 * never taken for one. Returns its manifest.
 */
export async function writeBackup(db: Db, dataDir: string, file: string): Promise<BackupManifest> {
  if (!db.dumpData) throw new Error('only the embedded database is backed up this way: use pg_dump for PostgreSQL');
  const dump = await db.dumpData();
  // The rows the dump holds, counted in a copy of it opened in memory: what a restore must find.
  const copy = await openDb({ loadDataDir: dump });
  const tables = await tableCounts(copy).finally(() => copy.close());
  const database = Buffer.from(await dump.arrayBuffer());
  const mediaRoot = path.join(dataDir, 'media');
  const media = filesUnder(mediaRoot).map((rel) => {
    const full = path.join(mediaRoot, rel);
    return { path: rel, size: statSync(full).size, sha256: sha256(full) };
  });
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), tables, media };

  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const tar = pack();
  const written = pipeline(tar, createWriteStream(partial));
  const add = (name: string, body: Buffer) => new Promise<void>((resolve, reject) => tar.entry({ name, size: body.length, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve())));
  await add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  await add('database.tar.gz', database);
  for (const { path: rel } of media) await add(`media/${rel}`, readFileSync(path.join(mediaRoot, rel)));
  tar.finalize();
  await written;
  renameSync(partial, file);
  return manifest;
}

/** What a backup file holds: its manifest, the database's dump, and the media files' bodies. */
async function readBackup(file: string): Promise<{ manifest: BackupManifest; database: Buffer; media: Map<string, Buffer> }> {
  const media = new Map<string, Buffer>();
  let manifest: BackupManifest | undefined;
  let database: Buffer | undefined;
  const tar = extract();
  tar.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: unknown) => chunks.push(c as Buffer));
    stream.on('end', () => {
      const body = Buffer.concat(chunks);
      if (header.name === 'manifest.json') manifest = JSON.parse(body.toString('utf8')) as BackupManifest;
      else if (header.name === 'database.tar.gz') database = body;
      else if (header.name.startsWith('media/')) media.set(header.name.slice('media/'.length), body);
      next();
    });
    stream.resume();
  });
  await pipeline(createReadStream(file), tar);
  if (!manifest || !database) throw new Error(`${file} is not a Qarar backup (no manifest or database in it)`);
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is a backup of format ${manifest.format}; this release reads format ${BACKUP_FORMAT}`);
  return { manifest, database, media };
}

/** A media path from a backup that stays inside the media folder. */
function safeMediaPath(root: string, rel: string): string {
  const full = path.resolve(root, rel);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`the backup names a file outside media/: ${rel}`);
  return full;
}

/**
 * Restores a backup into `dataDir`, whose database folder must not exist yet (or is replaced
 * with `replace`) — never one a server has open (the folder's lock says so). The database is
 * loaded from its dump by `load` (PGlite opening a dump: db.ts), the media files written with
 * their checksums checked; then every table's rows are counted and compared with the manifest.
 * Returns the manifest; throws, leaving the folder as it was, if anything differs.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  load: (dump: Blob, dbDir: string) => Promise<Db>,
  { replace = false } = {},
): Promise<BackupManifest> {
  const { manifest, database, media } = await readBackup(file);
  const dbDir = path.join(dataDir, 'pglite');
  const mediaRoot = path.join(dataDir, 'media');
  if (existsSync(dbDir) && readdirSync(dbDir).length && !replace) throw new Error(`${dbDir} holds a database already: restore into an empty data folder, or pass --replace`);
  for (const entry of manifest.media) {
    const body = media.get(entry.path);
    if (!body || body.length !== entry.size || createHash('sha256').update(body).digest('hex') !== entry.sha256) throw new Error(`media/${entry.path} is missing from the backup or damaged`);
  }
  // Into folders beside the targets first; moved in place once the database is loaded and checked.
  const stagingDb = `${dbDir}.restoring`;
  const stagingMedia = `${mediaRoot}.restoring`;
  rmSync(stagingDb, { recursive: true, force: true });
  rmSync(stagingMedia, { recursive: true, force: true });
  const db = await load(new Blob([new Uint8Array(database)]), stagingDb);
  try {
    const counts = await tableCounts(db);
    const differing = Object.keys({ ...manifest.tables, ...counts }).filter((t) => manifest.tables[t] !== counts[t]);
    if (differing.length) throw new Error(`the restored database differs from the backup's manifest in ${differing.join(', ')}`);
  } catch (err) {
    await db.close();
    rmSync(stagingDb, { recursive: true, force: true });
    throw err;
  }
  await db.close();
  for (const [rel, body] of media) {
    const full = safeMediaPath(stagingMedia, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
  }
  rmSync(dbDir, { recursive: true, force: true });
  renameSync(stagingDb, dbDir);
  if (existsSync(stagingMedia)) {
    rmSync(mediaRoot, { recursive: true, force: true });
    renameSync(stagingMedia, mediaRoot);
  }
  return manifest;
}

/** The default name of a backup taken now, in DATA_DIR/backups. */
export const backupFileName = (dataDir: string, now = new Date()) =>
  path.join(dataDir, 'backups', `qarar-${now.toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19)}.tar`);
