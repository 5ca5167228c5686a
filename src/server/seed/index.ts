/**
 * Deterministic bilingual demo content: organizations, taxonomy, accounts, posts with real
 * attachment files, bookmarks, follows and interests. The same options give the same content.
 * Everything lands in one transaction, so a database is either seeded completely or not at all.
 */
import { ANALYZER_VERSION } from '../../shared/search/analyzer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/db';
import { collectGarbage } from '../memory';
import { hashPassword } from '../modules/auth/passwords';
import { insertPosts } from '../modules/posts/write';
import { hashtagIdentity } from '../../shared/hashtags';
import {
  ADMIN_PASSWORD, BOOKMARK_NOTES, FIRST_NAMES, INTEREST_NAMES, LAST_NAMES, OTHER_READERS, PUBLISHER_PASSWORD, READER_PASSWORD,
} from './accounts';
import { headOf, li, theName } from './content';
import { DEPARTMENTS, ORGANIZATIONS } from './catalog/organizations';
import { CITIES, CITY_BY_KEY } from './catalog/places';
import { allHashtags, CATEGORIES, POST_TYPES, TRENDING_HASHTAGS, type TypeKey } from './catalog/taxonomy';
import { DAY_MS } from './dates';
import { seedAuditLog } from './audit';
import { seedCorrections } from './corrections';
import { buildMediaPool } from './media';
import { PostFactory, type CategoryRef, type OrgRef } from './posts';
import { Random } from './random';

export { DEMO_ACCOUNTS, type DemoAccount } from './accounts';

export interface SeedOptions {
  /** Number of posts; default 2,000. Scales to 1,000,000. */
  posts?: number;
  /** DATA_DIR: attachment files go under dataDir/media. */
  dataDir: string;
  /** The reference "now": posts spread over the two years before it. Default: the current time. */
  now?: Date;
  /** Another seed gives other (equally deterministic) content. */
  seed?: number;
  log?: (msg: string) => void;
  /** Posts per insert statement. */
  batchSize?: number;
}

export interface SeedSummary {
  cities: number;
  organizations: number;
  subsidiaries: number;
  departments: number;
  users: number;
  post_types: number;
  categories: number;
  subcategories: number;
  hashtags: number;
  posts: number;
  published: number;
  drafts: number;
  archived: number;
  post_categories: number;
  post_subcategories: number;
  post_hashtags: number;
  attachments: number;
  media_files: number;
  bookmarks: number;
  follows: number;
  interests: number;
  /** Corrections made after publication (issue 14's versions). */
  corrections: number;
  /** Entries of the workspace's organization logs: the seeded posts' history (audit.ts). */
  audit_entries: number;
  seconds: number;
}

export const DEFAULT_POSTS = 2000;
export const DEFAULT_SEED = 2025;
const DEFAULT_BATCH = 1000;
// On the embedded database a batch is held whole in this process (its rows, their search
// vectors, the statement's parameters), beside the database's own heap: a quarter of the
// batch took some 100 MB off the first start's peak, at no cost in time on 2,000 posts.
const PGLITE_BATCH = 250;
// Held while seeding, so two API processes starting at once on one empty PostgreSQL seed it once.
const SEED_LOCK = 724_101;
const NOT_EMPTY = 'The database already holds posts; reset it before seeding (npm run db:seed -- --reset).';

/** Writes the demo content into a database that holds no posts (throws otherwise). */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const summary = await run(db, options, 'must-be-empty');
  return summary!;
}

/** `npm start`: seeds only a database without posts. */
export async function seedIfEmpty(db: Db, config: Config, log: FastifyBaseLogger): Promise<SeedSummary | null> {
  const [row] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM posts) AS any');
  if (row.any) return null;
  log.info('the database holds no posts: writing the demo content');
  return run(db, { dataDir: config.dataDir, log: (msg) => log.info(msg) }, 'skip-if-not-empty');
}

