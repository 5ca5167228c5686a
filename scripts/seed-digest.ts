import { parseArgs } from 'node:util';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '../src/server/db/db';

/**
 * npm run seed:digest -- DATA_DIR
 *
 * What a DATA_DIR's demo content is, in a few lines: each table's rows (count and an MD5 of
 * them all, in order) and the media files (count and a digest of names and bytes). Two folders
 * seeded with the same options print the same lines, whatever the code that wrote them: how a
 * change to the seed's memory or speed (issue 27) shows it left the content alone. Tables whose
 * rows hold the time they were written (migrations applied, the search index's state) are
 * counted only.
 */

const TIMED = new Set(['schema_migrations', 'search_index_state']);
/** Columns written with the clock or a random salt at seeding, left out of the digest. */
const UNREPEATABLE: Record<string, string[]> = {
  content_version: ['version'],
  interests: ['created_at'],
  organization_members: ['created_at'],
  post_relations: ['created_at'],
  users: ['password_hash'],
};

async function main() {
  const {
    positionals: [dataDir],
  } = parseArgs({ allowPositionals: true });
  if (!dataDir) throw new Error('usage: npm run seed:digest -- DATA_DIR');
  const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const tables = await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    );
    for (const { name } of tables) {
      const [row] = await db.query<{ n: number; digest: string | null }>(
        TIMED.has(name)
          ? `SELECT count(*)::int AS n, NULL AS digest FROM "${name}"`
          : `SELECT count(*)::int AS n, md5(string_agg(r, E'\\n' ORDER BY r)) AS digest
               FROM (SELECT (to_jsonb(t) - $1::text[])::text AS r FROM "${name}" t) x`,
        TIMED.has(name) ? [] : [UNREPEATABLE[name] ?? []],
      );
      console.log(`${name}\t${row.n}\t${row.digest ?? '-'}`);
    }
  } finally {
    await db.close();
  }
  const media = path.join(dataDir, 'media');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir).sort()) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(media);
  const hash = createHash('md5');
  for (const f of files) hash.update(path.relative(media, f)).update(readFileSync(f));
  console.log(`media files\t${files.length}\t${hash.digest('hex')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
