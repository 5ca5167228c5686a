import { buildWorld, type World } from '../../test/content-world';
import { signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const search = (q: string, extra = '') => ctx.inject({ url: `/api/v1/content/search/?q=${encodeURIComponent(q)}${extra}` });

describe('GET /content/search/', () => {
  it('finds posts, hashtags and organizations, a few of each', async () => {
    const res = await search('قرار');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.query).toBe('قرار');
    expect(body.posts_count).toBe(4);
    expect(body.posts).toHaveLength(4);
    expect(body.posts.map((p: { slug: string }) => p.slug).sort()).toEqual([...world.qararSlugs].sort());
    expect(body.hashtags.map((h: { slug: string }) => h.slug)).toEqual(['al-qarar']);
    expect(body.organizations).toEqual([]);
  });

  it('limits each kind and still counts every matching post', async () => {
    const body = (await search('والقرار', '&limit=2')).json();
    expect(body.posts).toHaveLength(2);
    expect(body.posts_count).toBe(4);
  });

  it('finds organizations by code or either name, Arabic-aware', async () => {
    const ministries = (await search('وِزارَة')).json();
    expect(ministries.organizations.map((o: { code: string }) => o.code)).toEqual(['MoE', 'MOH']);
    expect(ministries.organizations[1]).toMatchObject({ city: { name: 'Damascus', name_ar: 'دمشق' }, active_subsidiary_count: 1 });
    expect((await search('moh')).json().organizations.map((o: { code: string }) => o.code)).toEqual(['MOH']);
    expect((await search('health')).json().organizations.map((o: { code: string }) => o.code)).toEqual(['MOH']);
  });

  it('finds hashtags by name, with or without #', async () => {
    expect((await search('#المدارس')).json().hashtags.map((h: { slug: string }) => h.slug)).toEqual(['al-madaris']);
    expect((await search('covid')).json().hashtags.map((h: { slug: string }) => h.slug)).toEqual(['covid19']);
  });

  it('finds nothing for a query shorter than two characters', async () => {
    for (const q of ['', ' ', 'ق', '#', 'ـ']) {
      const res = await search(q);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ query: q, posts: [], posts_count: 0, hashtags: [], organizations: [] });
    }
  });

  it('marks bookmarks for the signed-in reader', async () => {
    const post = world.posts.find((p) => p.slug === world.arabicSlug)!;
    await ctx.db.query('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)', [world.users.reader, post.id]);
    const res = await ctx.inject({ url: `/api/v1/content/search/?q=${encodeURIComponent('وزاري')}`, headers: await signIn(ctx, world.users.reader) });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json().posts[0]).toMatchObject({ slug: world.arabicSlug, is_bookmarked: true });
  });

  it('rejects a missing query or a bad limit with 400', async () => {
    const missing = await ctx.inject({ url: '/api/v1/content/search/', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ q: ['This field is required.'] });
    expect((await search('قرار', '&limit=21')).statusCode).toBe(400);
    expect((await search('قرار', '&limit=0')).statusCode).toBe(400);
  });
});