async function run(db: Db, options: SeedOptions, mode: 'must-be-empty' | 'skip-if-not-empty'): Promise<SeedSummary | null> {
  const began = Date.now();
  const total = Math.max(0, Math.floor(options.posts ?? DEFAULT_POSTS));
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? (db.kind === 'pglite' ? PGLITE_BATCH : DEFAULT_BATCH);
  const rng = new Random(seed ^ 0xacc0);
  const elapsed = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;

  // Checked again under the lock below; this only spares the media work when it would be wasted.
  const [{ any }] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM posts) AS any');
  if (any && mode === 'skip-if-not-empty') return null;
  if (any) throw new Error(NOT_EMPTY);
  log(`demo content: ${total} posts, seed ${seed}, now ${now.toISOString()}`);
  const [pool, hashes] = await Promise.all([
    buildMediaPool(options.dataDir, seed, new Date(Date.UTC(2025, 0, 1))),
    // Hashing is deliberately slow: each distinct password once, not once per account.
    Promise.all([READER_PASSWORD, ADMIN_PASSWORD, PUBLISHER_PASSWORD].map(hashPassword)),
  ]);
  const [readerHash, adminHash, publisherHash] = hashes;
  // What making the files left behind is collected before the posts' transaction adds its own.
  collectGarbage();
  log(`media pool: ${pool.fileCount} files (${elapsed()})`);

  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [again] = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM posts) AS any');
    if (again.any) {
      if (mode === 'skip-if-not-empty') return null;
      throw new Error(NOT_EMPTY);
    }
    const s: SeedSummary = {
      cities: 0, organizations: 0, subsidiaries: 0, departments: 0, users: 0, post_types: 0, categories: 0,
      subcategories: 0, hashtags: 0, posts: 0, published: 0, drafts: 0, archived: 0, post_categories: 0,
      post_subcategories: 0, post_hashtags: 0, attachments: 0, media_files: pool.fileCount, bookmarks: 0,
      follows: 0, interests: 0, corrections: 0, audit_entries: 0, seconds: 0,
    };
    const start = new Date(now.getTime() - 730 * DAY_MS);

    const cityIds = await insertCities(tx, s);
    const typeIds = await insertPostTypes(tx, s);
    const categories = await insertCategories(tx, s);
    const hashtagIds = await insertHashtags(tx, rng, start, s);
    const orgs = await insertOrganizations(tx, rng, cityIds, s);
    const people = await insertUsers(tx, rng, orgs, start, now, { readerHash, adminHash, publisherHash }, s);
    log(`organizations, taxonomy and ${s.users} accounts written`);

    // The status-count trigger updates one row per inserted post; in one long transaction each
    // update leaves a version behind that the next must step over, which is quadratic at a
    // million posts. It is off while posts are written and the counts are set once at the end.
    await tx.exec('ALTER TABLE posts DISABLE TRIGGER posts_count_status_ins');
    // Likewise the terms' post counts (term_counts): counted once at the end.
    await tx.query("SELECT set_config('qarar.bulk_terms', 'on', true)");
    // And the kept answers' revisions (migration 010): new posts have none kept yet.
    await tx.query("SELECT set_config('qarar.bulk_docs', 'on', true)");
    // Keeping a dozen indexes (two of them GIN over the search vectors) current row by row costs
    // more than building them once at the end; within this transaction nobody sees them missing.
    const indexes = await dropSecondaryIndexes(tx, BULK_TABLES);
    if (db.kind === 'postgres') await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
    const factory = new PostFactory({ orgs, typeIds, categories, hashtagIds, pool }, total, now, seed);
    let lastLog = Date.now();
    // On PostgreSQL the server builds search vectors while this process writes the next batch.
    let writing: Promise<unknown> = Promise.resolve();
    for (let from = 0; from < total; from += batchSize) {
      const batch = [];
      for (let i = from; i < Math.min(total, from + batchSize); i++) batch.push(factory.next(i));
      await writing;
      writing = insertPosts(tx, batch);
      for (const p of batch) {
        s.posts++;
        if (p.status === 'published') s.published++;
        else if (p.status === 'draft') s.drafts++;
        else s.archived++;
        s.post_categories += new Set(p.category_ids).size;
        s.post_subcategories += new Set(p.subcategory_ids).size;
        s.post_hashtags += new Set(p.hashtag_ids).size;
        s.attachments += p.attachments.length;
      }
      if (Date.now() - lastLog > 5000 || s.posts === total) {
        lastLog = Date.now();
        log(`posts: ${s.posts}/${total} (${Math.round((100 * s.posts) / Math.max(1, total))}%, ${elapsed()})`);
      }
    }
    await writing;
    log(`posts written (${elapsed()}); rebuilding ${indexes.length} indexes`);
    for (const def of indexes) await tx.exec(def);
    await tx.exec('ALTER TABLE posts ENABLE TRIGGER posts_count_status_ins');
    await tx.query('UPDATE post_status_counts c SET n = (SELECT count(*) FROM posts p WHERE p.status = c.status)');

    // Some documents amend, replace or repeal the one before them of their organization and type
    // (every 25th of each), so that relations and the in-force state have something to show.
    await tx.query(
      `INSERT INTO post_relations (post_id, kind, target_id)
       SELECT id, CASE WHEN n % 75 = 0 THEN 'repeals' WHEN n % 50 = 0 THEN 'replaces' ELSE 'amends' END, prev
         FROM (SELECT p.id, lag(p.id) OVER w AS prev, row_number() OVER w AS n
                 FROM posts p WHERE p.status = 'published' AND p.organization_id IS NOT NULL
               WINDOW w AS (PARTITION BY p.organization_id, p.type_id ORDER BY p.published_at, p.id)) x
        WHERE prev IS NOT NULL AND n % 25 = 0`,
    );
    // A few posts corrected after publication, through the workspace (corrections.ts).
    s.corrections = (await seedCorrections(tx, db.kind, now, seed)).length;
    // Their history in the organization logs, as the workspace would have recorded it (audit.ts).
    s.audit_entries = await seedAuditLog(tx, seed);
    await insertReaderActivity(tx, rng, people, now, s);
    await tx.query('SELECT refresh_post_counts()');
    await tx.query('SELECT refresh_term_counts()');
    // Every vector was just built by the current analyzer: the index needs no rebuild at start.
    await tx.query('UPDATE search_index_state SET analyzer_version = $1', [ANALYZER_VERSION]);
    log(`indexes, counts and reader activity done (${elapsed()}); analysing tables`);
    for (const table of ['posts', 'file_texts', 'post_categories', 'post_subcategories', 'post_hashtags', 'attachments', 'hashtags', 'organizations']) {
      await tx.exec(`ANALYZE ${table}`);
    }
    s.seconds = Math.round((Date.now() - began) / 100) / 10;
    log(`demo content written in ${s.seconds} s`);
    return s;
  });
}

