import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extract, pack } from 'tar-stream';
import { restoreBackup, tableCounts, writeBackup } from './backup';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { ContentFixtures } from './test/content-fixtures';
import { createTestContext } from './test/helpers';
import { itOnce } from './test/databases';

/**
 * Issue 16's backups of the embedded database: taken while writes go on, a backup restores
 * into a new data folder with every row of every table as of one moment and every media file
 * byte for byte; a damaged backup is refused and changes nothing.
 */

jest.setTimeout(120_000);

let root: string;
let dataDir: string;
let db: Db;
let f: ContentFixtures;
let author: number;
let decision: number;

const load = (dump: Blob, dir: string) => openDb({ dataDir: dir, loadDataDir: dump });

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'qarar-backup-'));
  dataDir = path.join(root, 'data');
  db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
  await migrate(db);
  f = new ContentFixtures(db);
  author = await f.user('moh_editor');
  decision = (await f.postTypes()).decision;
  for (let i = 1; i <= 20; i++) {
    await f.post({
      slug: `kept-${i}`, author_id: author, type_id: decision, title: `Decision ${i}`, title_ar: `قرار ${i}`,
      attachments: [{ title_ar: `File ${i}`, file_type: 'application/pdf', size: 4, file_extension: 'pdf', storage_key: `attachments/kept-${i}.pdf` }],
    });
  }
  mkdirSync(path.join(dataDir, 'media', 'attachments', 'nested'), { recursive: true });
  for (let i = 1; i <= 20; i++) writeFileSync(path.join(dataDir, 'media', 'attachments', `kept-${i}.pdf`), `%PDF-${i}-${'x'.repeat(i * 100)}`);
  writeFileSync(path.join(dataDir, 'media', 'attachments', 'nested', 'بيان.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
});

afterAll(async () => {
  await db?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every file under a folder, with its bytes. */
function filesOf(dir: string, rel = ''): Map<string, string> {
  const out = new Map<string, string>();
  const here = path.join(dir, rel);
  if (!existsSync(here)) return out;
  for (const e of readdirSync(here, { withFileTypes: true })) {
    const r = path.posix.join(rel, e.name);
    if (e.isDirectory()) for (const [k, v] of filesOf(dir, r)) out.set(k, v);
    else out.set(r, readFileSync(path.join(dir, r)).toString('base64'));
  }
  return out;
}

describe('backups of the embedded database', () => {
  itOnce('restores, from a backup taken while posts are being written, every row as of one moment and every media file', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        // PGlite answers without the event loop turning: let the backup's turn come, as requests' would.
        await new Promise((r) => setImmediate(r));
        written += 1;
        await f.post({ slug: `during-${written}`, author_id: author, type_id: decision, title: `Written during the backup ${written}` });
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const file = path.join(root, 'backups', 'one.tar');
    const manifest = await writeBackup(db, dataDir, file);
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(1);
    // The backup holds the posts of its moment: more than before the writes began, fewer than after.
    expect(manifest.tables.posts).toBeGreaterThan(20);
    expect(manifest.tables.posts).toBeLessThanOrEqual(20 + written);
    expect(manifest.tables.attachments).toBe(20);
    expect(manifest.media.map((m) => m.path)).toContain('attachments/nested/بيان.png');
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = path.join(root, 'restored');
    const restored = await restoreBackup(file, target, load);
    expect(restored.tables).toEqual(manifest.tables);
    const again = await openDb({ dataDir: path.join(target, 'pglite') });
    try {
      expect(await tableCounts(again)).toEqual(manifest.tables);
      const [post] = await again.query<{ title: string }>(`SELECT title FROM posts WHERE slug = 'kept-7'`);
      expect(post.title).toBe('Decision 7');
      // Migrations are recorded: the restored folder serves as it is.
      expect(await migrate(again)).toEqual([]);
    } finally {
      await again.close();
    }
    expect(filesOf(path.join(target, 'media'))).toEqual(filesOf(path.join(dataDir, 'media')));
  });

  itOnce('refuses a damaged backup, and a folder that holds a database, and changes nothing', async () => {
    const file = path.join(root, 'backups', 'two.tar');
    await writeBackup(db, dataDir, file);
    // One media file's bytes changed inside the tar.
    const damaged = path.join(root, 'backups', 'damaged.tar');
    const out = pack();
    const reading = extract();
    reading.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        let body = Buffer.concat(chunks);
        if (header.name === 'media/attachments/kept-3.pdf') body = Buffer.from(body.toString().replace('x', 'y'));
        out.entry({ name: header.name, size: body.length }, body, next);
      });
    });
    reading.on('finish', () => out.finalize());
    await Promise.all([pipeline(createReadStream(file), reading), pipeline(out, createWriteStream(damaged))]);
    const target = path.join(root, 'untouched');
    await expect(restoreBackup(damaged, target, load)).rejects.toThrow('media/attachments/kept-3.pdf is missing from the backup or damaged');
    expect(existsSync(path.join(target, 'pglite'))).toBe(false);

    // Into the first restore's folder, which holds a database: refused unless told to replace.
    await expect(restoreBackup(file, path.join(root, 'restored'), load)).rejects.toThrow(/holds a database already/);
    await expect(restoreBackup(path.join(root, 'not-a-backup.tar'), target, load)).rejects.toThrow();
  });

  it('is taken by the serving process for an operator (POST /internal/backup), and hidden from anyone else', async () => {
    const ctx = await createTestContext({ prepare: async (d) => void (await new ContentFixtures(d).user('reader')) });
    try {
      const from = (remoteAddress: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url: '/internal/backup', remoteAddress, headers });
      expect((await from('203.0.113.5')).statusCode).toBe(404);
      expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
      const res = await from('127.0.0.1');
      if (ctx.db.kind === 'postgres') {
        // A PostgreSQL server is backed up with its own tools: nothing here.
        expect(res.statusCode).toBe(404);
        return;
      }
      expect(res.statusCode).toBe(200);
      const { file, tables } = res.json<{ file: string; tables: Record<string, number> }>();
      expect(file.startsWith(path.join(ctx.config.dataDir, 'backups'))).toBe(true);
      expect(tables.users).toBe(1);
      const restored = await restoreBackup(file, path.join(root, 'from-route'), load);
      expect(restored.tables).toEqual(tables);
    } finally {
      await ctx.close();
    }
    const guarded = await createTestContext({ config: { metricsToken: 'ops-secret-1' } });
    try {
      const ask = (headers: Record<string, string>) => guarded.app.inject({ method: 'POST', url: '/internal/backup', remoteAddress: '203.0.113.5', headers });
      expect((await ask({})).statusCode).toBe(401);
      expect((await ask({ authorization: 'Bearer ops-secret-1' })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
