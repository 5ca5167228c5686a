import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

/**
 * Issue 15's following inside the portal: a reader follows organizations, hashtags and post
 * types beside people, and gets a Following feed of their posts (at once after a change: no
 * kept page stands for it); refusals.
 */
let ctx: TestContext;
const ids = {} as Record<'reader' | 'authorA' | 'authorB' | 'moh' | 'moe' | 'tag' | 'law' | 'circular', number>;
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 8));

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      ids.reader = await f.user('follower');
      ids.authorA = await f.user('writer_a');
      ids.authorB = await f.user('writer_b');
      ids.moh = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.moe = await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم');
      ids.tag = await f.hashtag('التطعيم', { slug: 'vaccination' });
      const types = await f.postTypes();
      ids.law = types.law;
      ids.circular = types.circular;
      await f.post({ slug: 'by-a', author_id: ids.authorA, type_id: types.circular, organization_id: ids.moe, published_at: at(1) });
      await f.post({ slug: 'moh-decision', author_id: ids.authorB, type_id: types.decision, organization_id: ids.moh, published_at: at(2) });
      await f.post({ slug: 'tagged', author_id: ids.authorB, type_id: types.decision, organization_id: ids.moe, published_at: at(3), hashtags: [ids.tag] });
      await f.post({ slug: 'other', author_id: ids.authorB, type_id: types.circular, organization_id: ids.moe, published_at: at(4) });
      await f.post({ slug: 'moh-draft', author_id: ids.authorB, type_id: types.decision, organization_id: ids.moh, status: 'draft' });
    },
  });
});
afterAll(() => ctx.close());

const following = async (headers: Record<string, string>) =>
  (await ctx.inject({ method: 'GET', url: '/api/v1/content/posts/?following=true', headers })).json().results.map((p: { slug: string }) => p.slug);

describe('following organizations, hashtags and types', () => {
  it('makes a Following feed of the people, organizations, hashtags and types a reader follows, changed at once', async () => {
    const headers = await signIn(ctx, ids.reader);
    expect(await following(headers)).toEqual([]);
    expect((await ctx.inject({ method: 'POST', url: `/api/v1/auth/users/${ids.authorA}/follow/`, headers })).json()).toMatchObject({ following: true });
    const put = (kind: string, id: number) => ctx.inject({ method: 'PUT', url: `/api/v1/auth/follows/${kind}/${id}/`, headers });
    expect((await put('organization', ids.moh)).json()).toEqual({ kind: 'organization', id: ids.moh, following: true });
    // Twice: the same.
    expect((await put('organization', ids.moh)).json()).toEqual({ kind: 'organization', id: ids.moh, following: true });
    await put('hashtag', ids.tag);
    await put('type', ids.law);

    expect(await following(headers)).toEqual(['tagged', 'moh-decision', 'by-a']);
    const mine = (await ctx.inject({ method: 'GET', url: '/api/v1/auth/follows/', headers })).json();
    expect(mine).toEqual({
      organizations: [{ id: ids.moh, code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة', is_verified: true }],
      hashtags: [{ id: ids.tag, name: 'التطعيم', slug: 'vaccination' }],
      types: [expect.objectContaining({ id: ids.law, name: 'law' })],
    });

    // Unfollowing shows at once, and a type followed brings its posts.
    const unfollow = await ctx.inject({ method: 'DELETE', url: `/api/v1/auth/follows/organization/${ids.moh}/`, headers });
    expect(unfollow.json()).toEqual({ kind: 'organization', id: ids.moh, following: false });
    expect(await following(headers)).toEqual(['tagged', 'by-a']);
    await put('type', ids.circular);
    expect(await following(headers)).toEqual(['other', 'tagged', 'by-a']);
    // Another reader's feed is their own.
    expect(await following(await signIn(ctx, ids.authorB))).toEqual([]);
  });

  it('refuses a visitor’s Following feed, an unknown target and an unknown kind', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/content/posts/?following=true' })).statusCode).toBe(401);
    const headers = await signIn(ctx, ids.reader);
    expect((await ctx.inject({ method: 'PUT', url: '/api/v1/auth/follows/organization/999999/', headers })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'PUT', url: `/api/v1/auth/follows/person/${ids.authorA}/`, headers })).statusCode).toBe(400);
    expect((await ctx.inject({ method: 'PUT', url: `/api/v1/auth/follows/hashtag/${ids.tag}/` })).statusCode).toBe(401);
  });
});