/** Tables the post batches write to. */
const BULK_TABLES = ['posts', 'post_categories', 'post_subcategories', 'post_hashtags', 'attachments'];

/**
 * Drops the indexes of these tables that back no constraint (primary keys and unique slugs stay,
 * as inserts rely on them) and returns the statements that recreate them, whichever migration
 * defined them.
 */
export async function dropSecondaryIndexes(tx: Queryable, tables: string[]): Promise<string[]> {
  const rows = await tx.query<{ name: string; def: string }>(
    `SELECT quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = ANY($1::text[]) AND t.relnamespace = to_regnamespace(current_schema())
        AND NOT i.indisunique
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY ic.relname`,
    [tables],
  );
  for (const r of rows) await tx.exec(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.def);
}

/** unnest() over parallel arrays: one statement per table whatever the number of rows. */
async function insertCities(tx: Queryable, s: SeedSummary): Promise<Map<string, number>> {
  const existing = await tx.query<{ id: number; name: string }>('SELECT id, name FROM cities');
  const byName = new Map(existing.map((r) => [r.name, r.id]));
  const missing = CITIES.filter((c) => !byName.has(c.name));
  if (missing.length) {
    const rows = await tx.query<{ id: number; name: string }>(
      'INSERT INTO cities (name, name_ar) SELECT * FROM unnest($1::text[], $2::text[]) RETURNING id, name',
      [missing.map((c) => c.name), missing.map((c) => c.name_ar)],
    );
    for (const r of rows) byName.set(r.name, r.id);
  }
  s.cities = CITIES.length;
  return new Map(CITIES.map((c) => [c.key, byName.get(c.name)!]));
}

