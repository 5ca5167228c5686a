import { buildWorld, type World } from '../../test/content-world';
import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { PostCache } from './post-cache';
import type { PostRow } from './post-sql';
import { existingViewCounter } from './views';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const version = async () => (await ctx.db.query<{ version: number }>('SELECT version FROM content_version'))[0].version;
const feed = async (query = '') => (await ctx.inject({ url: `/api/v1/content/posts/?page_size=100${query}` })).json();
const detail = async (slug: string) => (await ctx.inject({ url: `/api/v1/content/posts/${encodeURIComponent(slug)}/` })).json();
const idOf = (slug: string) => world.posts.find((p) => p.slug === slug)!.id;

describe('content_version', () => {
  it('moves with writes that change posts or lists, not with counted views', async () => {
    let v = await version();
    await ctx.db.query('UPDATE posts SET view_count = view_count + 1 WHERE id = $1', [idOf('feed-1')]);
    expect(await version()).toBe(v);
    await ctx.db.query("INSERT INTO post_views (post_id, reader) VALUES ($1, 'a:x')", [idOf('feed-1')]);
    expect(await version()).toBe(v);

    const writes = [
      "UPDATE posts SET title = title WHERE slug = 'feed-1'",
      "UPDATE users SET first_name = first_name WHERE username = 'other'",
      "UPDATE organizations SET name_ar = name_ar WHERE code = 'MOH'",
      "UPDATE hashtags SET name = name WHERE slug = 'covid19'",
      "UPDATE categories SET name = name WHERE slug = 'health'",
      "UPDATE attachments SET title = title WHERE false",
      'SELECT refresh_post_counts()',
    ];
    for (const sql of writes) {
      await ctx.db.query(sql);
      const next = await version();
      expect(next).not.toBe(v);
      v = next;
    }
  });
});

describe('answers kept in memory', () => {
  it('never outlive a write to the post, its relations or its author', async () => {
    expect((await detail('feed-2')).title).toBe('Post feed-2');
    expect((await feed()).results.find((p: { slug: string }) => p.slug === 'feed-2').title).toBe('Post feed-2');

    await ctx.db.query("UPDATE posts SET title = 'Renamed' WHERE slug = 'feed-2'");
    expect((await detail('feed-2')).title).toBe('Renamed');
    expect((await feed()).results.find((p: { slug: string }) => p.slug === 'feed-2').title).toBe('Renamed');

    await ctx.db.query("UPDATE users SET first_name = 'Amira' WHERE id = $1", [world.users.author]);
    expect((await detail('feed-2')).author.first_name).toBe('Amira');

    await ctx.db.query('INSERT INTO post_categories (post_id, category_id) VALUES ($1, $2)', [idOf('feed-2'), world.categories.economy]);
    expect((await detail('feed-2')).categories).toContain(world.categories.economy);
    expect((await feed('&category=economy')).count).toBe(1);
  });

  it('move pages along when a post is published', async () => {
    const url = (n: number) => `/api/v1/content/posts/?page_size=3&page=${n}`;
    const ids = async (n: number) => (await ctx.inject({ url: url(n) })).json().results.map((p: { id: number }) => p.id);
    const first = await ids(1);
    const second = await ids(2);
    expect(await ids(2)).toEqual(second);
    const f = new ContentFixtures(ctx.db);
    const fresh = await f.post({ slug: 'brand-new', author_id: world.users.author, type_id: world.types.law, published_at: new Date('2030-01-01T00:00:00Z') });
    expect(await ids(1)).toEqual([fresh, ...first.slice(0, 2)]);
    expect(await ids(2)).toEqual([first[2], ...second.slice(0, 2)]);
    await ctx.db.query("DELETE FROM posts WHERE slug = 'brand-new'");
    expect(await ids(2)).toEqual(second);
  });

  it('always show the current view count, which changes without a new version', async () => {
    // A first read counts a view of its own: let it land, then take the count.
    await detail('feed-4');
    await existingViewCounter(ctx.app)?.settle();
    const [{ view_count: before }] = await ctx.db.query<{ view_count: number }>("SELECT view_count FROM posts WHERE slug = 'feed-4'");
    await ctx.db.query('UPDATE posts SET view_count = view_count + 100 WHERE slug = $1', ['feed-4']);
    expect((await detail('feed-4')).view_count).toBe(before + 100);
    expect((await feed()).results.find((p: { slug: string }) => p.slug === 'feed-4').view_count).toBe(before + 100);
    // A view-count filter is counted every time.
    const heavy = (await feed(`&min_views=${before + 100}`)).count;
    await ctx.db.query('UPDATE posts SET view_count = view_count + 1000 WHERE slug = $1', ['feed-5']);
    expect((await feed(`&min_views=${before + 100}`)).count).toBe(heavy + 1);
  });

  it('keep list sizes exact: a new post is counted at once', async () => {
    const search = `&search=${encodeURIComponent('قرار')}`;
    const count = (await feed(search)).count;
    expect((await feed(search)).count).toBe(count);
    const f = new ContentFixtures(ctx.db);
    await f.post({ slug: 'new-qarar', author_id: world.users.author, type_id: world.types.decision, title_ar: 'قرار جديد' });
    expect((await feed(search)).count).toBe(count + 1);
    await ctx.db.query("UPDATE posts SET status = 'archived' WHERE slug = 'new-qarar'");
    expect((await feed(search)).count).toBe(count);
    await ctx.db.query("DELETE FROM posts WHERE slug = 'new-qarar'");
    expect((await feed(search)).count).toBe(count);
    expect((await ctx.inject({ url: '/api/v1/content/posts/new-qarar/' })).statusCode).toBe(404);
  });
});

