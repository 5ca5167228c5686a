/**
 * npm run bench:indexes [-- --posts 1000000 --base 20000 --inputs 300 --before-inputs 20 --plans FILE]
 *
 * The reads and deletes that migration 019's indexes are for, measured on PostgreSQL with the
 * indexes and then without them (dropped for the run, built again after): the workspace's
 * relation picker by document number and by title words, the workspace's list searched by staff
 * (ILIKE over titles and numbers), its lists by stage and organization, and deleting a draft
 * (whose cascade reaches bookmarks and alert lists). Each call is the product's own function
 * (studio/posts.ts) with a different input — distinct document numbers, words and drafts, in
 * random order — and the figures are ms per call seen from this process: mean, p50, p95. Without
 * the indexes, the first --before-inputs of them only (a call then takes seconds).
 * --plans writes the plan of one call of each (EXPLAIN ANALYZE of each of its statements).
 *
 * The database, `qarar_bench_indexes_{posts}`, is made once and kept: the demo content of
 * --base posts (npm run db:seed), then copied in SQL until it holds --posts posts (each copy
 * dated one span of the demo earlier, its document numbers in other years), with 1,000 bookmarks
 * and 2,000 places in alert lists per thousand posts. Seeding a million posts of the demo
 * itself takes most of an hour on this machine; copies read the same way to these queries.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDb, type Db, type Queryable } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import type { AuthContext } from '../src/server/modules/auth/context';
import { deleteStudioPost, listStudioPosts, lookupPublishedPosts, type Stage } from '../src/server/modules/studio/posts';
import { dropSecondaryIndexes } from '../src/server/seed';
import { Random } from '../src/server/seed/random';
import { seedPosts } from './bench-server';

const ROOT = path.resolve(__dirname, '..');
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    base: { type: 'string', default: '20000' },
    inputs: { type: 'string', default: '300' },
    'before-inputs': { type: 'string', default: '20' },
    plans: { type: 'string' },
  },
});
const POSTS = Number(args.posts);
const BASE = Math.min(POSTS, Number(args.base));
const INPUTS = Number(args.inputs);
/** Without the indexes a call takes seconds: the first of each workload's inputs only. */
const BEFORE_INPUTS = Number(args['before-inputs']);
const MIGRATION = path.join(ROOT, 'src/server/db/migrations/019_lookup_indexes.sql');
/** The indexes measured: those migration 019 makes. */
const INDEXES = [...readFileSync(MIGRATION, 'utf8').matchAll(/CREATE INDEX (\w+)/g)].map((m) => m[1]);

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

