import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from './db';
import { describeOnce } from '../test/databases';

/**
 * Issue 27, point 10: a new embedded database in a folder is made by initdb writing into the
 * folder itself (pglite-fs.ts). With PGlite's NodeFS the temporary Postgres that runs initdb
 * wrote into its own memory and was dumped as a tar file to be unpacked into the folder — the
 * first start's peak of memory. Measuring that peak takes a whole first start (npm run
 * bench:startup); what can be checked in seconds is that no such copy is made, and that the
 * folder so made is a database that opens again.
 */
describeOnce('a new embedded database in a folder', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

  it('is made without a copy of the folder in memory, and opens again with its rows', async () => {
    const folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-pglite-fs-')), 'pglite');
    folders.push(path.dirname(folder));
    const dump = jest.spyOn(PGlite.prototype, 'dumpDataDir');
    try {
      const db = await openDb({ dataDir: folder });
      await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (27)');
      await db.close();
      expect(dump).not.toHaveBeenCalled();
    } finally {
      dump.mockRestore();
    }
    expect(existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);
    const again = await openDb({ dataDir: folder });
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 27 }]);
      expect(await again.query("SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'")).toEqual([]);
      await again.exec('CREATE EXTENSION pg_trgm');
    } finally {
      await again.close();
    }
  }, 120_000);
});
