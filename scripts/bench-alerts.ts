/**
 * npm run bench:alerts [-- --subscriptions 100000 --posts 1000 --database-url postgres://…]
 *
 * Issue 15's scale figure: the time to match newly published posts to e-mail alerts, with few
 * alerts and with many. A fresh database (embedded PGlite in a temporary folder, or the
 * PostgreSQL server of --database-url / DATABASE_URL, which must be empty) gets the demo
 * content; then, for each size (100, then --subscriptions), that many confirmed alerts of
 * varied lists (an organization, a hashtag, a category, a type, an organization and a type, a
 * search, everything), --posts new posts published at once (copies of demo posts, so with
 * their organizations, types, categories and hashtags), and matchQueuedPosts (the job's first
 * half) is timed. Prints the time per post, the lists reached, the list entries written (a
 * post in a list) and the time per entry, and the alerts that now have posts to send, at each
 * size, and writes bench-results/alerts.json. Figures, not a pass/fail test.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDb, type Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { matchQueuedPosts } from '../src/server/modules/alerts/deliver';
import { canonicalList, matchKeyOf, type AlertList } from '../src/server/modules/alerts/subscriptions';
import { seedDemo } from '../src/server/seed';
import { Random } from '../src/server/seed/random';

const { values: args } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '100000' },
    posts: { type: 'string', default: '1000' },
    'database-url': { type: 'string' },
  },
});
const SIZES = [100, Number(args.subscriptions)];
const NEW_POSTS = Number(args.posts);
const log = (msg: string) => process.stderr.write(`[bench:alerts] ${msg}\n`);

interface Catalogue {
  orgs: number[];
  hashtags: string[];
  categories: string[];
  types: number[];
  words: string[];
  /** Words of the demo posts' titles (Arabic and English), for searches of their own. */
  titleWords: string[];
}

async function catalogue(db: Db): Promise<Catalogue> {
  const col = async <T>(sql: string) => (await db.query<{ v: T }>(sql)).map((r) => r.v);
  return {
    orgs: await col<number>('SELECT id AS v FROM organizations ORDER BY id'),
    hashtags: await col<string>('SELECT name AS v FROM hashtags ORDER BY id'),
    categories: await col<string>('SELECT slug AS v FROM categories ORDER BY id'),
    types: await col<number>('SELECT id AS v FROM post_types ORDER BY id'),
    words: ['وزارة', 'قرار', 'تعميم', 'الصحة', 'التعليم', 'health', 'ministry', 'decision', 'لائحة', 'الاستثمار'],
    titleWords: await col<string>(
      `SELECT DISTINCT w AS v FROM posts, regexp_split_to_table(title_ar || ' ' || title, '[\\s:،,.()]+') AS w
        WHERE status = 'published' AND length(w) >= 4 AND w !~ '^[0-9]+$' ORDER BY 1`,
    ),
  };
}

/**
 * A list as readers follow them: mostly one organization, hashtag, category or type; some
 * searches (one or two words of the demo titles, hundreds of distinct ones, alone or in a
 * category) and everything.
 */
function randomList(rng: Random, c: Catalogue): AlertList {
  const roll = rng.int(0, 99);
  if (roll < 35) return { organization: rng.pick(c.orgs) };
  if (roll < 55) return { hashtag: rng.pick(c.hashtags) };
  if (roll < 70) return { category: rng.pick(c.categories) };
  if (roll < 80) return { type_id: rng.pick(c.types) };
  if (roll < 89) return { organization: rng.pick(c.orgs), type_id: rng.pick(c.types) };
  if (roll < 95) return { search: rng.int(0, 1) ? rng.pick(c.titleWords) : `${rng.pick(c.titleWords)} ${rng.pick(c.titleWords)}` };
  if (roll < 99) return { category: rng.pick(c.categories), search: rng.pick(c.words) };
  return {};
}

async function addSubscriptions(db: Db, count: number, rng: Random, c: Catalogue, start: number) {
  const known = new Set((await db.query<{ list_key: string }>('SELECT list_key FROM alert_lists')).map((r) => r.list_key));
  for (let done = 0; done < count; ) {
    const n = Math.min(2000, count - done);
    const rows: unknown[][] = [];
    for (let i = 0; i < n; i++) {
      const list = canonicalList(randomList(rng, c));
      const listKey = JSON.stringify(list);
      if (!known.has(listKey)) {
        known.add(listKey);
        await db.query('INSERT INTO alert_lists (list_key, list, match_key) VALUES ($1, $2, $3)', [listKey, JSON.stringify(list), await matchKeyOf(db, list)]);
      }
      const id = start + done + i;
      rows.push([`reader${id}@bench.example`, listKey, rng.pick(['immediate', 'daily', 'weekly']), rng.pick(['ar', 'en']), `t${id}-${'x'.repeat(30)}`]);
    }
    await db.query(`INSERT INTO alert_addresses (email, manage_token) SELECT e, 'm-' || e || '-tokentokentoken' FROM unnest($1::text[]) AS e`, [rows.map((r) => r[0])]);
    await db.query(
      `INSERT INTO alert_subscriptions (email, list_key, frequency, lang, origin, token, confirmed_at)
       SELECT e, k, f, g, 'https://qarar.example', t, now() - interval '1 hour'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(e, k, f, g, t)`,
      [0, 1, 2, 3, 4].map((i) => rows.map((r) => r[i])),
    );
    done += n;
  }
}