async function insertPostTypes(tx: Queryable, s: SeedSummary): Promise<Record<TypeKey, number>> {
  const rows = await tx.query<{ id: number; name: string }>(
    `INSERT INTO post_types (name, name_ar, description, description_ar)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description, description_ar = EXCLUDED.description_ar
     RETURNING id, name`,
    [POST_TYPES.map((t) => t.name), POST_TYPES.map((t) => t.name_ar), POST_TYPES.map((t) => t.description), POST_TYPES.map((t) => t.description_ar)],
  );
  s.post_types = rows.length;
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  return Object.fromEntries(POST_TYPES.map((t) => [t.key, byName.get(t.name)!])) as Record<TypeKey, number>;
}

async function insertCategories(tx: Queryable, s: SeedSummary): Promise<CategoryRef[]> {
  const cats = await tx.query<{ id: number; slug: string }>(
    `INSERT INTO categories (slug, name, name_ar, description, description_ar, sort_order)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
     ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name
     RETURNING id, slug`,
    [
      CATEGORIES.map((c) => c.slug), CATEGORIES.map((c) => c.name), CATEGORIES.map((c) => c.name_ar),
      CATEGORIES.map((c) => c.description), CATEGORIES.map((c) => c.description_ar), CATEGORIES.map((_, i) => i + 1),
    ],
  );
  const catId = new Map(cats.map((r) => [r.slug, r.id]));
  const subs = CATEGORIES.flatMap((c) => c.subcategories.map((sub) => ({ ...sub, category_id: catId.get(c.slug)! })));
  const subRows = await tx.query<{ id: number; slug: string }>(
    `INSERT INTO subcategories (category_id, slug, name, name_ar, description, description_ar)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name
     RETURNING id, slug`,
    [
      subs.map((x) => x.category_id), subs.map((x) => x.slug), subs.map((x) => x.name), subs.map((x) => x.name_ar),
      subs.map((x) => x.description), subs.map((x) => x.description_ar),
    ],
  );
  const subId = new Map(subRows.map((r) => [r.slug, r.id]));
  s.categories = cats.length;
  s.subcategories = subRows.length;
  return CATEGORIES.map((def) => ({ def, id: catId.get(def.slug)!, subcategoryIds: def.subcategories.map((x) => subId.get(x.slug)!) }));
}

/** A tag's slug: its identity (normalised, lower case) with '-' for '_'; unique as the identity is. */
export function hashtagSlug(name: string): string {
  return hashtagIdentity(name).replace(/_/g, '-');
}

async function insertHashtags(tx: Queryable, rng: Random, start: Date, s: SeedSummary): Promise<Map<string, number>> {
  const names = allHashtags();
  const rows = await tx.query<{ id: number; name_normalized: string }>(
    `INSERT INTO hashtags (name, slug, name_normalized, is_trending, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::timestamptz[])
     ON CONFLICT (name_normalized) DO UPDATE SET is_trending = EXCLUDED.is_trending
     RETURNING id, name_normalized`,
    [
      names, names.map(hashtagSlug), names.map(hashtagIdentity), names.map((n) => TRENDING_HASHTAGS.has(n)),
      names.map(() => new Date(start.getTime() - rng.int(1, 400) * DAY_MS).toISOString()),
    ],
  );
  s.hashtags = rows.length;
  return new Map(rows.map((r) => [r.name_normalized, r.id]));
}