describe('a visitor’s post list kept as bytes', () => {
  it('is the same answer, with the same validator, until something in it changes', async () => {
    const url = '/api/v1/content/posts/?page_size=5';
    const first = await ctx.inject({ url });
    const second = await ctx.inject({ url });
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Straight to the app: a 304 has no body for the contract check to read.
    const revalidated = await ctx.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);

    const top = first.json().results[0];
    await ctx.db.query('UPDATE posts SET view_count = view_count + 1 WHERE id = $1', [top.id]);
    const third = await ctx.inject({ url });
    expect(third.headers.etag).not.toBe(first.headers.etag);
    expect(third.json().results[0].view_count).toBe(top.view_count + 1);
    expect((await ctx.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(200);
  });

  it('is told good by one light statement while neither the content nor a view count has moved', async () => {
    const url = '/api/v1/content/posts/?ordering=-view_count&page_size=4';
    const first = await ctx.inject({ url });
    const shown = first.json().results.map((p: { id: number }) => p.id);
    const [least] = (await feed('&ordering=view_count')).results;
    expect(shown).not.toContain(least.id);
    const statements: string[] = [];
    const query = ctx.db.query.bind(ctx.db);
    const spy = jest.spyOn(ctx.db, 'query').mockImplementation((sql, params, options) => {
      statements.push(sql);
      return query(sql, params, options);
    });
    const answer = async () => {
      statements.length = 0;
      const res = await ctx.inject({ url });
      return { res, readPosts: statements.some((s) => /\bposts p\b/.test(s)), statements: statements.length };
    };
    try {
      const again = await answer();
      expect(again.res.body).toBe(first.body);
      expect(again.res.headers.etag).toBe(first.headers.etag);
      expect(again).toMatchObject({ readPosts: false, statements: 1 });

      // A view of a post the page does not show: its list is read again, the same answer…
      await ctx.db.query('UPDATE posts SET view_count = view_count + 1 WHERE id = $1', [least.id]);
      const checked = await answer();
      expect(checked.res.body).toBe(first.body);
      expect(checked.res.headers.etag).toBe(first.headers.etag);
      expect(checked.readPosts).toBe(true);
      // …known good at the new views version: one light statement again.
      expect(await answer()).toMatchObject({ readPosts: false, statements: 1 });

      // Views counted by the app (a batch) that move a post into the page change the answer.
      await ctx.db.query('UPDATE posts SET view_count = $2 - 1 WHERE id = $1', [least.id, first.json().results[0].view_count]);
      for (const address of ['203.0.113.71', '203.0.113.72']) await ctx.inject({ url: `/api/v1/content/posts/${least.slug}/`, remoteAddress: address });
      await existingViewCounter(ctx.app)?.settle();
      const moved = await answer();
      expect(moved.res.json().results[0]).toMatchObject({ id: least.id, view_count: first.json().results[0].view_count + 1 });
      expect(moved.res.headers.etag).not.toBe(first.headers.etag);
    } finally {
      spy.mockRestore();
    }
  });

  it('is never what a signed-in reader gets', async () => {
    const url = '/api/v1/content/posts/?page_size=3';
    await ctx.inject({ url });
    const [{ id: sid }] = await ctx.db.query<{ id: string }>(
      "INSERT INTO sessions (id, user_id) VALUES (gen_random_uuid(), $1) RETURNING id", [world.users.reader],
    );
    const token = ctx.app.jwt.sign({ sub: String(world.users.reader), sid, typ: 'access' });
    const top = (await ctx.inject({ url })).json().results[0];
    await ctx.db.query('INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2)', [world.users.reader, top.id]);
    const mine = await ctx.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(mine.json().results[0]).toMatchObject({ id: top.id, is_bookmarked: true });
    expect((await ctx.inject({ url })).json().results[0]).toMatchObject({ id: top.id, is_bookmarked: false });
  });
});

describe('PostCache', () => {
  const row = (id: number) => ({ id }) as PostRow;

  it('serves what it keeps only at the version it was read at', () => {
    const cache = new PostCache();
    cache.keepPosts(1, [row(1), row(2)]);
    expect(cache.post(1, 1)).toEqual(row(1));
    expect(cache.post(2, 1)).toBeUndefined();
    cache.keepCount(1, 'k', 5);
    expect(cache.countFor('k')).toEqual({ version: 1, count: 5, bounded: false });
    // Another version, even an older one (a database made anew), drops everything.
    cache.keepPosts(0, [row(3)]);
    expect(cache.post(1, 1)).toBeUndefined();
    expect(cache.post(0, 3)).toEqual(row(3));
    expect(cache.countFor('k')).toBeNull();
  });

  it('keeps a bounded number of posts, dropping the least recently used', () => {
    const cache = new PostCache();
    cache.keepPosts(1, Array.from({ length: 2000 }, (_, i) => row(i)));
    cache.post(1, 0);
    cache.keepPosts(1, [row(5000)]);
    expect(cache.post(1, 0)).toBeDefined();
    expect(cache.post(1, 1)).toBeUndefined();
    expect(cache.post(1, 5000)).toBeDefined();
  });
});

describe('PageMemo', () => {
  it('answers only for the same signature, and forgets the least recently used beyond its budget', async () => {
    const { PageMemo, pageSignature } = await import('./page-memo');
    const memo = new PageMemo();
    const sig = pageSignature(7, 2, [{ id: 1, view_count: 5, bookmark_id: null }, { id: 2, view_count: 0, bookmark_id: null }]);
    expect(sig).toBe('7|2|1:5|2:0');
    memo.keep('/a', { signature: sig, body: Buffer.from('x'), etag: 'W/"x"' });
    expect(memo.get('/a', sig)?.body.toString()).toBe('x');
    expect(memo.get('/a', '7|2|1:6|2:0')).toBeUndefined();
    // Just under 8 MB: the budget counts each answer's address, signature and validator too.
    const big = Buffer.from('ب'.repeat(4 * 1024 * 1024 - 1024));
    for (const address of ['/1', '/2', '/3', '/4', '/5']) memo.keep(address, { signature: 's', body: big, etag: '' });
    // 32 MB hold four of them: the oldest two went.
    expect(['/a', '/1', '/2', '/3', '/4', '/5'].map((a) => memo.get(a, a === '/a' ? sig : 's') !== undefined)).toEqual([
      false, false, true, true, true, true,
    ]);
  });
});