/** Publishes `count` copies of demo posts (with their taxonomy): each is queued by the trigger. */
async function publishCopies(db: Db, count: number, round: number) {
  const source = await db.query<{ id: number }>(`SELECT id FROM posts WHERE status = 'published' ORDER BY random() LIMIT $1`, [count]);
  const copies = await db.query<{ id: number; source: number }>(
    `INSERT INTO posts (slug, title, title_ar, summary, summary_ar, content, content_ar, language, status, author_id, type_id, organization_id,
                        subsidiary_id, published_at, search_vector)
     SELECT 'bench-' || $2::int || '-' || p.id, p.title, p.title_ar, p.summary, p.summary_ar, p.content, p.content_ar, p.language, 'published',
            p.author_id, p.type_id, p.organization_id, p.subsidiary_id, now(), p.search_vector
       FROM posts p WHERE p.id = ANY($1::int[])
     RETURNING id, (SELECT q.id FROM posts q WHERE q.slug = substr(posts.slug, length('bench-' || $2::int || '-') + 1)) AS source`,
    [source.map((s) => s.id), round],
  );
  await db.query(
    `INSERT INTO post_categories (post_id, category_id) SELECT c.id, pc.category_id FROM unnest($1::int[], $2::int[]) AS c(id, src) JOIN post_categories pc ON pc.post_id = c.src`,
    [copies.map((c) => c.id), copies.map((c) => c.source)],
  );
  await db.query(
    `INSERT INTO post_hashtags (post_id, hashtag_id) SELECT c.id, ph.hashtag_id FROM unnest($1::int[], $2::int[]) AS c(id, src) JOIN post_hashtags ph ON ph.post_id = c.src`,
    [copies.map((c) => c.id), copies.map((c) => c.source)],
  );
}

async function main() {
  const url = args['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), 'qarar-bench-alerts-'));
  const db = await openDb({ databaseUrl: url || undefined, dataDir: dataDir ?? '' });
  const results: Array<{ subscriptions: number; lists: number; posts: number; ms: number; msPerPost: number; usPerEntry: number; entries: number; reached: number }> = [];
  try {
    await migrate(db);
    log('writing the demo content…');
    await seedDemo(db, { dataDir: dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'qarar-bench-media-')), log: () => undefined });
    // Nothing of the demo content is waiting.
    await db.query('DELETE FROM alert_queue');
    const c = await catalogue(db);
    const rng = new Random(15);
    let have = 0;
    for (const [round, size] of SIZES.entries()) {
      log(`${size} alerts…`);
      await addSubscriptions(db, size - have, rng, c, have);
      have = size;
      await db.query('DELETE FROM alert_list_posts');
      await db.query('UPDATE alert_lists SET last_seq = 0, pending = false');
      await db.query('ANALYZE alert_subscriptions');
      await db.query('ANALYZE alert_lists');
      await publishCopies(db, NEW_POSTS, round);
      const [{ queued }] = await db.query<{ queued: number }>('SELECT count(*)::int AS queued FROM alert_queue');
      const started = performance.now();
      const matched = await matchQueuedPosts(db);
      const ms = performance.now() - started;
      // What the posts reach: list entries made, and the alerts that will have them (one message each, or a digest).
      const [{ entries, lists }] = await db.query<{ entries: number; lists: number }>(
        'SELECT count(*)::int AS entries, count(DISTINCT list_key)::int AS lists FROM alert_list_posts',
      );
      const [{ reached }] = await db.query<{ reached: number }>(
        'SELECT count(*)::int AS reached FROM alert_subscriptions s JOIN alert_lists l ON l.list_key = s.list_key WHERE s.sent_seq < l.last_seq',
      );
      const usPerEntry = Math.round((ms * 1000) / Math.max(1, entries));
      results.push({ subscriptions: size, lists, posts: matched, ms: Math.round(ms), msPerPost: Math.round((ms / Math.max(1, matched)) * 100) / 100, usPerEntry, entries, reached });
      log(`${size} alerts: ${matched} posts (${queued} queued) matched in ${Math.round(ms)} ms — ${(ms / Math.max(1, matched)).toFixed(2)} ms a post; ${entries} list entries in ${lists} lists; ${reached} alerts to send`);
    }
  } finally {
    await db.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nbench:alerts (${url ? 'PostgreSQL' : 'PGlite'}), ${NEW_POSTS} new posts`);
  // The time follows what the posts reach (list entries written), not the number of alerts.
  console.log('| alerts | ms a post | lists with new posts | list entries | µs a list entry | alerts with posts to send |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.subscriptions.toLocaleString('en')} | ${r.msPerPost} | ${r.lists.toLocaleString('en')} | ${r.entries.toLocaleString('en')} | ${r.usPerEntry} | ${r.reached.toLocaleString('en')} |`);
  }
  const dir = path.join(__dirname, '..', 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'alerts.json'), JSON.stringify({ database: url ? 'postgres' : 'pglite', newPosts: NEW_POSTS, results }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