async function main() {
  const adminUrl = execFileSync('bash', [path.join(ROOT, 'scripts/postgres-up.sh')], { encoding: 'utf8' }).trim();
  const name = `qarar_bench_indexes_${POSTS}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: path.join(ROOT, 'data', `bench-indexes-${POSTS}`) };

  const db = await openDb({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await migrate(db);
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
    if (n !== POSTS) {
      if (n < BASE || (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE id <= $1', [BASE]))[0].n !== BASE) {
        seedPosts(env, BASE, log);
      }
      await grow(db);
    }
    await measure(db);
  } finally {
    await db.close();
  }
}

/** Copies the first BASE posts (and what hangs on them) until there are POSTS, and adds readers' rows. */
async function grow(db: Db) {
  const t0 = Date.now();
  const copies = Math.ceil(POSTS / BASE) - 1;
  log(`copying ${BASE} posts ${copies} times (kept for later runs)…`);
  const columnsOf = async (table: string) =>
    (
      await db.query<{ name: string }>(
        `SELECT quote_ident(attname) AS name FROM pg_attribute
          WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [table],
      )
    ).map((r) => r.name);
  const columns = await columnsOf('posts');
  const attachmentColumns = (await columnsOf('attachments')).filter((c) => c !== 'id');
  const [{ span }] = await db.query<{ span: string }>(
    `SELECT (max(coalesce(published_at, updated_at)) - min(created_at) + interval '1 day')::text AS span FROM posts WHERE id <= $1`,
    [BASE],
  );
  const copied: Record<string, string> = {
    id: 'id + $1::int * $2::int',
    slug: `slug || '-' || $1::int`,
    // Another year's number: copies keep the demo's share of posts per number.
    document_number: `CASE WHEN document_number ~ '^[0-9]+/[0-9]{4}$' THEN split_part(document_number, '/', 1) || '/' || (split_part(document_number, '/', 2)::int - $1::int) ELSE document_number || '-' || $1::int END`,
    published_at: `published_at - $1::int * $3::interval`,
    created_at: `created_at - $1::int * $3::interval`,
    updated_at: `updated_at - $1::int * $3::interval`,
    scheduled_at: `scheduled_at - $1::int * $3::interval`,
    withdrawn_at: `withdrawn_at - $1::int * $3::interval`,
    issued_on: `(issued_on - $1::int * $3::interval)::date`,
  };
  const select = columns.map((c) => copied[c] ?? c).join(', ');
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM posts WHERE id > $1', [BASE]);
    await tx.exec(`DELETE FROM alert_lists WHERE list_key LIKE 'bench:%'`);
    // The copies are the base's rows again: no trigger (counts are set once at the end) and no
    // foreign key to check row by row.
    await tx.exec(`SET LOCAL session_replication_role = replica; SET LOCAL maintenance_work_mem = '512MB'`);
    const indexes = await dropSecondaryIndexes(tx, ['posts', 'post_categories', 'post_subcategories', 'post_hashtags', 'attachments', 'post_relations', 'bookmarks', 'alert_list_posts']);
    for (let k = 1; k <= copies; k++) {
      const last = Math.min(BASE, POSTS - k * BASE);
      const p = [k, BASE, span, last];
      await tx.query(`INSERT INTO posts (${columns.join(', ')}) OVERRIDING SYSTEM VALUE SELECT ${select} FROM posts WHERE id <= $4::int`, p);
      const within = `post_id <= $3::int`;
      await tx.query(`INSERT INTO post_categories (post_id, category_id) SELECT post_id + $1::int * $2::int, category_id FROM post_categories WHERE ${within}`, [k, BASE, last]);
      await tx.query(`INSERT INTO post_subcategories (post_id, subcategory_id) SELECT post_id + $1::int * $2::int, subcategory_id FROM post_subcategories WHERE ${within}`, [k, BASE, last]);
      await tx.query(`INSERT INTO post_hashtags (post_id, hashtag_id) SELECT post_id + $1::int * $2::int, hashtag_id FROM post_hashtags WHERE ${within}`, [k, BASE, last]);
      await tx.query(
        `INSERT INTO attachments (${attachmentColumns.join(', ')})
         SELECT ${attachmentColumns.map((c) => (c === 'post_id' ? 'post_id + $1::int * $2::int' : c)).join(', ')} FROM attachments WHERE ${within}`,
        [k, BASE, last],
      );
      await tx.query(
        `INSERT INTO post_relations (post_id, kind, target_id, created_at) SELECT post_id + $1::int * $2::int, kind, target_id + $1::int * $2::int, created_at
           FROM post_relations WHERE ${within} AND target_id <= $3`,
        [k, BASE, last],
      );
      if (k % 5 === 0 || k === copies) log(`copy ${k}/${copies} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    await tx.query(`SELECT setval(pg_get_serial_sequence('posts', 'id'), (SELECT max(id) FROM posts))`);
    // Readers' rows at a national portal's scale: bookmarks of every account, and posts matched
    // to alert lists.
    await tx.query(
      `INSERT INTO bookmarks (user_id, post_id, created_at)
       SELECT u.ids[1 + g % cardinality(u.ids)], 1 + (g::bigint * 7919) % $1::int, now() - g * interval '1 second'
         FROM generate_series(1, $1::int) g, (SELECT array_agg(id) AS ids FROM users) u
       ON CONFLICT DO NOTHING`,
      [POSTS],
    );
    await tx.query(`INSERT INTO alert_lists (list_key, list, match_key) SELECT 'bench:' || i, '{}', 'all' FROM generate_series(1, 500) i`);
    await tx.query(
      `INSERT INTO alert_list_posts (list_key, post_id)
       SELECT 'bench:' || (1 + g % 500), 1 + (g::bigint * 104729) % $1::int FROM generate_series(1, 2 * $1::int) g
       ON CONFLICT DO NOTHING`,
      [POSTS],
    );
    log(`rows copied (${((Date.now() - t0) / 1000).toFixed(0)} s); building ${indexes.length} indexes`);
    for (const def of indexes) await tx.exec(def);
    await tx.exec('SET LOCAL session_replication_role = origin');
    // What the terms trigger keeps of published posts (the public search and the relation
    // picker's words read it).
    await tx.query(
      `INSERT INTO post_terms (post_id, terms, published_at, head)
       SELECT id, strip(search_vector), published_at, ts_filter(search_vector, '{a,b}') FROM posts WHERE status = 'published' AND id > $1
       ON CONFLICT (post_id) DO NOTHING`,
      [BASE],
    );
    // And the view counts lists by views are ordered by (migration 022).
    await tx.query(
      `INSERT INTO post_view_ranks (post_id, view_count) SELECT id, view_count FROM posts WHERE status = 'published' AND id > $1
       ON CONFLICT (post_id) DO NOTHING`,
      [BASE],
    );
    await tx.query('UPDATE post_status_counts c SET n = (SELECT count(*) FROM posts p WHERE p.status = c.status)');
    await tx.query('SELECT refresh_post_counts()');
  });
  await db.exec('VACUUM ANALYZE');
  log(`${POSTS} posts ready in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

interface Workload {
  name: string;
  inputs: unknown[];
  run(db: Db, input: unknown): Promise<unknown>;
}

/** A transaction that is rolled back once `fn` has run: a delete measured without losing the post. */
class RolledBack extends Error {}
function rollingBack(db: Db, wrap: (q: Queryable) => Queryable = (q) => q): Db {
  return {
    ...db,
    kind: db.kind,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    close: db.close.bind(db),
    transaction: async (fn) => {
      let out: Awaited<ReturnType<typeof fn>>;
      await db
        .transaction(async (tx) => {
          out = await fn(wrap(tx));
          throw new RolledBack();
        })
        .catch((err) => {
          if (!(err instanceof RolledBack)) throw err;
        });
      return out!;
    },
  };
}

async function workloads(db: Db): Promise<Workload[]> {
  const rng = new Random(27);
  const shuffle = <T>(xs: T[]): T[] => {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [xs[i], xs[j]] = [xs[j], xs[i]];
    }
    return xs;
  };
  const [staffRow] = await db.query<{ id: number; username: string }>(`SELECT id, username FROM users WHERE user_type = 'staff' ORDER BY id LIMIT 1`);
  const staff: AuthContext = { userId: staffRow.id, username: staffRow.username, sessionId: '00000000-0000-4000-8000-000000000000', isStaff: true };
  // Inputs spread over the whole table: every thousandth-or-so post, in random order.
  const sample = async (sql: string) => shuffle((await db.query<{ v: string }>(sql, [INPUTS])).map((r) => r.v));
  const numbers = await sample(
    `SELECT v FROM (SELECT DISTINCT document_number AS v FROM posts WHERE status = 'published' AND id % 97 = 0) x ORDER BY md5(v) LIMIT $1`,
  );
  // Words of titles as staff type them: a whole word, or its first letters (Arabic and English).
  const words = await sample(
    `SELECT v FROM (SELECT DISTINCT w AS v FROM posts, regexp_split_to_table(title_ar || ' ' || title, '\\s+') w
                     WHERE id % 211 = 0 AND char_length(w) >= 4 AND w ~ '^[[:alpha:]]+$') x ORDER BY md5(v) LIMIT $1`,
  );
  const parts = shuffle([...words.slice(0, INPUTS / 3).map((w) => w.slice(0, 4)), ...words.slice(0, INPUTS / 3), ...numbers.slice(0, INPUTS / 3)]);
  const organizations = (await db.query<{ id: number }>('SELECT id FROM organizations ORDER BY id')).map((r) => r.id);
  const stages: (Stage | undefined)[] = [undefined, 'draft', 'in_review', 'changes_requested', 'scheduled', 'published', 'withdrawn'];
  const lists = shuffle(Array.from({ length: Math.min(INPUTS, 100) }, (_, i) => ({ stage: stages[i % stages.length], organization: i % 2 ? organizations[i % organizations.length] : undefined })));
  const drafts = await sample(`SELECT id::text AS v FROM posts WHERE status = 'draft' AND version = 0 AND id % 7 = 0 ORDER BY md5(id::text) LIMIT $1`);
  const page = { pageSize: 20, offset: 0 };
  const base = 'http://127.0.0.1';
  return [
    { name: 'relation picker, by document number', inputs: numbers, run: (q, v) => lookupPublishedPosts(q, v as string, 10) },
    { name: 'relation picker, by title word', inputs: words, run: (q, v) => lookupPublishedPosts(q, v as string, 10) },
    { name: 'workspace list, staff search (ILIKE)', inputs: parts, run: (q, v) => listStudioPosts(q, staff, null, { search: v as string }, page, base) },
    {
      name: 'workspace list, staff, stage/organization',
      inputs: lists,
      run: (q, v) => listStudioPosts(q, staff, null, v as { stage?: Stage; organization?: number }, page, base),
    },
    { name: 'delete a draft (cascade)', inputs: drafts.slice(0, 100), run: (q, v) => deleteStudioPost(rollingBack(q), staff, Number(v)) },
  ];
}

interface Figures {
  mean: number;
  p50: number;
  p95: number;
  calls: number;
}

async function time(db: Db, w: Workload, inputs: unknown[]): Promise<Figures> {
  for (const input of inputs.slice(0, 3)) await w.run(db, input); // warming
  const ms: number[] = [];
  for (const input of inputs) {
    const t = process.hrtime.bigint();
    await w.run(db, input);
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p50: at(0.5), p95: at(0.95), calls: ms.length };
}

/** EXPLAIN ANALYZE of every statement one call makes (inside a transaction that is rolled back). */
async function plansOf(db: Db, w: Workload): Promise<string> {
  const out: string[] = [];
  const explaining = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const plan = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      out.push(`${sql.replace(/\s+/g, ' ').slice(0, 160)}…\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      return q.query<T>(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  const probe = rollingBack(db, explaining);
  await probe.transaction(async (tx) => w.run({ ...probe, query: tx.query.bind(tx), exec: tx.exec.bind(tx), transaction: (fn) => fn(tx) }, w.inputs[0]));
  return out.join('\n\n');
}

async function measure(db: Db) {
  const ws = await workloads(db);
  const defs = await db.query<{ name: string; def: string; size: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def, pg_size_pretty(pg_relation_size(c.oid)) AS size
       FROM pg_class c WHERE c.relname = ANY($1::text[]) AND c.relkind = 'i'`,
    [INDEXES],
  );
  if (defs.length !== INDEXES.length) throw new Error(`migration 019's indexes are not all there: ${defs.map((d) => d.name).join(', ')}`);
  log(`indexes of migration 019: ${defs.map((d) => `${d.name} (${d.size})`).join(', ')}`);
  const results: Record<string, Record<'after' | 'before', Figures>> = {};
  const plans: string[] = [];
  for (const phase of ['after', 'before'] as const) {
    if (phase === 'before') {
      log('dropping them');
      for (const d of defs) await db.exec(`DROP INDEX ${d.name}`);
      await db.exec('ANALYZE posts, bookmarks, alert_list_posts');
    }
    for (const w of ws) {
      log(`${phase}: ${w.name}`);
      (results[w.name] ??= {} as Record<'after' | 'before', Figures>)[phase] = await time(db, w, phase === 'before' ? w.inputs.slice(0, BEFORE_INPUTS) : w.inputs);
      if (args.plans) plans.push(`=== ${phase} migration 019's indexes: ${w.name}\n${await plansOf(db, w)}`);
    }
  }
  const f = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
  console.log(`\n${POSTS.toLocaleString('en')} posts, PostgreSQL: ms per call (mean / p50 / p95), without and with migration 019's indexes\n`);
  console.log('| call | without: inputs | mean | p50 | p95 | with: inputs | mean | p50 | p95 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results)) {
    console.log(`| ${name} | ${r.before.calls} | ${f(r.before.mean)} | ${f(r.before.p50)} | ${f(r.before.p95)} | ${r.after.calls} | ${f(r.after.mean)} | ${f(r.after.p50)} | ${f(r.after.p95)} |`);
  }
  log('building them again');
  const t = Date.now();
  for (const d of defs) await db.exec(d.def);
  await db.exec('ANALYZE posts, bookmarks, alert_list_posts');
  log(`built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  if (args.plans) {
    mkdirSync(path.dirname(path.resolve(args.plans)), { recursive: true });
    writeFileSync(args.plans, plans.join('\n\n'));
    log(`plans written to ${args.plans}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
