import { buildWorld, type World } from '../../test/content-world';
import { signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { notesFrom } from './notes';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const save = (slug: string, headers: Record<string, string>, body?: unknown) =>
  ctx.inject({
    method: 'POST',
    url: `/api/v1/content/posts/${encodeURIComponent(slug)}/bookmark/`,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const BASE = '/api/v1/content/bookmarks/';
const idOf = (slug: string) => world.posts.find((p) => p.slug === slug)!.id;

async function freshReader(name: string) {
  const [{ id }] = await ctx.db.query<{ id: number }>(
    "INSERT INTO users (username, email, password_hash) VALUES ($1, $1 || '@example.test', 'x') RETURNING id",
    [name],
  );
  return { id, en: await signIn(ctx, id, 'en'), ar: await signIn(ctx, id, 'ar') };
}

describe('POST /content/posts/{slug}/bookmark/', () => {
  it('bookmarks a post with a trimmed note (201), and answers the existing bookmark when asked again (200)', async () => {
    const me = await freshReader('saver');
    const created = await save(world.arabicSlug, me.en, { notes: '  read before Sunday  ' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.message).toBe('Post saved to your bookmarks.');
    expect(body.bookmark).toEqual({
      id: expect.any(Number), post: idOf(world.arabicSlug), notes: 'read before Sunday',
      created_at: expect.any(String), updated_at: expect.any(String),
    });

    const again = await save(world.arabicSlug, me.ar, { notes: 'another note' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'هذا المنشور محفوظ مسبقاً', bookmark: body.bookmark });
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM bookmarks WHERE user_id = $1', [me.id]);
    expect(n).toBe(1);
  });

  it('takes no body, an empty body or a null note as no note', async () => {
    const me = await freshReader('quiet');
    expect((await save('feed-1', me.en)).json().bookmark.notes).toBe('');
    expect((await save('feed-2', me.ar, {})).json()).toMatchObject({ message: 'تم حفظ المنشور في المحفوظات', bookmark: { notes: '' } });
    expect((await save('feed-3', me.en, { notes: null })).statusCode).toBe(201);
    expect((await save('feed-4', me.en, { notes: '   ' })).json().bookmark.notes).toBe('');
  });

  it('allows 500 characters after trimming and rejects more with 400 on the field', async () => {
    const me = await freshReader('wordy');
    const ok = await save('feed-5', me.en, { notes: `  ${'ن'.repeat(500)}  ` });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().bookmark.notes).toHaveLength(500);
    const long = await save('feed-6', me.en, { notes: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ notes: ['Ensure this field has no more than 500 characters.'] });
    const ar = await save('feed-6', me.ar, { notes: 'x'.repeat(501) });
    expect(ar.json()).toEqual({ notes: ['يجب ألا يزيد هذا الحقل على 500 حرف.'] });
    expect((await save('feed-6', me.en, { notes: 'x'.repeat(2001) })).statusCode).toBe(400);
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*) AS n FROM bookmarks WHERE user_id = $1 AND post_id = $2', [me.id, idOf('feed-6')]);
    expect(n).toBe(0);
  });

  it('follows the post’s visibility: an unknown post and another author’s draft are 404, one’s own draft fine', async () => {
    const me = await freshReader('visible');
    const missing = await save('no-such-post', me.en);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Post not found' });
    const hidden = await save('draft-by-author', me.en);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'Post not found' });
    expect((await save('draft-by-author', await signIn(ctx, world.users.author))).statusCode).toBe(201);
    expect((await save('archived-post', me.en)).statusCode).toBe(201);
  });

  it('requires a signed-in reader', async () => {
    const res = await save('feed-1', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(401);
    expect((await save('feed-1', { authorization: 'Bearer forged' })).statusCode).toBe(401);
  });

  it('rejects a body that is not JSON', async () => {
    const me = await freshReader('typist');
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/v1/content/posts/feed-1/bookmark/',
      headers: { ...me.en, 'content-type': 'application/json' },
      payload: '{"notes":',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /content/bookmarks/', () => {
  it('lists the reader’s bookmarks newest first, ten a page, each with its post', async () => {
    const me = await freshReader('collector');
    const slugs = Array.from({ length: 12 }, (_, i) => `feed-${i}`);
    for (const slug of slugs) await save(slug, me.en, { notes: `note for ${slug}` });
    // Make creation times tie, so that only the id keeps the order stable.
    await ctx.db.query("UPDATE bookmarks SET created_at = '2024-06-01T00:00:00Z' WHERE user_id = $1 AND post_id = ANY($2)", [
      me.id, [idOf('feed-3'), idOf('feed-4'), idOf('feed-5')],
    ]);
    const res = await ctx.inject({ url: BASE, headers: me.en });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const first = res.json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe('http://localhost/api/v1/content/bookmarks/?page=2');
    const second = (await ctx.inject({ url: `${BASE}?page=2`, headers: me.en })).json();
    const order = [...first.results, ...second.results].map((b: { post: { slug: string } }) => b.post.slug);
    expect(order).toEqual(['feed-11', 'feed-10', 'feed-9', 'feed-8', 'feed-7', 'feed-6', 'feed-2', 'feed-1', 'feed-0', 'feed-5', 'feed-4', 'feed-3']);
    const top = first.results[0];
    expect(top).toMatchObject({ notes: 'note for feed-11', post: { slug: 'feed-11', is_bookmarked: true, bookmark_id: top.id } });
    expect((await ctx.inject({ url: `${BASE}?page=3`, headers: me.en })).statusCode).toBe(404);
  });

  it('searches notes and post titles, Arabic-aware', async () => {
    const me = await freshReader('seeker');
    await save(world.arabicSlug, me.en, { notes: 'للمراجعة مع الإدارة' });
    await save('qarar-in-content', me.en, { notes: 'Check with the legal team' });
    await save('feed-7', me.en);
    const find = async (q: string) =>
      (await ctx.inject({ url: `${BASE}?search=${encodeURIComponent(q)}`, headers: me.en })).json().results.map((b: { post: { slug: string } }) => b.post.slug);
    expect(await find('الادارة')).toEqual([world.arabicSlug]);
    expect(await find('وزاري')).toEqual([world.arabicSlug]);
    expect(await find('قَرار')).toEqual([world.arabicSlug]);
    expect(await find('LEGAL')).toEqual(['qarar-in-content']);
    expect(await find('feed-7')).toEqual(['feed-7']);
    expect(await find('%')).toEqual([]);
    expect(await find(' ')).toHaveLength(3);
  });

  it('shows only the reader’s own bookmarks, and hides posts that went back to draft', async () => {
    const me = await freshReader('private');
    const someone = await freshReader('someone');
    await save('feed-20', someone.en);
    await save('feed-21', me.en);
    await save('feed-22', me.en);
    await ctx.db.query("UPDATE posts SET status = 'draft' WHERE slug = 'feed-22'");
    try {
      const body = (await ctx.inject({ url: BASE, headers: me.en })).json();
      expect(body.results.map((b: { post: { slug: string } }) => b.post.slug)).toEqual(['feed-21']);
      expect(body.count).toBe(1);
    } finally {
      await ctx.db.query("UPDATE posts SET status = 'published' WHERE slug = 'feed-22'");
    }
  });

  it('requires a signed-in reader and valid paging', async () => {
    expect((await ctx.inject({ url: BASE })).statusCode).toBe(401);
    const me = await freshReader('pager');
    expect((await ctx.inject({ url: `${BASE}?page=0`, headers: me.en })).statusCode).toBe(400);
    expect((await ctx.inject({ url: BASE, headers: me.en })).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('GET, PATCH and DELETE /content/bookmarks/{id}/', () => {
  it('answers one of the reader’s bookmarks; another reader’s is 404', async () => {
    const me = await freshReader('owner');
    const other = await freshReader('nosy');
    const { id } = (await save('feed-15', me.en, { notes: 'mine' })).json().bookmark;
    const res = await ctx.inject({ url: `${BASE}${id}/`, headers: me.en });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, notes: 'mine', post: { slug: 'feed-15', is_bookmarked: true, bookmark_id: id } });
    const theirs = await ctx.inject({ url: `${BASE}${id}/`, headers: other.en });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Bookmark not found.' });
    expect((await ctx.inject({ url: `${BASE}${id}/`, headers: other.ar })).json()).toEqual({ detail: 'لم يتم العثور على الإشارة المرجعية' });
    expect((await ctx.inject({ url: `${BASE}abc/`, headers: me.en })).statusCode).toBe(400);
    expect((await ctx.inject({ url: `${BASE}${id}/` })).statusCode).toBe(401);
  });

  it('changes the note (trimmed, at most 500), and only the owner may', async () => {
    const me = await freshReader('editor');
    const other = await freshReader('meddler');
    const { id, updated_at } = (await save('feed-16', me.en, { notes: 'first' })).json().bookmark;
    const patch = (headers: Record<string, string>, body: unknown) =>
      ctx.inject({ method: 'PATCH', url: `${BASE}${id}/`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

    const res = await patch(me.en, { notes: '  second thoughts ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, notes: 'second thoughts', post: { slug: 'feed-16' } });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(updated_at));

    expect((await patch(me.en, {})).json().notes).toBe('second thoughts');
    expect((await patch(me.en, { notes: null })).json().notes).toBe('');
    const long = await patch(me.en, { notes: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ notes: ['Ensure this field has no more than 500 characters.'] });
    expect((await patch(other.en, { notes: 'hijacked' })).statusCode).toBe(404);
    expect((await ctx.inject({ url: `${BASE}${id}/`, headers: me.en })).json().notes).toBe('');
    expect((await patch({}, { notes: 'x' })).statusCode).toBe(401);
  });

  it('removes a bookmark (204); another reader’s or a removed one is 404', async () => {
    const me = await freshReader('tidy');
    const other = await freshReader('vandal');
    const { id } = (await save('feed-17', me.en)).json().bookmark;
    expect((await ctx.inject({ method: 'DELETE', url: `${BASE}${id}/`, headers: other.en })).statusCode).toBe(404);
    const res = await ctx.inject({ method: 'DELETE', url: `${BASE}${id}/`, headers: me.en });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await ctx.inject({ method: 'DELETE', url: `${BASE}${id}/`, headers: me.en })).statusCode).toBe(404);
    expect((await ctx.inject({ url: `${BASE}${id}/`, headers: me.en })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: `${BASE}${id}/` })).statusCode).toBe(401);
    // The post no longer shows as bookmarked.
    expect((await ctx.inject({ url: '/api/v1/content/posts/feed-17/', headers: me.en })).json()).toMatchObject({ is_bookmarked: false, bookmark_id: null });
  });
});

describe('notesFrom', () => {
  it('trims, clears on null, and leaves an absent note alone', () => {
    expect(notesFrom(undefined)).toBeUndefined();
    expect(notesFrom({})).toBeUndefined();
    expect(notesFrom({ notes: null })).toBe('');
    expect(notesFrom({ notes: ' a ' })).toBe('a');
    // Counted as characters people see: 500 emoji fit.
    expect(notesFrom({ notes: '😀'.repeat(500) })).toHaveLength(1000);
    expect(() => notesFrom({ notes: '😀'.repeat(501) })).toThrow();
  });
});
