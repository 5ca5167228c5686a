import fc from 'fast-check';
import { HttpError } from '../../http/errors';
import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import type { AuthContext } from '../auth/context';
import {
  correctStudioPost,
  createStudioPost,
  deleteStudioPost,
  publishDuePosts,
  publishStudioPost,
  scheduleStudioPost,
  submitStudioPost,
  withdrawStudioPost,
} from './posts';

/**
 * Every count the database keeps equals a recount after any series of the workspace's writes:
 * publishing (now or by schedule), correcting a post's type, categories, subcategories and tags,
 * withdrawing, and deleting a draft — run through the workspace's own service functions on a
 * small fixture, with random series (fast-check). A failure prints fast-check's seed and path;
 * FC_SEED=<seed> replays it.
 */
let ctx: TestContext;
let staff: AuthContext;
const fixture = { organizations: [] as number[], types: [] as number[], categories: [] as number[], subcategories: [] as number[] };
const TAGS = ['صحة', 'تعليم', 'vaccines', 'نقل_عام'];

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      const admin = await f.user('admin', { staff: true });
      staff = { userId: admin, sessionId: 'property-test', username: 'admin', isStaff: true };
      fixture.organizations = [await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة'), await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم')];
      const types = await f.postTypes();
      fixture.types = [types.decision, types.circular, types.announcement];
      const health = await f.category('health', 'Health', 'الصحة');
      const schools = await f.category('schools', 'Schools', 'المدارس');
      fixture.categories = [health, schools];
      fixture.subcategories = [await f.subcategory(health, 'vaccines', 'Vaccines', 'اللقاحات'), await f.subcategory(schools, 'exams', 'Exams', 'الاختبارات')];
    },
  });
});
afterAll(() => ctx.close());

/** Each stored count beside its recount, where they differ. */
const DRIFT = `
  SELECT 'post_types' AS list, t.id::text AS key, t.post_count::text AS stored,
         (SELECT count(*) FROM posts p WHERE p.type_id = t.id AND p.status = 'published')::text AS recount
    FROM post_types t
  UNION ALL
  SELECT 'organizations', o.id::text, o.post_count::text,
         (SELECT count(*) FROM posts p WHERE p.organization_id = o.id AND p.status = 'published')::text
    FROM organizations o
  UNION ALL
  SELECT 'categories', c.id::text, c.post_count::text,
         (SELECT count(*) FROM post_categories pc JOIN posts p ON p.id = pc.post_id WHERE pc.category_id = c.id AND p.status = 'published')::text
    FROM categories c
  UNION ALL
  SELECT 'subcategories', s.id::text, s.post_count::text,
         (SELECT count(*) FROM post_subcategories ps JOIN posts p ON p.id = ps.post_id WHERE ps.subcategory_id = s.id AND p.status = 'published')::text
    FROM subcategories s
  UNION ALL
  SELECT 'hashtags', h.name, h.post_count::text || ' ' || coalesce(h.last_used::text, '-'),
         (SELECT count(*)::text || ' ' || coalesce(max(p.published_at)::text, '-')
            FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id AND p.status = 'published' WHERE ph.hashtag_id = h.id)
    FROM hashtags h
  UNION ALL
  SELECT 'post_status_counts', s.status, s.n::text, (SELECT count(*) FROM posts p WHERE p.status = s.status)::text
    FROM post_status_counts s
  UNION ALL
  SELECT 'attachment_count', p.id::text, p.attachment_count::text, (SELECT count(*) FROM attachments a WHERE a.post_id = p.id)::text
    FROM posts p
  UNION ALL
  SELECT 'term_counts', coalesce(t.term, s.word), coalesce(t.n, 0)::text, coalesce(s.ndoc, 0)::text
    FROM term_counts t FULL JOIN ts_stat('SELECT terms FROM post_terms') s ON s.word = t.term`;