async function insertOrganizations(tx: Queryable, rng: Random, cityIds: Map<string, number>, s: SeedSummary): Promise<OrgRef[]> {
  const extra = ORGANIZATIONS.map((def) => {
    const city = CITY_BY_KEY.get(def.city)!;
    const phone = rng.chance(0.5) ? `9200${rng.digits(5)}` : `+966 ${city.area} ${rng.int(200, 899)} ${rng.digits(4)}`;
    const email = `${rng.pick(['info', 'cs', 'care', 'media', 'contact'])}@${def.domain}`;
    const [head_ar, head_en] = headOf(def);
    return {
      def, city, phone, email,
      description_ar: `${def.name_ar} جهة حكومية مقرها ${city.name_ar}، تتولى ${def.mandate[0]}. ويشرف على أعمالها ${head_ar}، وتعمل على تحقيق مستهدفات رؤية المملكة 2030 في مجال اختصاصها وتقديم خدماتها إلكترونيًا عبر موقعها الرسمي.`,
      description: `${def.kind === 'university' ? def.name : `The ${def.name}`} is a government body based in ${city.name}, responsible for ${def.mandate[1]}. Led by the ${head_en}, it works towards the goals of Saudi Vision 2030 in its field and provides its services online.`,
    };
  });
  const rows = await tx.query<{ id: number; code: string; inserted: boolean }>(
    `INSERT INTO organizations (code, name, name_ar, description, description_ar, is_verified, is_active, city_id, website, email, phone, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::boolean[], $8::int[],
                          $9::text[], $10::text[], $11::text[], $12::timestamptz[])
     ON CONFLICT ((lower(code))) DO UPDATE SET name = EXCLUDED.name
     RETURNING id, code, (xmax = 0) AS inserted`,
    [
      extra.map((o) => o.def.code), extra.map((o) => o.def.name), extra.map((o) => o.def.name_ar),
      extra.map((o) => o.description), extra.map((o) => o.description_ar), extra.map((o) => o.def.verified ?? true),
      extra.map((o) => o.def.active ?? true), extra.map((o) => cityIds.get(o.def.city)!), extra.map((o) => `https://www.${o.def.domain}`),
      extra.map((o) => o.email), extra.map((o) => o.phone), extra.map(() => new Date(Date.UTC(2023, 0, 1)).toISOString()),
    ],
  );
  const byCode = new Map(rows.map((r) => [r.code.toLowerCase(), r]));
  s.organizations = rows.length;

  // Subsidiaries and departments only for organizations this run created: an organization that
  // was already there keeps its own.
  const subs: Array<{ org: number; code: string; ar: string; en: string; parent: [string, string]; active: boolean }> = [];
  const depts: Array<{ org: number; ar: string; en: string; active: boolean }> = [];
  for (const o of extra) {
    const row = byCode.get(o.def.code.toLowerCase())!;
    if (!row.inserted) continue;
    o.def.subsidiaries.forEach(([ar, en], i) =>
      subs.push({ org: row.id, code: `${o.def.code}-${i + 1}`, ar, en, parent: [o.def.name_ar, theName(o.def)], active: rng.chance(0.92) }),
    );
    for (const [ar, en] of rng.sample(DEPARTMENTS, rng.int(4, 8))) depts.push({ org: row.id, ar, en, active: rng.chance(0.95) });
  }
  const subRows = subs.length
    ? await tx.query<{ id: number; organization_id: number; is_active: boolean }>(
        `INSERT INTO subsidiaries (organization_id, code, name, name_ar, description, description_ar, is_active)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])
         RETURNING id, organization_id, is_active`,
        [
          subs.map((x) => x.org), subs.map((x) => x.code), subs.map((x) => x.en), subs.map((x) => x.ar),
          subs.map((x) => `${x.en}, affiliated to ${x.parent[1]}.`),
          subs.map((x) => `${x.ar}، إحدى الجهات التابعة ${li(x.parent[0])}.`), subs.map((x) => x.active),
        ],
      )
    : [];
  if (depts.length) {
    await tx.query(
      `INSERT INTO departments (organization_id, name, name_ar, is_active)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::boolean[])`,
      [depts.map((d) => d.org), depts.map((d) => d.en), depts.map((d) => d.ar), depts.map((d) => d.active)],
    );
  }
  s.subsidiaries = subRows.length;
  s.departments = depts.length;

  return extra.map((o) => {
    const id = byCode.get(o.def.code.toLowerCase())!.id;
    return {
      def: o.def, city: o.city, email: o.email, phone: o.phone, id,
      subsidiaryIds: subRows.filter((r) => r.organization_id === id && r.is_active).map((r) => r.id),
      publisherIds: [],
    };
  });
}

interface People {
  readerId: number;
  adminId: number;
  otherReaderIds: number[];
  publisherIds: number[];
}

