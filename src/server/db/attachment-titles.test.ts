/**
 * Migration 016 on a database that already has files (issue 18): their one title becomes the
 * Arabic one, the English one is empty, and published versions kept as JSON say so too.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContentFixtures } from '../test/content-fixtures';
import { openDb, type Db } from './db';
import { migrate, MIGRATIONS_DIR } from './migrate';

let db: Db;
let before: string;

beforeAll(async () => {
  // The migrations as they were before 016.
  before = mkdtempSync(path.join(os.tmpdir(), 'qarar-migrations-'));
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f < '016')) copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  db = await openDb({});
  await migrate(db, before);
});
afterAll(async () => {
  await db?.close();
  rmSync(before, { recursive: true, force: true });
});

it('keeps the one title of existing files as their Arabic title, in versions too', async () => {
  const f = new ContentFixtures(db);
  const author = await f.user('moh_editor');
  const types = await f.postTypes();
  const postId = await f.post({ slug: 'with-files', author_id: author, type_id: types.decision, title: 'Decision', title_ar: 'قرار' });
  await db.query(`INSERT INTO attachments (post_id, storage_key, title, file_type, size, file_extension) VALUES ($1, 'files/a.pdf', 'الأسئلة الشائعة', 'application/pdf', 10, 'pdf')`, [postId]);
  const version = { slug: 'with-files', attachments: [{ id: 1, title: 'الأسئلة الشائعة', order: 0 }] };
  await db.query(`INSERT INTO post_versions (post_id, version, kind, body) VALUES ($1, 1, 'first', $2::jsonb), ($1, 2, 'minor', $3::jsonb)`, [
    postId,
    JSON.stringify(version),
    JSON.stringify({ slug: 'with-files', attachments: [] }),
  ]);

  expect((await migrate(db))[0]).toBe('016_attachment_titles');
  expect(await db.query('SELECT title_ar, title FROM attachments')).toEqual([{ title_ar: 'الأسئلة الشائعة', title: null }]);
  const bodies = await db.query<{ body: unknown }>('SELECT body FROM post_versions ORDER BY version');
  expect(bodies.map((b) => b.body)).toEqual([
    { slug: 'with-files', attachments: [{ id: 1, title_ar: 'الأسئلة الشائعة', title: null, order: 0 }] },
    { slug: 'with-files', attachments: [] },
  ]);
});
