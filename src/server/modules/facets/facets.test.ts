import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
const at = (y: number, m = 6) => new Date(Date.UTC(y, m - 1, 15, 10));

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      const author = await f.user('writer');
      const types = await f.postTypes();
      const moh = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      const moe = await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم');
      await f.organization('IDLE', 'Idle Authority', 'هيئة بلا منشورات');
      const health = await f.category('health', 'Health', 'الصحة');
      const schools = await f.category('schools', 'Schools', 'المدارس');
      await f.category('empty', 'Empty', 'فارغ');
      const post = (slug: string, p: Record<string, unknown>) =>
        f.post({ slug, author_id: author, type_id: types.decision, title_ar: `قرار ${slug}`, title: `Decision ${slug}`, ...p });
      const old = await post('old-rule', { organization_id: moh, categories: [health], published_at: at(2024), title_ar: 'لائحة المستشفيات', type_id: types.regulation });
      const amended = await post('amended-rule', { organization_id: moh, categories: [health, schools], published_at: at(2025), title_ar: 'لائحة الصحة المدرسية' });
      await post('circular', { organization_id: moe, categories: [schools], published_at: at(2025, 9), type_id: types.circular, title_ar: 'تعميم المدارس' });
      await post('no-org', { published_at: at(2026), title_ar: 'إعلان عام عن المستشفيات', type_id: types.announcement });
      const repeal = await post('repeal', { organization_id: moh, categories: [health], published_at: at(2026, 2), title_ar: 'قرار إلغاء لائحة المستشفيات' });
      const amend = await post('amend', { organization_id: moh, published_at: at(2026, 3), title_ar: 'قرار تعديل لائحة الصحة المدرسية' });
      await post('draft', { organization_id: moh, status: 'draft', title_ar: 'مسودة لائحة المستشفيات' });
      await db.query(`INSERT INTO post_relations (post_id, kind, target_id) VALUES ($1, 'repeals', $2), ($3, 'amends', $4)`, [repeal, old, amend, amended]);
    },
  });
});
afterAll(() => ctx.close());

type Facets = {
  count: number;
  types: { name: string; count: number }[];
  organizations: { code: string; count: number }[];
  categories: { slug: string; count: number }[];
  in_force: { value: string; count: number }[];
  years: { year: number; count: number }[];
};

