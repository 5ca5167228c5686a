import { contract } from './contract';
import { signUp } from '../modules/auth/testing';
import { buildWorld, type World } from '../test/content-world';
import { createTestContext, type TestContext } from '../test/helpers';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const EN = { 'accept-language': 'en' };
const vary = (res: { headers: Record<string, string | number | string[] | undefined> }) => String(res.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase());

describe('an address that cannot be read', () => {
  it('answers a path that is not UTF-8 with a 400 {detail} in the reader language', async () => {
    for (const url of ['/api/v1/content/posts/%FF/', '/api/v1/auth/profiles/%C3%28/', '/api/v1/content/hashtags/%E0%A4/posts/']) {
      const en = await ctx.inject({ url, headers: EN });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toEqual({ detail: 'The address is not valid.' });
      expect(en.headers['content-type']).toMatch(/^application\/json/);
      expect(vary(en)).toContain('accept-language');
      const ar = await ctx.inject({ url });
      expect(ar.json()).toEqual({ detail: 'العنوان غير صالح.' });
    }
  });

  it('answers a path segment longer than any slug the same way', async () => {
    const res = await ctx.inject({ url: `/api/v1/content/posts/${'a'.repeat(2001)}/`, headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The address is not valid.' });
  });

  it('answers a username longer than any can be with 404, as for any unknown name', async () => {
    const long = await ctx.inject({ url: `/api/v1/auth/profiles/${'a'.repeat(151)}/`, headers: EN });
    const unknown = await ctx.inject({ url: '/api/v1/auth/profiles/nobody-at-all/', headers: EN });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual(unknown.json());
  });
});

describe('what the contract declares', () => {
  const operations = () =>
    Object.values<Record<string, any>>(contract().document.paths).flatMap((item) =>
      ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]).map((m) => ({ method: m, ...item[m] })),
    );

  it('declares 413 and 415 on every operation a body can be sent to', () => {
    const missing = operations()
      .filter((op) => op.requestBody || op.method !== 'get')
      .filter((op) => !op.responses['413'] || !op.responses['415'])
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  it('declares the profile update’s rate limit', () => {
    const update = operations().find((op) => op.operationId === 'updateCurrentUser')!;
    expect(update.responses['429']).toBeDefined();
  });

  it('answers 415 with {detail} for a JSON operation sent another content type, as declared', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', headers: { ...EN, 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported content type "text/xml".' });
  });
});

describe('caching headers', () => {
  it('marks every API answer as varying with Accept-Language, keeping the other Vary fields', async () => {
    const error = await ctx.inject({ url: '/api/v1/content/posts/no-such-post/', headers: EN });
    expect(vary(error)).toEqual(['accept-language']);
    // Straight to the app: the contract check cannot read a compressed body.
    const compressed = await ctx.app.inject({ url: '/api/v1/content/posts/?page_size=50', headers: { ...EN, 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(vary(compressed)).toEqual(['accept-language', 'accept-encoding']);
    const notFound = await ctx.inject({ url: '/api/v1/no/such/address/' });
    expect(vary(notFound)).toContain('accept-language');
  });

  it('still answers 304 to a reader who holds the current version, with the same Vary', async () => {
    const first = await ctx.inject({ url: '/api/v1/content/categories/', headers: EN });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toMatch(/^public/);
    const again = await ctx.app.inject({ url: '/api/v1/content/categories/', headers: { ...EN, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(vary(again)).toContain('accept-language');
    // A post: the first reading counts a view (its answer shows the count before it), then the
    // answer stays the same for this reader.
    const postUrl = `/api/v1/content/posts/${encodeURIComponent(world.arabicSlug)}/`;
    await ctx.inject({ url: postUrl });
    const post = await ctx.inject({ url: postUrl });
    const cached = await ctx.app.inject({ url: postUrl, headers: { 'if-none-match': post.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
    expect(vary(cached)).toContain('accept-language');
  });

  it('keeps every answer to a signed-in reader private, /auth/me/ first', async () => {
    const user = await signUp(ctx);
    const auth = { authorization: `Bearer ${user.access}` };
    const me = await ctx.inject({ url: '/api/v1/auth/me/', headers: auth });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('private, no-cache');
    expect(vary(me)).toContain('accept-language');
    for (const url of ['/api/v1/auth/interests/', '/api/v1/content/bookmarks/', `/api/v1/auth/profiles/${user.username}/`, '/api/v1/auth/users/', '/api/v1/producers/organizations/']) {
      const res = await ctx.inject({ url, headers: auth });
      expect([url, res.headers['cache-control']]).toEqual([url, expect.stringMatching(/^private, /)]);
    }
    // The same for everyone, as its handler says: stays public.
    expect((await ctx.inject({ url: '/api/v1/content/post-types/', headers: auth })).headers['cache-control']).toMatch(/^public/);
    // A visitor's public answer is not made private.
    expect((await ctx.inject({ url: `/api/v1/auth/profiles/${user.username}/` })).headers['cache-control']).toBeUndefined();
  });

  it('lets no cache keep an answer carrying tokens', async () => {
    const user = await signUp(ctx);
    const login = await ctx.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: user.username, password: 'Sturdy-Kettle-42' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
