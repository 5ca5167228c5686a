import { buildWorld, type World } from '../../test/content-world';
import { signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { existingViewCounter, VIEW_PERIOD_MS } from './views';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const url = (slug: string) => `/api/v1/content/posts/${encodeURIComponent(slug)}/`;
const EN = { 'accept-language': 'en' };
const idOf = (slug: string) => world.posts.find((p) => p.slug === slug)!.id;

async function viewCount(slug: string): Promise<number> {
  await existingViewCounter(ctx.app)?.settle();
  const [row] = await ctx.db.query<{ view_count: number }>('SELECT view_count FROM posts WHERE slug = $1', [slug]);
  return row.view_count;
}

describe('GET /content/posts/{slug}/', () => {
  it('answers a post by its Arabic slug, percent-encoded once or twice', async () => {
    const once = await ctx.inject({ url: url(world.arabicSlug) });
    expect(once.statusCode).toBe(200);
    expect(once.json()).toMatchObject({ slug: world.arabicSlug, title_ar: 'قرار وزاري رقم ١٢', attachment_count: 2 });
    const twice = await ctx.inject({ url: `/api/v1/content/posts/${encodeURIComponent(encodeURIComponent(world.arabicSlug))}/` });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().id).toBe(once.json().id);
  });

  it('answers an unknown slug with 404 in the reader language', async () => {
    const en = await ctx.inject({ url: url('no-such-post'), headers: EN });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ detail: 'Post not found' });
    const ar = await ctx.inject({ url: url('no-such-post'), headers: { 'accept-language': 'ar' } });
    expect(ar.json()).toEqual({ detail: 'المنشور غير موجود' });
    expect((await ctx.inject({ url: url('%E0%A4%A') })).statusCode).toBe(404);
  });

  it('shows archived posts to everyone', async () => {
    const res = await ctx.inject({ url: url('archived-post') });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('archived');
  });

  it('shows a draft to its author and staff and hides it from everyone else, signed in or not', async () => {
    const visitor = await ctx.inject({ url: url('draft-by-author'), headers: EN });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json()).toEqual({ detail: 'Post not found' });

    // A signed-in reader who may not see it gets the very answer a slug that does not exist gets.
    const other = await ctx.inject({ url: url('draft-by-author'), headers: await signIn(ctx, world.users.other) });
    const missing = await ctx.inject({ url: url('no-such-draft'), headers: await signIn(ctx, world.users.other) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Post not found' });
    expect(other.json()).toEqual(missing.json());
    const otherAr = await ctx.inject({ url: url('draft-by-author'), headers: await signIn(ctx, world.users.other, 'ar') });
    expect(otherAr.statusCode).toBe(404);
    expect(otherAr.json()).toEqual((await ctx.inject({ url: url('no-such-draft') })).json());

    for (const user of [world.users.author, world.users.staff]) {
      const res = await ctx.inject({ url: url('draft-by-author'), headers: await signIn(ctx, user) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'draft', published_at: null });
    }
    // Previews of a draft are not readers' views.
    expect(await viewCount('draft-by-author')).toBe(0);
  });

  it('tells the signed-in reader about their bookmark and keeps the answer private', async () => {
    const headers = await signIn(ctx, world.users.reader);
    const before = await ctx.inject({ url: url('feed-3'), headers });
    expect(before.json()).toMatchObject({ is_bookmarked: false, bookmark_id: null });
    expect(before.headers['cache-control']).toBe('private, no-cache');
    const [{ id }] = await ctx.db.query<{ id: number }>('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2) RETURNING id', [
      world.users.reader,
      idOf('feed-3'),
    ]);
    const after = await ctx.inject({ url: url('feed-3'), headers });
    expect(after.json()).toMatchObject({ is_bookmarked: true, bookmark_id: id });
    const visitor = await ctx.inject({ url: url('feed-3') });
    expect(visitor.json()).toMatchObject({ is_bookmarked: false, bookmark_id: null });
    expect(visitor.headers['cache-control']).toBeUndefined();
  });

  it('answers the posts asked for at one moment with one statement, each reader their own bookmark', async () => {
    const headers = await signIn(ctx, world.users.reader);
    const [{ id: bookmark }] = await ctx.db.query<{ id: number }>('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2) RETURNING id', [
      world.users.reader,
      idOf('feed-7'),
    ]);
    const slugs = ['feed-4', 'feed-5', 'no-such-post', world.arabicSlug, 'draft-by-author', 'feed-7'];
    const statements: string[] = [];
    const query = ctx.db.query.bind(ctx.db);
    const spy = jest.spyOn(ctx.db, 'query').mockImplementation((sql, params, options) => {
      if (/\bFROM unnest\(/.test(sql)) statements.push(sql);
      return query(sql, params, options);
    });
    try {
      const answers = await Promise.all(slugs.map((slug) => ctx.inject({ url: url(slug) })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 200, 404, 200]);
      expect(answers.map((a) => (a.statusCode === 200 ? a.json().slug : null))).toEqual(['feed-4', 'feed-5', null, world.arabicSlug, null, 'feed-7']);
      expect(statements).toHaveLength(1);
      // The signed-in reader's, asked beside a visitor's of the same post: each gets their own.
      const [mine, visitor] = await Promise.all([ctx.inject({ url: url('feed-7'), headers }), ctx.inject({ url: url('feed-7') })]);
      expect(mine.json()).toMatchObject({ slug: 'feed-7', is_bookmarked: true, bookmark_id: bookmark });
      expect(visitor.json()).toMatchObject({ slug: 'feed-7', is_bookmarked: false, bookmark_id: null });
    } finally {
      spy.mockRestore();
      await ctx.db.query('DELETE FROM bookmarks WHERE id = $1', [bookmark]);
    }
  });

  it('answers a bad token with 401', async () => {
    const res = await ctx.inject({ url: url('feed-3'), headers: { authorization: 'Bearer x.y.z' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('view counting', () => {
  const browser = (agent: string) => ({ 'user-agent': agent });

  it('counts a view once per reader per 30 minutes, signed in or not', async () => {
    const slug = 'feed-10';
    const start = await viewCount(slug);
    for (let i = 0; i < 3; i++) expect((await ctx.inject({ url: url(slug), headers: browser('Firefox') })).statusCode).toBe(200);
    expect(await viewCount(slug)).toBe(start + 1);

    // Another address is another reader; another browser on the same address is not.
    await ctx.inject({ url: url(slug), headers: browser('Chrome') });
    expect(await viewCount(slug)).toBe(start + 1);
    await ctx.inject({ url: url(slug), headers: browser('Firefox'), remoteAddress: '198.51.100.2' });
    await ctx.inject({ url: url(slug), headers: browser('Firefox'), remoteAddress: '2001:db8:7:8::1' });
    expect(await viewCount(slug)).toBe(start + 3);

    // A signed-in reader is one reader wherever they read from.
    const headers = await signIn(ctx, world.users.reader);
    await ctx.inject({ url: url(slug), headers: { ...headers, ...browser('Safari') } });
    await ctx.inject({ url: url(slug), headers: { ...headers, ...browser('Edge') }, remoteAddress: '192.0.2.9' });
    expect(await viewCount(slug)).toBe(start + 4);
    const readers = await ctx.db.query<{ reader: string }>('SELECT reader FROM post_views WHERE post_id = $1 ORDER BY reader', [idOf(slug)]);
    expect(readers.map((r) => r.reader)).toEqual([
      expect.stringMatching(/^a:[\w-]{22}$/), expect.stringMatching(/^a:[\w-]{22}$/), expect.stringMatching(/^a:[\w-]{22}$/),
      `u:${world.users.reader}`,
    ]);
  });

  it('does not count a reader again for changing the user agent, nor an IPv6 client for moving within its /64', async () => {
    const slug = 'feed-15';
    const start = await viewCount(slug);
    for (let i = 0; i < 50; i++) {
      await ctx.inject({ url: url(slug), headers: browser(`Agent/${i}`), remoteAddress: '203.0.113.50' });
    }
    expect(await viewCount(slug)).toBe(start + 1);
    await ctx.inject({ url: url(slug), headers: browser('x'), remoteAddress: '::ffff:203.0.113.50' });
    for (let i = 1; i < 20; i++) {
      await ctx.inject({ url: url(slug), headers: browser(`Agent/${i}`), remoteAddress: `2001:db8:aa:bb:${i.toString(16)}::${i}` });
    }
    expect(await viewCount(slug)).toBe(start + 2);
    // A signed-in reader is counted by their account, whatever the address and browser.
    const headers = await signIn(ctx, world.users.other);
    for (let i = 0; i < 5; i++) {
      await ctx.inject({ url: url(slug), headers: { ...headers, ...browser(`Agent/${i}`) }, remoteAddress: '203.0.113.50' });
    }
    expect(await viewCount(slug)).toBe(start + 3);
  });

  it('answers the count from before the view it is counting', async () => {
    const slug = 'feed-11';
    const before = await viewCount(slug);
    const res = await ctx.inject({ url: url(slug), headers: browser('Lynx') });
    expect(res.json().view_count).toBe(before);
    expect(await viewCount(slug)).toBe(before + 1);
  });

  it('counts the same reader again once 30 minutes have passed', async () => {
    const slug = 'feed-12';
    const start = await viewCount(slug);
    await ctx.inject({ url: url(slug), headers: browser('Opera') });
    expect(await viewCount(slug)).toBe(start + 1);

    // Time passes for the database…
    await ctx.db.query("UPDATE post_views SET viewed_at = viewed_at - interval '31 minutes' WHERE post_id = $1", [idOf(slug)]);
    // …but this process still remembers the view and does not even ask.
    await ctx.inject({ url: url(slug), headers: browser('Opera') });
    expect(await viewCount(slug)).toBe(start + 1);

    // …and for the process too.
    const realNow = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(realNow + VIEW_PERIOD_MS + 60_000);
    try {
      await ctx.inject({ url: url(slug), headers: browser('Opera') });
      expect(await viewCount(slug)).toBe(start + 2);
      await ctx.inject({ url: url(slug), headers: browser('Opera') });
      expect(await viewCount(slug)).toBe(start + 2);
    } finally {
      clock.mockRestore();
    }
  });

  it('keeps the rule in the database, so that another process does not count the view again', async () => {
    const slug = 'feed-13';
    const start = await viewCount(slug);
    await ctx.inject({ url: url(slug), headers: browser('Vivaldi') });
    expect(await viewCount(slug)).toBe(start + 1);
    // Another process: the same database, no memory of the view.
    const { ViewCounter } = await import('./views');
    const errors: unknown[] = [];
    const elsewhere = new ViewCounter(ctx.db, (e) => errors.push(e));
    const [{ reader }] = await ctx.db.query<{ reader: string }>('SELECT reader FROM post_views WHERE post_id = $1', [idOf(slug)]);
    elsewhere.record(idOf(slug), reader);
    await elsewhere.settle();
    expect(await viewCount(slug)).toBe(start + 1);
    elsewhere.record(idOf(slug), 'a:someone-else');
    await elsewhere.settle();
    expect(await viewCount(slug)).toBe(start + 2);
    expect(errors).toEqual([]);
  });

  it('logs a failed write instead of failing the answer, and tries again next time', async () => {
    const { ViewCounter } = await import('./views');
    const errors: unknown[] = [];
    const calls: string[] = [];
    const broken = {
      ...ctx.db,
      query: async (sql: string) => {
        calls.push(sql);
        throw new Error('database unavailable');
      },
    };
    const counter = new ViewCounter(broken as typeof ctx.db, (e) => errors.push(e));
    expect(() => counter.record(1, 'a:x')).not.toThrow();
    await counter.settle();
    expect(errors).toEqual([expect.objectContaining({ message: 'database unavailable' })]);
    counter.record(1, 'a:x');
    await counter.settle();
    expect(calls).toHaveLength(2);
  });

  it('writes once for a burst of requests from the same reader', async () => {
    const slug = 'feed-14';
    const start = await viewCount(slug);
    const before = await ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM post_views');
    await Promise.all(Array.from({ length: 8 }, () => ctx.inject({ url: url(slug), headers: browser('Burst') })));
    expect(await viewCount(slug)).toBe(start + 1);
    const after = await ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM post_views');
    expect(after[0].n).toBe(before[0].n + 1);
  });
});