async function insertUsers(
  tx: Queryable, rng: Random, orgs: OrgRef[], start: Date, now: Date,
  h: { readerHash: string; adminHash: string; publisherHash: string }, s: SeedSummary,
): Promise<People> {
  interface U {
    username: string; first_name: string; last_name: string; user_type: string; is_staff: boolean; is_verified: boolean;
    hash: string; joined: Date; bio: string; location: string; website: string; twitter: string; org?: OrgRef;
  }
  const users: U[] = [
    {
      username: 'admin', first_name: 'مشرف', last_name: 'المنصة', user_type: 'staff', is_staff: true, is_verified: true,
      hash: h.adminHash, joined: new Date(start.getTime() - 400 * DAY_MS), bio: 'فريق إدارة منصة قرار.', location: 'الرياض',
      website: '', twitter: '',
    },
    {
      username: 'reader', first_name: 'سارة', last_name: 'القحطاني', user_type: 'regular', is_staff: false, is_verified: false,
      hash: h.readerHash, joined: new Date(start.getTime() + 30 * DAY_MS),
      bio: 'مهتمة بالأنظمة والقرارات الحكومية المتعلقة بالتعليم وريادة الأعمال.', location: 'الرياض، المملكة العربية السعودية',
      website: 'https://example.com', twitter: 'sara_reads',
    },
    ...OTHER_READERS.map((r) => ({
      username: r.username, first_name: r.first_name, last_name: r.last_name, user_type: 'regular', is_staff: false,
      is_verified: false, hash: h.readerHash, joined: new Date(start.getTime() + rng.int(0, 700) * DAY_MS), bio: '',
      location: r.location, website: '', twitter: '',
    })),
  ];
  for (const org of orgs) {
    const code = org.def.code.toLowerCase();
    const joined = new Date(start.getTime() - rng.int(30, 300) * DAY_MS);
    users.push({
      username: `${code}_media`, first_name: org.def.name_ar, last_name: '', user_type: 'publisher', is_staff: false,
      is_verified: true, hash: h.publisherHash, joined, bio: `الحساب الرسمي ${li(org.def.name_ar)} على منصة قرار.`,
      location: org.city.name_ar, website: `https://www.${org.def.domain}`, twitter: `${code}_sa`, org,
    });
    const editors = (org.def.weight ?? 1) >= 2 ? 2 : 1;
    for (let k = 0; k < editors; k++) {
      users.push({
        username: k === 0 ? `${code}_editor` : `${code}_news`, first_name: rng.pick(FIRST_NAMES), last_name: rng.pick(LAST_NAMES),
        user_type: 'publisher', is_staff: false, is_verified: true, hash: h.publisherHash,
        joined: new Date(joined.getTime() + rng.int(1, 200) * DAY_MS), bio: `عضو فريق المحتوى في ${org.def.name_ar}.`,
        location: org.city.name_ar, website: '', twitter: '', org,
      });
    }
  }
  await tx.query(
    `INSERT INTO users (username, email, password_hash, first_name, last_name, user_type, is_staff, is_verified, date_joined,
                        bio, location, website, twitter)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::boolean[],
                          $9::timestamptz[], $10::text[], $11::text[], $12::text[], $13::text[])
     ON CONFLICT DO NOTHING`,
    [
      users.map((u) => u.username), users.map((u) => `${u.username}@qarar.local`), users.map((u) => u.hash),
      users.map((u) => u.first_name), users.map((u) => u.last_name), users.map((u) => u.user_type), users.map((u) => u.is_staff),
      users.map((u) => u.is_verified), users.map((u) => new Date(Math.min(u.joined.getTime(), now.getTime())).toISOString()),
      users.map((u) => u.bio), users.map((u) => u.location), users.map((u) => u.website), users.map((u) => u.twitter),
    ],
  );
  // An account that already existed under one of these names is used as it is.
  const rows = await tx.query<{ id: number; username: string }>(
    'SELECT id, lower(username) AS username FROM users WHERE lower(username) = ANY($1::text[])',
    [users.map((u) => u.username.toLowerCase())],
  );
  const id = new Map(rows.map((r) => [r.username, r.id]));
  s.users = rows.length;
  for (const u of users) if (u.org) u.org.publisherIds.push(id.get(u.username)!);
  // Each organization's media account publishes; its editors write and submit (issue 14).
  const members = users.filter((u) => u.org && id.has(u.username.toLowerCase()));
  await tx.query(
    `INSERT INTO organization_members (organization_id, user_id, role)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[]) ON CONFLICT DO NOTHING`,
    [
      members.map((u) => u.org!.id),
      members.map((u) => id.get(u.username.toLowerCase())!),
      members.map((u) => (u.username.endsWith('_media') ? 'publisher' : 'editor')),
    ],
  );
  return {
    readerId: id.get('reader')!,
    adminId: id.get('admin')!,
    otherReaderIds: OTHER_READERS.map((r) => id.get(r.username)!),
    publisherIds: users.filter((u) => u.org).map((u) => id.get(u.username)!),
  };
}