async function facets(query = ''): Promise<Facets> {
  const res = await ctx.inject({ url: `/api/v1/content/facets/?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function listed(query = ''): Promise<number> {
  const res = await ctx.inject({ url: `/api/v1/content/posts/?${query}` });
  return res.json<{ count: number }>().count;
}
const sum = (values: { count: number }[]) => values.reduce((a, v) => a + v.count, 0);
const byKey = <T extends { count: number }>(values: T[], key: (v: T) => string | number) => Object.fromEntries(values.map((v) => [key(v), v.count]));

describe('GET /content/facets/', () => {
  it('counts every published post by each dimension, and each single-valued one adds up to the count', async () => {
    const all = await facets();
    expect(all.count).toBe(6);
    expect(all.count).toBe(await listed());
    for (const dimension of [all.types, all.in_force, all.years]) expect(sum(dimension)).toBe(all.count);
    // A post with no organization is in none of them.
    expect(sum(all.organizations)).toBe(all.count - 1);
    expect(byKey(all.types, (t) => t.name)).toMatchObject({ decision: 3, regulation: 1, circular: 1, announcement: 1, law: 0 });
    expect(byKey(all.organizations, (o) => o.code)).toEqual({ MOH: 4, MOE: 1 });
    expect(byKey(all.in_force, (s) => s.value)).toEqual({ in_force: 4, amended: 1, repealed: 1 });
    expect(byKey(all.years, (y) => y.year)).toEqual({ 2024: 1, 2025: 2, 2026: 3 });
    // A post may be in two categories; a category with no post is listed with 0 (shown dimmed).
    expect(byKey(all.categories, (c) => c.slug)).toEqual({ health: 3, schools: 2, empty: 0 });
    expect(all.types.map((t) => t.name)).toContain('law');
  });

  it('counts the results of a search, in every written form of its words', async () => {
    const found = await facets(`search=${encodeURIComponent('المستشفيات')}`);
    expect(found.count).toBe(3);
    expect(found.count).toBe(await listed(`search=${encodeURIComponent('المستشفيات')}`));
    expect(sum(found.types)).toBe(3);
    expect(byKey(found.in_force, (s) => s.value)).toEqual({ in_force: 2, amended: 0, repealed: 1 });
    expect(await facets(`search=${encodeURIComponent('مستشفيات')}`)).toEqual(found);
  });

  it('counts a dimension with a choice made without that choice, and the others with it', async () => {
    const moh = await facets('organization_code=MOH');
    expect(moh.count).toBe(4);
    expect(moh.count).toBe(await listed('organization_code=MOH'));
    // Organizations: what choosing another would give.
    expect(byKey(moh.organizations, (o) => o.code)).toEqual({ MOH: 4, MOE: 1 });
    // Every other dimension: the chosen organization's posts.
    expect(sum(moh.types)).toBe(4);
    expect(byKey(moh.years, (y) => y.year)).toEqual({ 2024: 1, 2025: 1, 2026: 2 });

    const both = await facets('organization_code=MOH&type=decision');
    expect(both.count).toBe(await listed('organization_code=MOH&type=decision'));
    expect(byKey(both.types, (t) => t.name)).toMatchObject({ decision: 3, regulation: 1, circular: 0 });
    expect(byKey(both.organizations, (o) => o.code)).toEqual({ MOH: 3 });
  });

  it('takes a whole year of the date filter as the year chosen, listed even when it finds nothing', async () => {
    const y2025 = await facets('published_after=2025-01-01&published_before=2025-12-31');
    expect(y2025.count).toBe(2);
    expect(byKey(y2025.years, (y) => y.year)).toEqual({ 2024: 1, 2025: 2, 2026: 3 });
    const none = await facets('published_after=2020-01-01&published_before=2020-12-31');
    expect(none.count).toBe(0);
    expect(byKey(none.years, (y) => y.year)).toEqual({ 2020: 0, 2024: 1, 2025: 2, 2026: 3 });
    expect(sum(none.types)).toBe(0);
  });

  it('counts the in-force state as the list filters it', async () => {
    const all = await facets();
    for (const state of all.in_force) expect(await listed(`in_force=${state.value}`)).toBe(state.count);
    for (const type of all.types.filter((t) => t.count > 0)) expect(await listed(`type=${type.name}`)).toBe(type.count);
    for (const category of all.categories) expect(await listed(`category=${category.slug}`)).toBe(category.count);
  });

  it('counts again once something is published: a kept answer is of the content it was counted on', async () => {
    const before = await facets('type=circular');
    expect(await facets('type=circular')).toEqual(before);
    const f = new ContentFixtures(ctx.db);
    const [{ id: author }] = await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'writer'");
    const [{ id: circular }] = await ctx.db.query<{ id: number }>("SELECT id FROM post_types WHERE name = 'circular'");
    await f.post({ slug: 'late-circular', author_id: author, type_id: circular, title_ar: 'تعميم متأخر', title: 'Late circular', published_at: at(2026, 4) });
    const after = await facets('type=circular');
    expect(after.count).toBe(before.count + 1);
    expect(after.count).toBe(await listed('type=circular'));
  });

  it("keeps each published post's keys as its row, categories and relations say, through every kind of write", async () => {
    // What post_terms holds against what the posts, their categories and relations say (migration 028).
    const drift = async () =>
      ctx.db.query(
        `SELECT p.id FROM posts p LEFT JOIN post_terms t ON t.post_id = p.id
          WHERE (p.status = 'published') <> (t.post_id IS NOT NULL)
             OR (t.post_id IS NOT NULL AND (t.type_id IS DISTINCT FROM p.type_id OR t.organization_id IS DISTINCT FROM p.organization_id
                 OR t.published_at IS DISTINCT FROM p.published_at OR t.category_ids <> post_category_ids_of(p.id) OR t.state <> post_state_of(p.id)))`,
      );
    const id = async (slug: string) => (await ctx.db.query<{ id: number }>('SELECT id FROM posts WHERE slug = $1', [slug]))[0].id;
    const states = async () => byKey((await facets()).in_force, (s) => s.value);
    const agrees = async () => {
      expect(await drift()).toEqual([]);
      const all = await facets();
      for (const state of all.in_force) expect([state.value, await listed(`in_force=${state.value}`)]).toEqual([state.value, state.count]);
      for (const category of all.categories) expect([category.slug, await listed(`category=${category.slug}`)]).toEqual([category.slug, category.count]);
      for (const type of all.types) expect([type.name, await listed(`type=${type.name}`)]).toEqual([type.name, type.count]);
    };
    await agrees();
    const before = await states();
    const [repeal, old, circular] = [await id('repeal'), await id('old-rule'), await id('circular')];
    // The repealing decision taken down: what it repealed is in force again; published again, repealed again.
    await ctx.db.query(`UPDATE posts SET status = 'archived' WHERE id = $1`, [repeal]);
    expect(await states()).toMatchObject({ repealed: before.repealed - 1 });
    await agrees();
    await ctx.db.query(`UPDATE posts SET status = 'published' WHERE id = $1`, [repeal]);
    expect(await states()).toEqual(before);
    // A relation undone, then made again.
    await ctx.db.query(`DELETE FROM post_relations WHERE post_id = $1 AND target_id = $2`, [repeal, old]);
    await agrees();
    await ctx.db.query(`INSERT INTO post_relations (post_id, kind, target_id) VALUES ($1, 'replaces', $2)`, [repeal, old]);
    expect(await states()).toEqual(before);
    // Categories changed, the type and organization changed, a date moved.
    const [{ id: health }] = await ctx.db.query<{ id: number }>(`SELECT id FROM categories WHERE slug = 'health'`);
    await ctx.db.query('INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)', [circular, health]);
    await ctx.db.query(`UPDATE post_categories SET category_id = (SELECT id FROM categories WHERE slug = 'empty') WHERE post_id = $1 AND category_id = $2`, [circular, health]);
    await ctx.db.query(`UPDATE posts SET type_id = (SELECT id FROM post_types WHERE name = 'law'), organization_id = NULL, published_at = $2 WHERE id = $1`, [circular, at(2023)]);
    await agrees();
    expect(byKey((await facets()).years, (y) => y.year)).toMatchObject({ 2023: 1 });
    await ctx.db.query('DELETE FROM post_categories WHERE post_id = $1', [circular]);
    await agrees();
  });

  it('answers a malformed filter with a 400 naming it, and a visitor the same as a reader', async () => {
    const res = await ctx.inject({ url: '/api/v1/content/facets/?published_after=2025-02-30' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('published_after');
    expect((await ctx.inject({ url: '/api/v1/content/facets/?type_id=x' })).statusCode).toBe(400);
    expect((await ctx.inject({ url: '/api/v1/content/facets/?in_force=maybe' })).statusCode).toBe(400);
  });
});
