import type { AuthContext } from '../modules/auth/context';
import { insertPosts, type NewPostWithRelations } from '../modules/posts/write';
import { deleteStudioPost, listStudioPosts, lookupPublishedPosts } from '../modules/studio/posts';
import { ContentFixtures } from '../test/content-fixtures';
import { createTestContext, type TestContext } from '../test/helpers';
import type { Db, Queryable } from './db';

/**
 * The reads and deletes that scanned every post (issue 27, point 8) use migration 019's indexes.
 * Each statement the product's own function issues is planned with sequential scans off, over
 * enough rows that reading them all by another index costs more: the plan names the index that
 * serves it. `npm run bench:indexes` measures the same calls on a million posts.
 */
let ctx: TestContext;
let staff: AuthContext;
let draftId: number;
/** Posts beside the few the tests look for. */
const FILLER = 5_000;
// Each word of the filler's titles is in one post in forty, as a word staff type would be.
const WORDS = [
  ['budget', 'الميزانية'], ['tender', 'المنافسة'], ['licence', 'الترخيص'], ['exam', 'الاختبار'], ['permit', 'التصريح'],
  ['zakat', 'الزكاة'], ['housing', 'الإسكان'], ['water', 'المياه'], ['roads', 'الطرق'], ['customs', 'الجمارك'],
  ['tourism', 'السياحة'], ['mining', 'التعدين'], ['courts', 'المحاكم'], ['ports', 'الموانئ'], ['energy', 'الطاقة'],
  ['pilgrims', 'الحجاج'], ['farming', 'الزراعة'], ['labour', 'العمل'], ['patents', 'البراءات'], ['aviation', 'الطيران'],
  ['museums', 'المتاحف'], ['sports', 'الرياضة'], ['railways', 'السكك'], ['postal', 'البريد'], ['weather', 'الأرصاد'],
  ['census', 'الإحصاء'], ['fisheries', 'المصايد'], ['forests', 'الغابات'], ['heritage', 'التراث'], ['libraries', 'المكتبات'],
  ['elections', 'الانتخابات'], ['pensions', 'التقاعد'], ['scholarships', 'الابتعاث'], ['charities', 'الجمعيات'], ['insurance', 'التأمين'],
  ['statistics', 'البيانات'], ['broadcast', 'الإذاعة'], ['municipal', 'البلدية'], ['traffic', 'المرور'], ['passports', 'الجوازات'],
];

beforeAll(async () => {
  ctx = await createTestContext({
    async prepare(db) {
      const f = new ContentFixtures(db);
      const staffId = await f.user('staffer', { staff: true });
      staff = { userId: staffId, username: 'staffer', sessionId: '00000000-0000-4000-8000-000000000000', isStaff: true };
      const types = await f.postTypes();
      const orgs = [await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة'), await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم')];
      const post = (i: number, title: string, title_ar: string, document_number: string, status: 'published' | 'draft' = 'published'): NewPostWithRelations => ({
        slug: `post-${i}`, title, title_ar, summary: '', summary_ar: '', content: '', content_ar: '', language: 'ar', status,
        author_id: staffId, type_id: types.decision, organization_id: orgs[i % 2], subsidiary_id: null,
        published_at: status === 'draft' ? null : new Date(Date.UTC(2025, 0, 1 + i)), document_number,
        category_ids: [], subcategory_ids: [], hashtag_ids: [], attachments: [],
      });
      // The posts the tests look for, written as the product writes them (search vectors included).
      const ids = await insertPosts(db, [
        post(1, 'Announcement of the seasonal vaccination campaign', 'إعلان حملة التطعيم الموسمية', '700/1440'),
        post(2, 'Circular on vaccination records in schools', 'تعميم بشأن سجلات التطعيم في المدارس', '701/1440'),
        post(3, 'Decision on school transport fees', 'قرار بشأن رسوم النقل المدرسي', '702/1440'),
        post(4, 'A draft on vaccination centres', 'مسودة بشأن مراكز التطعيم', '703/1440', 'draft'),
      ]);
      draftId = ids[3];
      await db.transaction(async (tx) => {
        // Rows for the planner's statistics: what the triggers derive from posts is not read here.
        await tx.exec('SET LOCAL session_replication_role = replica');
        await tx.query(
          `INSERT INTO posts (slug, title, title_ar, status, author_id, type_id, organization_id, published_at, document_number, search_vector)
           SELECT 'filler-' || i, 'Notice on ' || w.en[1 + i % 40] || ' ' || i, 'إشعار بشأن ' || w.ar[1 + i % 40] || ' ' || i,
                  CASE WHEN i % 10 = 0 THEN 'draft' ELSE 'published' END, $1::int, $2::int, ($3::int[])[1 + i % 2],
                  CASE WHEN i % 10 = 0 THEN NULL ELSE now() - i * interval '1 hour' END, (i % 997) || '/' || (1400 + i % 41),
                  to_tsvector('simple', w.en[1 + i % 40])
             FROM generate_series(1, $4::int) i, (SELECT $5::text[] AS en, $6::text[] AS ar) w`,
          [staffId, types.decision, orgs, FILLER, WORDS.map((w) => w[0]), WORDS.map((w) => w[1])],
        );
      });
      // Readers' rows that a post's deletion reaches.
      await db.query(`INSERT INTO bookmarks (user_id, post_id) SELECT $1, id FROM posts WHERE status = 'published'`, [staffId]);
      await db.query(`INSERT INTO alert_lists (list_key, list, match_key) VALUES ('all', '{}', 'all')`);
      await db.query(`INSERT INTO alert_list_posts (list_key, post_id) SELECT 'all', id FROM posts WHERE status = 'published'`);
      // VACUUM as autovacuum would: it moves the trigram index's pending entries into the index,
      // which the planner otherwise reckons it must read on every search.
      await db.exec('VACUUM ANALYZE');
    },
  });
});
afterAll(() => ctx.close());