/** Bookmarks with notes, follows and interests, so that the signed-in screens have something to show. */
async function insertReaderActivity(tx: Queryable, rng: Random, p: People, now: Date, s: SeedSummary) {
  const recent = await tx.query<{ id: number; published_at: Date }>(
    `SELECT id, published_at FROM posts WHERE status = 'published' ORDER BY published_at DESC, id DESC LIMIT 400`,
  );
  const bookmarks: Array<{ user: number; post: number; notes: string; at: string }> = [];
  const readers = [{ id: p.readerId, n: 12 }, ...p.otherReaderIds.map((id) => ({ id, n: rng.int(2, 6) }))];
  for (const r of readers) {
    for (const post of rng.sample(recent, r.n)) {
      const published = new Date(post.published_at).getTime();
      const at = published + rng.next() * Math.max(0, now.getTime() - published);
      bookmarks.push({ user: r.id, post: post.id, notes: rng.pick(BOOKMARK_NOTES), at: new Date(at).toISOString() });
    }
  }
  if (bookmarks.length) {
    await tx.query(
      `INSERT INTO bookmarks (user_id, post_id, notes, created_at, updated_at)
       SELECT u, p, n, t, t FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[]) AS x(u, p, n, t)
       ON CONFLICT DO NOTHING`,
      [bookmarks.map((b) => b.user), bookmarks.map((b) => b.post), bookmarks.map((b) => b.notes), bookmarks.map((b) => b.at)],
    );
  }
  s.bookmarks = bookmarks.length;

  const follows = new Map<string, [number, number]>();
  const follow = (a: number, b: number) => a !== b && follows.set(`${a}:${b}`, [a, b]);
  for (const pub of rng.sample(p.publisherIds, 8)) follow(p.readerId, pub);
  for (const pub of rng.sample(p.publisherIds, 3)) follow(p.adminId, pub);
  for (const id of p.otherReaderIds) {
    for (const pub of rng.sample(p.publisherIds, rng.int(2, 5))) follow(id, pub);
    if (rng.chance(0.6)) follow(id, p.readerId);
  }
  follow(p.readerId, p.otherReaderIds[0]);
  const pairs = [...follows.values()];
  await tx.query(
    `INSERT INTO follows (follower_id, followed_id, created_at)
     SELECT * FROM unnest($1::int[], $2::int[], $3::timestamptz[]) ON CONFLICT DO NOTHING`,
    [pairs.map((x) => x[0]), pairs.map((x) => x[1]), pairs.map(() => new Date(now.getTime() - rng.int(1, 300) * DAY_MS).toISOString())],
  );
  s.follows = pairs.length;

  const interests: Array<[number, string]> = [
    ...['التعليم', 'الاقتصاد', 'رؤية 2030', 'Technology'].map((n) => [p.readerId, n] as [number, string]),
    ...p.otherReaderIds.flatMap((id) => rng.sample(INTEREST_NAMES, rng.int(1, 3)).map((n) => [id, n] as [number, string])),
  ];
  await tx.query(
    `INSERT INTO interests (user_id, name) SELECT * FROM unnest($1::int[], $2::text[]) ON CONFLICT DO NOTHING`,
    [interests.map((x) => x[0]), interests.map((x) => x[1])],
  );
  s.interests = interests.length;
}
