import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
const POSTS = 260;
beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      const author = await f.user('bulk');
      const types = await f.postTypes();
      // Many posts sharing few publication times and view counts, so that ties abound.
      await db.query(
        `INSERT INTO posts (slug, title, title_ar, author_id, type_id, published_at, view_count)
         SELECT 'bulk-' || i, 'Bulk ' || i, 'منشور ' || i, $1, $2,
                timestamptz '2024-01-01 00:00Z' + (i % 7) * interval '1 hour', i % 3
           FROM generate_series(1, ${POSTS}) i`,
        [author, types.decision],
      );
    },
  });
});
afterAll(() => ctx.close());

async function ids(query: string): Promise<number[]> {
  const res = await ctx.inject({ url: `/api/v1/content/posts/?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().results.map((p: { id: number }) => p.id);
}

describe('deep pages', () => {
  it.each(['-published_at', 'published_at', '-view_count', 'view_count'])(
    'read the same order past the first pages (%s)',
    async (ordering) => {
      // One request of 100 per page against pages of 1 and 10 that reach past offset 200.
      const all = [...(await ids(`ordering=${ordering}&page_size=100`)), ...(await ids(`ordering=${ordering}&page_size=100&page=2`)),
        ...(await ids(`ordering=${ordering}&page_size=100&page=3`))];
      expect(all).toHaveLength(POSTS);
      expect(new Set(all).size).toBe(POSTS);
      for (const page of [199, 200, 201, 202, 260]) expect(await ids(`ordering=${ordering}&page_size=1&page=${page}`)).toEqual([all[page - 1]]);
      expect(await ids(`ordering=${ordering}&page=21`)).toEqual(all.slice(200, 210));
      // Again, now from the page's kept ids.
      expect(await ids(`ordering=${ordering}&page=21`)).toEqual(all.slice(200, 210));
      expect(await ids(`ordering=${ordering}&page=26&type=decision`)).toEqual(all.slice(250, 260));
    },
  );

  it('answer a page past the end with 404', async () => {
    expect((await ctx.inject({ url: '/api/v1/content/posts/?page=27' })).statusCode).toBe(404);
    expect((await ctx.inject({ url: '/api/v1/content/posts/?page=261&page_size=1' })).statusCode).toBe(404);
  });
});
