import { buildWorld, type World } from '../../test/content-world';
import { POST_TYPES } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en' };
const publishedIn = (category: number) => world.posts.filter((p) => p.status === 'published' && p.categories.includes(category)).length;

describe('GET /content/categories/', () => {
  it('answers every category in display order with subcategories and published-post counts', async () => {
    const res = await ctx.inject({ url: '/api/v1/content/categories/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const categories = res.json();
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual(['health', 'education', 'economy']);
    expect(categories[0]).toMatchObject({
      id: world.categories.health, name: 'Health', name_ar: 'الصحة', description: 'About Health', description_ar: 'عن الصحة',
      post_count: publishedIn(world.categories.health),
    });
    expect(categories[0].subcategories).toEqual([
      {
        id: world.subcategories.hospitals, slug: 'hospitals', category: 'health', category_name: 'Health', category_name_ar: 'الصحة',
        name: 'Hospitals', name_ar: 'المستشفيات', description: 'About Hospitals', description_ar: 'عن المستشفيات',
        post_count: world.posts.filter((p) => p.status === 'published' && p.subcategories.includes(world.subcategories.hospitals)).length,
        is_active: true,
      },
      expect.objectContaining({ slug: 'vaccines', is_active: false, post_count: 0 }),
    ]);
    expect(categories[2]).toMatchObject({ slug: 'economy', post_count: 0, subcategories: [] });
  });

  it('answers 304 to a reader who already holds the current version', async () => {
    const first = await ctx.inject({ url: '/api/v1/content/categories/' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    // Straight to the app: a 304 has no body for the contract check to read.
    const again = await ctx.app.inject({ url: '/api/v1/content/categories/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /content/categories/{id}/', () => {
  it('answers a category by slug or by numeric id', async () => {
    const bySlug = await ctx.inject({ url: '/api/v1/content/categories/education/' });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.headers['cache-control']).toBe('public, max-age=600');
    expect(bySlug.json()).toMatchObject({ id: world.categories.education, slug: 'education', post_count: publishedIn(world.categories.education) });
    const byId = await ctx.inject({ url: `/api/v1/content/categories/${world.categories.education}/` });
    expect(byId.json()).toEqual(bySlug.json());
  });

  it('answers an unknown category with 404 naming the slug, in the reader language', async () => {
    const en = await ctx.inject({ url: '/api/v1/content/categories/astrology/', headers: EN });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ detail: "Category with slug 'astrology' not found" });
    const ar = await ctx.inject({ url: `/api/v1/content/categories/${encodeURIComponent('فلك')}/` });
    expect(ar.json()).toEqual({ detail: "لم يتم العثور على التصنيف 'فلك'" });
    expect((await ctx.inject({ url: '/api/v1/content/categories/99999/' })).statusCode).toBe(404);
    expect((await ctx.inject({ url: '/api/v1/content/categories/99999999999999999999/' })).statusCode).toBe(404);
    // Longer than any slug may be: a bad parameter.
    const long = await ctx.inject({ url: `/api/v1/content/categories/${'a'.repeat(101)}/`, headers: EN });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ id: ['Ensure this field has no more than 100 characters.'] });
  });
});

describe('GET /content/post-types/', () => {
  it('answers the nine post types with Arabic names and published-post counts', async () => {
    const res = await ctx.inject({ url: '/api/v1/content/post-types/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1800');
    const types = res.json();
    expect(types.map((t: { name: string; name_ar: string }) => [t.name, t.name_ar])).toEqual(POST_TYPES.map(([n, a]) => [n, a]));
    for (const t of types) {
      expect(t.post_count).toBe(world.posts.filter((p) => p.status === 'published' && p.type === t.name).length);
      expect(t.is_active).toBe(true);
    }
  });
});

describe('GET /content/post-types/{id}/', () => {
  it('answers one post type', async () => {
    const res = await ctx.inject({ url: `/api/v1/content/post-types/${world.types.circular}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=1800');
    expect(res.json()).toMatchObject({ id: world.types.circular, name: 'circular', name_ar: 'تعميم', description: 'Official circulars' });
  });

  it('answers an unknown id with 404 and a malformed one with 400', async () => {
    const missing = await ctx.inject({ url: '/api/v1/content/post-types/999/', headers: EN });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Post type not found.' });
    expect((await ctx.inject({ url: '/api/v1/content/post-types/999/' })).json()).toEqual({ detail: 'نوع المنشور غير موجود.' });
    expect((await ctx.inject({ url: '/api/v1/content/post-types/decision/' })).statusCode).toBe(400);
    expect((await ctx.inject({ url: '/api/v1/content/post-types/0/' })).statusCode).toBe(400);
  });
});
