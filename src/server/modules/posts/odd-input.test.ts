import { buildWorld, type World } from '../../test/content-world';
import { signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

// PostgreSQL text cannot hold U+0000; every content call must still answer, never a 500.
describe('text the database cannot store (a NUL character)', () => {
  it('is ignored in text that is only looked for', async () => {
    const plain = (await ctx.inject({ url: `/api/v1/content/posts/?search=${encodeURIComponent('وزاري')}` })).json();
    const withNul = await ctx.inject({ url: `/api/v1/content/posts/?search=${encodeURIComponent('وزا\u0000ري')}` });
    expect(withNul.statusCode).toBe(200);
    expect(withNul.json().results).toEqual(plain.results);
    for (const url of [
      '/api/v1/content/posts/?category=health%00',
      '/api/v1/content/posts/?hashtag=%00covid19',
      '/api/v1/content/posts/?type=%00decision&author=author%00',
      '/api/v1/content/posts/?organization_code=%00moh',
      '/api/v1/content/search/?q=%D9%82%D8%B1%D8%A7%D8%B1%00',
      '/api/v1/content/hashtags/?search=covid%00',
      '/api/v1/producers/organizations/?search=moh%00',
    ]) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count ?? body.posts_count).toBeGreaterThan(0);
    }
  });

  // Refused in a path as in a body (issue 33, src/server/http/nul-guard.ts): a 400 naming the parameter.
  it.each([
    ['/api/v1/content/posts/a%00b/', 'slug'],
    ['/api/v1/content/hashtags/a%00b/', 'slug'],
    ['/api/v1/content/hashtags/a%00b/posts/', 'slug'],
    ['/api/v1/content/hashtags/a%00b/related/', 'slug'],
    ['/api/v1/content/categories/a%00b/', 'id'],
    ['/api/v1/producers/organizations/a%00b/', 'code'],
    ['/api/v1/producers/organizations/a%00b/posts/', 'code'],
    ['/api/v1/producers/organizations/a%00b/subsidiaries/', 'code'],
    ['/api/v1/producers/organizations/a%00b/departments/', 'code'],
  ])('in a path is a 400: %s names %s', async (url, param) => {
    const res = await ctx.inject({ url, headers: { 'accept-language': 'en' } });
    expect([res.statusCode, res.json()]).toEqual([400, { [param]: ['Null characters are not allowed.'] }]);
  });

  it('in a bookmark note (stored) or a bookmarked slug is a 400 in the reader language', async () => {
    const headers = { ...(await signIn(ctx, world.users.reader)), 'content-type': 'application/json' };
    const note = await ctx.inject({ method: 'POST', url: '/api/v1/content/posts/feed-1/bookmark/', headers, payload: '{"notes":"a\\u0000b"}' });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual({ notes: ['Null characters are not allowed.'] });
    const slug = await ctx.inject({ method: 'POST', url: '/api/v1/content/posts/a%00/bookmark/', headers, payload: '{}' });
    expect([slug.statusCode, slug.json()]).toEqual([400, { slug: ['Null characters are not allowed.'] }]);
    const ar = await ctx.inject({
      method: 'POST', url: '/api/v1/content/posts/feed-1/bookmark/', headers: { ...headers, 'accept-language': 'ar' }, payload: '{"notes":"\\u0000"}',
    });
    expect(ar.json()).toEqual({ notes: ['لا يُسمح باستخدام المحرف الصفري (NUL).'] });
    expect((await ctx.inject({ url: '/api/v1/content/bookmarks/?search=%00', headers })).statusCode).toBe(200);
  });
});

describe('other odd input', () => {
  it('answers malformed percent-encoding and lone surrogates without failing', async () => {
    for (const url of [
      '/api/v1/content/posts/?search=%ED%A0%80',
      '/api/v1/content/posts/?search=%E0%A4%A',
      '/api/v1/content/hashtags/?search=%F0%9F%98%80%F0%9F%98%80',
      '/api/v1/content/posts/%25/',
      '/api/v1/content/hashtags/%25%25/',
      '/api/v1/content/categories/%20/',
    ]) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('takes very long but allowed text and refuses longer', async () => {
    expect((await ctx.inject({ url: `/api/v1/content/posts/?search=${'ق'.repeat(200)}` })).statusCode).toBe(200);
    expect((await ctx.inject({ url: `/api/v1/content/posts/?search=${'ق'.repeat(201)}` })).statusCode).toBe(400);
    expect((await ctx.inject({ url: `/api/v1/content/posts/${'a'.repeat(300)}/` })).statusCode).toBe(404);
    expect((await ctx.inject({ url: `/api/v1/content/posts/${'a'.repeat(301)}/` })).statusCode).toBe(400);
  });
});