async function drift(): Promise<string[]> {
  const rows = await ctx.db.query<{ list: string; key: string; stored: string; recount: string }>(
    `SELECT * FROM (${DRIFT}) d WHERE stored IS DISTINCT FROM recount ORDER BY list, key`,
  );
  return rows.map((r) => `${r.list} ${r.key}: stored ${r.stored}, recount ${r.recount}`);
}

const pick = <T>(list: T[], n: number): T => list[n % list.length];
const subsetOf = <T>(list: T[], min = 0) => fc.subarray(list, { minLength: min });

/** What a post is filed under: a type, at least one category, any subcategories and tags. */
const filing = () =>
  fc.record({
    type: fc.nat({ max: 2 }),
    categories: subsetOf([0, 1], 1),
    subcategories: subsetOf([0, 1]),
    hashtags: subsetOf(TAGS),
  });
type Filing = { type: number; categories: number[]; subcategories: number[]; hashtags: string[] };

const asInput = (f: Filing) => ({
  type_id: pick(fixture.types, f.type),
  category_ids: f.categories.map((i) => fixture.categories[i]),
  subcategory_ids: f.subcategories.map((i) => fixture.subcategories[i]),
  hashtags: f.hashtags,
});

const write = fc.oneof(
  fc.record({ kind: fc.constant('publish' as const), organization: fc.nat({ max: 1 }), filing: filing(), scheduled: fc.boolean() }),
  fc.record({ kind: fc.constant('correct' as const), post: fc.nat(), filing: filing() }),
  fc.record({ kind: fc.constant('withdraw' as const), post: fc.nat() }),
  fc.record({ kind: fc.constant('draft' as const), organization: fc.nat({ max: 1 }), filing: filing(), deleted: fc.boolean() }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

async function draftOf(organization: number, f: Filing): Promise<number> {
  return createStudioPost(ctx.db, staff, {
    organization_id: pick(fixture.organizations, organization),
    ...asInput(f),
    title: 'A decision',
    title_ar: 'قرار',
    content_ar: 'نص القرار.',
    language: 'ar',
  });
}

const published = async () => (await ctx.db.query<{ id: number }>(`SELECT id FROM posts WHERE status = 'published' ORDER BY id`)).map((r) => r.id);

async function apply(w: Write): Promise<void> {
  switch (w.kind) {
    case 'publish': {
      const id = await draftOf(w.organization, w.filing);
      await submitStudioPost(ctx.db, staff, id);
      if (!w.scheduled) return publishStudioPost(ctx.db, staff, id);
      await scheduleStudioPost(ctx.db, staff, id, new Date(Date.now() + 120_000));
      await publishDuePosts(ctx.db, new Date(Date.now() + 180_000));
      return;
    }
    case 'correct': {
      const ids = await published();
      if (!ids.length) return;
      try {
        await correctStudioPost(ctx.db, staff, pick(ids, w.post), { change_kind: 'minor', ...asInput(w.filing) });
      } catch (err) {
        // The same filing again: nothing to correct.
        if (!(err instanceof HttpError && err.options.fields?.change_kind)) throw err;
      }
      return;
    }
    case 'withdraw': {
      const ids = await published();
      if (ids.length) await withdrawStudioPost(ctx.db, staff, pick(ids, w.post), 'Superseded', 'أُلغي');
      return;
    }
    case 'draft': {
      const id = await draftOf(w.organization, w.filing);
      if (w.deleted) await deleteStudioPost(ctx.db, staff, id);
    }
  }
}

it('keeps every stored count equal to a recount after any series of writes', async () => {
  const seed = Number(process.env.FC_SEED) || Math.floor(Math.random() * 2 ** 31);
  await fc.assert(
    fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (series) => {
      // Each series starts from no posts and counts made exact, so that a failure shrinks alone.
      await ctx.db.exec('DELETE FROM posts; SELECT refresh_post_counts(); SELECT refresh_term_counts();');
      for (const w of series) await apply(w);
      expect(await drift()).toEqual([]);
    }),
    { numRuns: 25, seed },
  );
}, 120_000);