/** Runs fn in a transaction where each statement is planned (EXPLAIN) before it runs, sequential scans off. */
async function plansOf(fn: (db: Queryable) => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
  const plans: { sql: string; plan: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_seqscan = off');
    await fn({
      async query<T>(sql: string, params?: unknown[]) {
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plans.push({ sql, plan: plan.map((r) => r['QUERY PLAN']).join('\n') });
        return tx.query<T>(sql, params);
      },
      exec: (sql) => tx.exec(sql),
    });
  });
  return plans;
}

describe("the workspace's relation picker", () => {
  it('finds a document number by its index', async () => {
    const plans = await plansOf(async (db) => expect(await lookupPublishedPosts(db, '700/1440', 10)).toEqual([expect.objectContaining({ slug: 'post-1' })]));
    expect(plans).toHaveLength(1);
    expect(plans[0].plan).toContain('posts_pub_document_number');
  });

  it('looks the number up by its index beside the words', async () => {
    const plans = await plansOf(async (db) => expect((await lookupPublishedPosts(db, 'vaccination', 10)).map((p) => p.slug)).toEqual(['post-2', 'post-1']));
    expect(plans[0].plan).toContain('posts_pub_document_number');
    expect(plans[0].plan).toContain('post_terms');
  });
});

describe("staff's workspace list", () => {
  it.each(['تطعيم', 'الجمارك', 'Vaccin', 'customs', '70/144'])('searches %s by the trigram index, its count and its page', async (search) => {
    const plans = await plansOf((db) => listStudioPosts(db, staff, null, { search }, { pageSize: 20, offset: 0 }, 'http://localhost'));
    const searching = plans.filter((p) => p.sql.includes('ILIKE'));
    expect(searching).toHaveLength(2);
    for (const p of searching) expect(p.plan).toContain('posts_studio_search_trgm');
  });

  it('finds what it searched', async () => {
    const { count, results } = await listStudioPosts(ctx.db, staff, null, { search: 'تطعيم' }, { pageSize: 5, offset: 0 }, 'http://localhost');
    expect(count).toBe(3);
    expect(results.map((p) => p.slug).sort()).toEqual(['post-1', 'post-2', 'post-4']);
  });
});

describe('deleting a post', () => {
  it('reaches every table that refers to posts by an index that starts with the referring column', async () => {
    // Every foreign key to posts, with the indexes (not partial) whose first column is its column.
    const refs = await ctx.db.query<{ tbl: string; col: string; indexes: string[] }>(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col,
              ARRAY(SELECT i.indexrelid::regclass::text FROM pg_index i
                     WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1] AND i.indpred IS NULL) AS indexes
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'posts'::regclass
        ORDER BY 1, 2`,
    );
    expect(refs.map((r) => r.tbl)).toEqual(expect.arrayContaining(['bookmarks', 'alert_list_posts']));
    // Sequential scans of each table so far in this session (a session's counts are
    // pending until it reports them, so what the delete did is the difference).
    const scans = (tx: Queryable) =>
      tx.query<{ seq: number }>(`SELECT pg_stat_get_xact_numscans(t::regclass)::int AS seq FROM unnest($1::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n`, [
        refs.map((r) => r.tbl),
      ]);
    let before: { seq: number }[] = [];
    let after: typeof before = [];
    // The product's delete, in a transaction that reads the scans before it commits.
    const counting: Db = {
      ...ctx.db,
      transaction: (fn) =>
        ctx.db.transaction(async (tx) => {
          await tx.query('SET LOCAL enable_seqscan = off');
          before = await scans(tx);
          const out = await fn(tx);
          after = await scans(tx);
          return out;
        }),
    };
    await deleteStudioPost(counting, staff, draftId);
    expect(await ctx.db.query('SELECT 1 FROM posts WHERE id = $1', [draftId])).toEqual([]);
    // An empty table's index is not counted as scanned: what is asked is an index to scan, and no
    // table read whole.
    const reads = refs.map((r, i) => ({ table: r.tbl, column: r.col, indexed: r.indexes.length > 0, sequentialScans: after[i].seq - before[i].seq }));
    expect(reads).toEqual(refs.map((r) => ({ table: r.tbl, column: r.col, indexed: true, sequentialScans: 0 })));
  });
});
