import { buildWorld, type World } from '../../test/content-world';
import { signIn, ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { ensurePostDocs, keepDocs } from './post-docs';
import { findPostsByIds } from './repository';
import { DOC_FORMAT } from './post-sql';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const LIST = '/api/v1/content/posts/';
type Post = Record<string, unknown> & { id: number; slug: string };

/** Every post of a list, walked page by page through its `next` links. */
async function listAll(query = '', headers: Record<string, string> = {}): Promise<Post[]> {
  const posts: Post[] = [];
  let url: string | null = `http://localhost${LIST}?${query}`;
  while (url) {
    const u: URL = new URL(url);
    const res = await ctx.inject({ url: u.pathname + u.search, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ results: Post[]; next: string | null }>();
    posts.push(...body.results);
    url = body.next;
  }
  return posts;
}

/** A post as the post's own address answers it (built from its row for each request). */
async function single(slug: string, headers: Record<string, string> = {}): Promise<Post> {
  const res = await ctx.inject({ url: `${LIST}${encodeURIComponent(slug)}/`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Post>();
}

/** Views move while the test reads (the post's own address counts one): compared apart. */
/** A post without its view count, and without the signature only its own address answers with (not lists). */
const withoutViews = ({ view_count: _, signature: _s, ...post }: Post) => post;

/** The list's answer of a post (signed in: no kept page) equals its own address's. */
async function listedAsItself(slug: string): Promise<Post> {
  const headers = await signIn(ctx, world.users.reader);
  const listed = (await listAll('', headers)).find((p) => p.slug === slug);
  expect(listed).toBeDefined();
  expect(withoutViews(listed!)).toEqual(withoutViews(await single(slug, headers)));
  return listed!;
}

const docRev = async (slug: string) =>
  (
    await ctx.db.query<{ doc_rev: number; rev: number | null }>(
      'SELECT p.doc_rev, d.rev FROM posts p LEFT JOIN post_docs d ON d.post_id = p.id WHERE p.slug = $1',
      [slug],
    )
  )[0];

describe('posts kept as answers (post_docs)', () => {
  it('a list answers each post exactly as its own address does, for visitors, readers and searches', async () => {
    const visitor = await listAll();
    const reader = await signIn(ctx, world.users.reader, 'ar');
    const signedIn = await listAll('', reader);
    expect(visitor.length).toBeGreaterThan(20);
    for (const post of visitor) expect(withoutViews(post)).toEqual(withoutViews(await single(post.slug)));
    for (const post of signedIn) expect(withoutViews(post)).toEqual(withoutViews(await single(post.slug, reader)));
    // The post with everything: a subsidiary, categories, subcategories, hashtags, files.
    const full = visitor.find((p) => p.slug === world.arabicSlug)!;
    expect(full).toMatchObject({ subsidiary_name: expect.any(String), attachment_count: 2 });
    expect((full.attachments as unknown[]).length).toBe(2);
    // A search's answer: the same posts, each with its match.
    const found = await listAll(`search=${encodeURIComponent('قرار')}`);
    expect(found.length).toBeGreaterThan(0);
    for (const post of found) {
      const { match, ...rest } = post;
      expect(match).toMatchObject({ title: expect.any(String) });
      expect(withoutViews(rest as Post)).toEqual(withoutViews(await single(post.slug)));
    }
    // Every post listed is kept at its revision.
    const [{ stale }] = await ctx.db.query<{ stale: number }>(
      `SELECT count(*)::int AS stale FROM posts p LEFT JOIN post_docs d ON d.post_id = p.id AND d.rev = p.doc_rev
        WHERE p.status = 'published' AND d.post_id IS NULL`,
    );
    expect(stale).toBe(0);
  });

  it('serves what is kept while the revision holds, and never once the post changed', async () => {
    await listedAsItself(world.arabicSlug);
    const before = await docRev(world.arabicSlug);
    expect(before.rev).toBe(before.doc_rev);
    // What is kept is what is served: mark it.
    await ctx.db.query(`UPDATE post_docs SET body = replace(body, '"title_ar":"', '"title_ar":"KEPT ') WHERE post_id = (SELECT id FROM posts WHERE slug = $1)`, [
      world.arabicSlug,
    ]);
    const headers = await signIn(ctx, world.users.reader);
    const marked = (await listAll('', headers)).find((p) => p.slug === world.arabicSlug)!;
    expect(marked.title_ar).toMatch(/^KEPT /);
    // A change of the post moves its revision: the mark is gone, the change shows.
    await ctx.db.query(`UPDATE posts SET title_ar = title_ar || ' (معدل)' WHERE slug = $1`, [world.arabicSlug]);
    const changed = await listedAsItself(world.arabicSlug);
    expect(changed.title_ar).toMatch(/\(معدل\)$/);
    expect((await docRev(world.arabicSlug)).doc_rev).toBe(before.doc_rev + 1);
    // A change of what answers do not show (views) keeps it.
    await ctx.db.query('UPDATE posts SET view_count = view_count + 5 WHERE slug = $1', [world.arabicSlug]);
    expect((await docRev(world.arabicSlug)).doc_rev).toBe(before.doc_rev + 1);
  });

  it('never serves a post kept in another format (an earlier release), and keeps it anew', async () => {
    await listedAsItself(world.arabicSlug);
    // Kept by a release that presented posts differently: same revision, another format.
    await ctx.db.query(
      `UPDATE post_docs SET format = ${DOC_FORMAT - 1}, body = replace(body, '"title_ar":"', '"title_ar":"OLD ')
        WHERE post_id = (SELECT id FROM posts WHERE slug = $1)`,
      [world.arabicSlug],
    );
    const listed = (await listAll()).find((p) => p.slug === world.arabicSlug)!;
    expect(listed.title_ar).not.toMatch(/^OLD /);
    const [kept] = await ctx.db.query<{ format: number; old: boolean }>(
      `SELECT format, body LIKE '%"title_ar":"OLD %' AS old FROM post_docs WHERE post_id = (SELECT id FROM posts WHERE slug = $1)`,
      [world.arabicSlug],
    );
    expect(kept).toEqual({ format: DOC_FORMAT, old: false });
    // And the server's start finds such posts too (once every other post is kept).
    await ensurePostDocs(ctx.db);
    await ctx.db.query(`UPDATE post_docs SET format = ${DOC_FORMAT - 1} WHERE post_id = (SELECT id FROM posts WHERE slug = $1)`, [world.arabicSlug]);
    expect(await ensurePostDocs(ctx.db)).toBe(1);
  });

  // Each change to what a post shows, made in SQL as any writer would, and what it must show then.
  const changes: [string, string, (p: Post) => unknown, unknown][] = [
    ['its author', `UPDATE users SET first_name = 'Amira' WHERE id = (SELECT author_id FROM posts WHERE slug = $1)`, (p) => (p.author as { first_name: string }).first_name, 'Amira'],
    ['its type', `UPDATE post_types SET name_ar = 'قرار رسمي' WHERE id = (SELECT type_id FROM posts WHERE slug = $1)`, (p) => (p.type as { name_ar: string }).name_ar, 'قرار رسمي'],
    ['its organization', `UPDATE organizations SET name = 'Ministry of Health (MoH)' WHERE id = (SELECT organization_id FROM posts WHERE slug = $1)`, (p) => p.organization_name, 'Ministry of Health (MoH)'],
    ['its subsidiary', `UPDATE subsidiaries SET name_ar = 'الفرع الرئيس' WHERE id = (SELECT subsidiary_id FROM posts WHERE slug = $1)`, (p) => p.subsidiary_name_ar, 'الفرع الرئيس'],
    [
      'a category of it',
      `UPDATE categories SET name = 'Public health' WHERE id = (SELECT min(category_id) FROM post_categories WHERE post_id = (SELECT id FROM posts WHERE slug = $1))`,
      (p) => (p.categories_data as { name: string }[]).map((c) => c.name),
      expect.arrayContaining(['Public health']),
    ],
    [
      'the category of a subcategory of it',
      `UPDATE categories SET slug = slug || '-renamed' WHERE id IN (SELECT sc.category_id FROM post_subcategories ps JOIN subcategories sc ON sc.id = ps.subcategory_id WHERE ps.post_id = (SELECT id FROM posts WHERE slug = $1))`,
      (p) => (p.subcategories as { category: string }[]).every((c) => c.category.endsWith('-renamed')),
      true,
    ],
    [
      'a subcategory of it',
      `UPDATE subcategories SET name_ar = 'مستشفيات عامة' WHERE id = (SELECT min(subcategory_id) FROM post_subcategories WHERE post_id = (SELECT id FROM posts WHERE slug = $1))`,
      (p) => (p.subcategories as { name_ar: string }[]).map((c) => c.name_ar),
      expect.arrayContaining(['مستشفيات عامة']),
    ],
    [
      'a hashtag of it',
      `UPDATE hashtags SET name = 'القرار_الجديد' WHERE id = (SELECT min(hashtag_id) FROM post_hashtags WHERE post_id = (SELECT id FROM posts WHERE slug = $1))`,
      (p) => (p.hashtags as { name: string }[]).map((h) => h.name),
      expect.arrayContaining(['القرار_الجديد']),
    ],
    [
      'a hashtag added to it',
      `INSERT INTO post_hashtags (post_id, hashtag_id) SELECT id, (SELECT id FROM hashtags WHERE slug = 'unused-tag') FROM posts WHERE slug = $1`,
      (p) => (p.hashtags as { slug: string }[]).map((h) => h.slug),
      expect.arrayContaining(['unused-tag']),
    ],
    [
      'a category taken from it',
      `DELETE FROM post_categories WHERE post_id = (SELECT id FROM posts WHERE slug = $1)`,
      (p) => p.categories,
      [],
    ],
    [
      'a file of it',
      `UPDATE attachments SET title = 'Circular 12 (signed)' WHERE post_id = (SELECT id FROM posts WHERE slug = $1) AND file_type = 'application/pdf'`,
      (p) => (p.attachments as { title: string }[]).map((a) => a.title),
      expect.arrayContaining(['Circular 12 (signed)']),
    ],
    [
      'a file removed from it',
      `DELETE FROM attachments WHERE post_id = (SELECT id FROM posts WHERE slug = $1) AND file_type = 'application/pdf'`,
      (p) => (p.attachments as unknown[]).length,
      1,
    ],
  ];
  it.each(changes)('a change to %s shows at once', async (_what, sql, read, expected) => {
    await listedAsItself(world.arabicSlug);
    const before = (await docRev(world.arabicSlug)).doc_rev;
    await ctx.db.query(sql, [world.arabicSlug]);
    expect((await docRev(world.arabicSlug)).doc_rev).toBeGreaterThan(before);
    expect(read(await listedAsItself(world.arabicSlug))).toEqual(expected);
  });

  it('a post whose text holds the stand-in for the origin is answered right, and built for each reader', async () => {
    const slug = world.posts.find((p) => p.status === 'published' && p.slug !== world.arabicSlug)!.slug;
    await ctx.db.query(`UPDATE posts SET title = 'Private \uE000origin\uE001 use' WHERE slug = $1`, [slug]);
    const listed = await listedAsItself(slug);
    expect(listed.title).toBe('Private \uE000origin\uE001 use');
    const { doc_rev, rev } = await docRev(slug);
    expect(rev === doc_rev).toBe(false);
  });

  it('readers building the same posts at once all get them whole, and each is kept once', async () => {
    await ctx.db.query('DELETE FROM post_docs');
    const headers = await signIn(ctx, world.users.reader);
    const answers = await Promise.all(Array.from({ length: 12 }, () => ctx.inject({ url: `${LIST}?page_size=30`, headers })));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const [first, ...rest] = answers.map((res) => res.json<{ results: Post[] }>().results.map(withoutViews));
    expect(first.length).toBeGreaterThan(20);
    for (const other of rest) expect(other).toEqual(first);
    const [{ kept }] = await ctx.db.query<{ kept: number }>('SELECT count(*)::int AS kept FROM post_docs');
    // All but the post holding the stand-in (the test before), built for each reader.
    expect(kept).toBe(first.filter((p) => !JSON.stringify(p).includes('\uE000')).length);
    expect(kept).toBe(first.length - 1);
  });

  it('ensurePostDocs keeps every post not kept at its revision, and nothing twice', async () => {
    await ctx.db.query('DELETE FROM post_docs');
    await ctx.db.query("UPDATE posts SET title = 'Plain again' WHERE title LIKE 'Private %'");
    const [{ n }] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts');
    expect(await ensurePostDocs(ctx.db)).toBe(n);
    expect(await ensurePostDocs(ctx.db)).toBe(0);
    const [{ kept }] = await ctx.db.query<{ kept: number }>('SELECT count(*)::int AS kept FROM posts p JOIN post_docs d ON d.post_id = p.id AND d.rev = p.doc_rev');
    expect(kept).toBe(n);
    // And what it kept answers as the post's own address does.
    await listedAsItself(world.arabicSlug);
  });
});

describe('keeping a post (keepDocs)', () => {
  const rowsOf = async (id: number) => (await findPostsByIds(ctx.db, [id])).rows;

  it('lets an error of its own through (it swallowed every one)', async () => {
    const rows = await rowsOf(world.posts[0].id);
    // The table gone for this transaction only: a statement the database cannot run.
    const keeping = ctx.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE post_docs RENAME TO post_docs_away');
      await keepDocs(tx, rows);
    });
    await expect(keeping).rejects.toMatchObject({ code: '42P01' });
  });

  it('lets a database that takes no writes go: the post is made all the same', async () => {
    const { id } = world.posts[0];
    const rows = await rowsOf(id);
    // Rolled back after (a transaction whose statement failed cannot be committed).
    const done = new Error('rolled back');
    let made = new Map<number, string>();
    const keeping = ctx.db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION READ ONLY');
      made = await keepDocs(tx, rows);
      throw done;
    });
    await expect(keeping).rejects.toBe(done);
    expect(JSON.parse(`${made.get(id)}}`)).toMatchObject({ id });
  });

  // Two connections at once: PostgreSQL only (PGlite runs one statement at a time).
  (process.env.TEST_DATABASE_URL ? it : it.skip)('lets a post deleted while it was being kept go', async () => {
    const id = await new ContentFixtures(ctx.db).post({ slug: 'deleted-while-kept', author_id: world.users.author, type_id: world.types.decision, title: 'Gone', title_ar: 'محذوف' });
    const rows = await rowsOf(id);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let deleted!: () => void;
    const deleting = new Promise<void>((resolve) => (deleted = resolve));
    const deleter = ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM posts WHERE id = $1', [id]);
      deleted();
      await held;
    });
    await deleting;
    // The keeper reads the post as still there and waits on the deleter's lock, then finds it gone.
    const keeping = keepDocs(ctx.db, rows);
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await deleter;
    await expect(keeping).resolves.toBeInstanceOf(Map);
    expect(await ctx.db.query('SELECT 1 FROM post_docs WHERE post_id = $1', [id])).toEqual([]);
  });
});
