import { buildWorld, FEED_START, newestFirst, type World, type WorldPost } from '../../test/content-world';
import { signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext({ prepare: async (db) => void (world = await buildWorld(db)) });
});
afterAll(() => ctx.close());

const URL = '/api/v1/content/posts/';
const EN = { 'accept-language': 'en' };

async function list(query: string, headers: Record<string, string> = EN) {
  const res = await ctx.inject({ url: `${URL}?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number; next: string | null; previous: string | null; results: { id: number; slug: string }[] }>();
}

/** The slugs of every page of a list, walked through its `next` links. */
async function allSlugs(query: string, headers: Record<string, string> = EN): Promise<string[]> {
  const slugs: string[] = [];
  let url: string | null = `http://localhost${URL}?${query}`;
  while (url) {
    const u: URL = new globalThis.URL(url);
    const res = await ctx.inject({ url: u.pathname + u.search, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    slugs.push(...body.results.map((p: { slug: string }) => p.slug));
    url = body.next;
  }
  return slugs;
}

const published = () => world.posts.filter((p) => p.status === 'published');
const slugsOf = (posts: WorldPost[]) => posts.map((p) => p.slug);
const sortedSlugs = (posts: WorldPost[]) => slugsOf(posts).sort();

describe('GET /content/posts/ — the feed', () => {
  it('answers published posts newest first, ten a page, with the exact count and absolute links', async () => {
    const body = await list('');
    expect(body.count).toBe(published().length);
    expect(body.results).toHaveLength(10);
    expect(body.results.map((p) => p.slug)).toEqual(slugsOf(newestFirst(published())).slice(0, 10));
    expect(body.previous).toBeNull();
    expect(body.next).toBe('http://localhost/api/v1/content/posts/?page=2');

    const last = await list('page=3');
    expect(last.results).toHaveLength(published().length - 20);
    expect(last.next).toBeNull();
    expect(last.previous).toBe('http://localhost/api/v1/content/posts/?page=2');
  });

  it('reads the count of the unfiltered feed from post_status_counts', async () => {
    const [{ n }] = await ctx.db.query<{ n: number }>("SELECT n FROM post_status_counts WHERE status = 'published'");
    expect(n).toBe(published().length);
    // Proof that the answer uses the kept count rather than counting: skew it for a moment
    // (a page not read before, as pages already read are kept with their count until a write).
    await ctx.db.query("UPDATE post_status_counts SET n = n + 1000 WHERE status = 'published'");
    try {
      expect((await list('page_size=7')).count).toBe(n + 1000);
      expect((await list('language=ar')).count).toBe(published().filter((p) => p.language === 'ar').length);
    } finally {
      await ctx.db.query("UPDATE post_status_counts SET n = n - 1000 WHERE status = 'published'");
    }
  });

  it.each([
    ['-published_at', (a: WorldPost, b: WorldPost) => b.published_at!.getTime() - a.published_at!.getTime() || b.id - a.id],
    ['published_at', (a: WorldPost, b: WorldPost) => a.published_at!.getTime() - b.published_at!.getTime() || a.id - b.id],
    ['-view_count', (a: WorldPost, b: WorldPost) => b.view_count - a.view_count || b.id - a.id],
    ['view_count', (a: WorldPost, b: WorldPost) => a.view_count - b.view_count || a.id - b.id],
  ])('orders by %s with ids breaking ties, so that pages never overlap', async (ordering, compare) => {
    const expected = slugsOf([...published()].sort(compare));
    const walked = await allSlugs(`ordering=${ordering}&page_size=4`);
    expect(walked).toEqual(expected);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('answers a page past the end with 404 invalid page, in the reader language', async () => {
    const en = await ctx.inject({ url: `${URL}?page=4`, headers: EN });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ detail: 'Invalid page.' });
    const ar = await ctx.inject({ url: `${URL}?page=4` });
    expect(ar.json()).toEqual({ detail: 'صفحة غير صالحة.' });
    // An empty list still has a first page.
    expect((await list('category=nothing-here')).count).toBe(0);
    expect((await ctx.inject({ url: `${URL}?category=nothing-here&page=2` })).statusCode).toBe(404);
  });

  it('takes page_size up to 100 and rejects anything else with a 400 per field', async () => {
    expect((await list('page_size=100')).results).toHaveLength(published().length);
    const res = await ctx.inject({ url: `${URL}?page_size=101&page=abc&min_views=-1&has_attachments=maybe&type_id=0`, headers: EN });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['has_attachments', 'min_views', 'page', 'page_size', 'type_id']);
    expect(res.json().page_size).toEqual(['Ensure this value is less than or equal to 100.']);
  });
});

describe('GET /content/posts/ — status and visibility', () => {
  it('shows archived posts to anyone who asks for them', async () => {
    const body = await list('status=archived');
    expect(body.results.map((p) => p.slug)).toEqual(['archived-post']);
    expect(body.count).toBe(1);
    expect((await list('status=published')).count).toBe(published().length);
  });

  it('shows drafts only to their author, all of them to staff, and none to visitors', async () => {
    expect(await list('status=draft')).toMatchObject({ count: 0, results: [] });
    expect(await allSlugs('status=draft', await signIn(ctx, world.users.author))).toEqual(['draft-by-author']);
    expect(await allSlugs('status=draft', await signIn(ctx, world.users.other))).toEqual(['draft-by-other']);
    expect(await allSlugs('status=draft', await signIn(ctx, world.users.reader))).toEqual([]);
    const staff = await allSlugs('status=draft', await signIn(ctx, world.users.staff));
    expect(staff.sort()).toEqual(['draft-by-author', 'draft-by-other']);
  });
});

describe('GET /content/posts/ — filters', () => {
  const expectSlugs = async (query: string, posts: WorldPost[]) => {
    const body = await list(`${query}&page_size=100`);
    expect(body.results.map((p) => p.slug).sort()).toEqual(sortedSlugs(posts));
    expect(body.count).toBe(posts.length);
  };

  it('filters by language', async () => {
    await expectSlugs('language=en', published().filter((p) => p.language === 'en'));
    await expectSlugs('language=ar', published().filter((p) => p.language === 'ar'));
  });

  it('filters by category and subcategory slug; an unknown one gives an empty list', async () => {
    await expectSlugs('category=health', published().filter((p) => p.categories.includes(world.categories.health)));
    await expectSlugs('category=economy', []);
    await expectSlugs('category=no-such-category', []);
    await expectSlugs('subcategory=hospitals', published().filter((p) => p.subcategories.includes(world.subcategories.hospitals)));
    await expectSlugs('subcategory=schools&category=health', published().filter(
      (p) => p.subcategories.includes(world.subcategories.schools) && p.categories.includes(world.categories.health),
    ));
  });

  it('filters by type name in English or Arabic, in any spelling, and by type id', async () => {
    const decisions = published().filter((p) => p.type === 'decision');
    await expectSlugs('type=decision', decisions);
    await expectSlugs('type=Decision', decisions);
    await expectSlugs(`type=${encodeURIComponent('قرار')}`, decisions);
    await expectSlugs(`type=${encodeURIComponent('قَرَار')}`, decisions);
    const announcements = published().filter((p) => p.type === 'announcement');
    expect(announcements.length).toBeGreaterThan(0);
    // Stored as إعلان; found as written without the hamza too.
    await expectSlugs(`type=${encodeURIComponent('اعلان')}`, announcements);
    await expectSlugs(`type=${encodeURIComponent('إعلان')}`, announcements);
    await expectSlugs(`type_id=${world.types.circular}`, published().filter((p) => p.type === 'circular'));
    await expectSlugs('type=memo', []);
    await expectSlugs('type_id=999', []);
  });

  it('filters by organization id or code (any case); an unknown one gives an empty list', async () => {
    const moe = published().filter((p) => p.org === world.orgs.moe);
    await expectSlugs(`organization=${world.orgs.moe}`, moe);
    await expectSlugs('organization_code=moe', moe);
    await expectSlugs('organization_code=MOE', moe);
    await expectSlugs('organization_code=nope', []);
    await expectSlugs('organization=9999', []);
  });

  it('filters by hashtag slug or name, with or without #', async () => {
    const qarar = published().filter((p) => p.hashtags.includes(world.hashtags.qarar));
    expect(qarar).toHaveLength(3);
    for (const value of ['al-qarar', '#al-qarar', 'القرار', '#القرار', 'الـقرار']) {
      await expectSlugs(`hashtag=${encodeURIComponent(value)}`, qarar);
    }
    const covid = published().filter((p) => p.hashtags.includes(world.hashtags.covid));
    await expectSlugs('hashtag=covid19', covid);
    await expectSlugs(`hashtag=${encodeURIComponent('#COVID19')}`, covid);
    await expectSlugs('hashtag=unused-tag', []);
    await expectSlugs('hashtag=never-heard-of-it', []);
    await expectSlugs(`hashtag=${encodeURIComponent('#')}`, published());
  });

  it('filters by author username, without regard to case', async () => {
    const mine = published().filter((p) => p.author === world.users.author);
    await expectSlugs('author=author', mine);
    await expectSlugs('author=AUTHOR', mine);
    await expectSlugs('author=nobody', []);
  });

  it('filters by publication date: a plain date covers its whole day (UTC), an instant is taken as given', async () => {
    const day = (n: number) => new Date(FEED_START + n * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const between = (from: number, to: number) =>
      published().filter((p) => p.published_at!.getTime() >= from && p.published_at!.getTime() <= to);
    const startOf = (n: number) => Date.parse(`${day(n)}T00:00:00Z`);
    // Days 2 to 4 inclusive: two feed posts each.
    await expectSlugs(`published_after=${day(2)}&published_before=${day(4)}`, between(startOf(2), startOf(5) - 1));
    expect(between(startOf(2), startOf(5) - 1)).toHaveLength(6);
    await expectSlugs(`published_before=${day(0)}`, between(0, startOf(1) - 1));
    // Instants: posts are published at 10:00, so 10:00:00 is included and 10:00:01 is not.
    await expectSlugs(`published_after=${day(11)}T10:00:01Z`, between(FEED_START + 11 * 86400000 + 1000, Infinity));
    await expectSlugs(`published_before=${encodeURIComponent(`${day(0)}T13:00:00+03:00`)}`, between(0, FEED_START));
    await expectSlugs(`published_before=${day(0)}T09:59:59`, []);
  });

  it('rejects dates that do not exist, in the reader language', async () => {
    const res = await ctx.inject({ url: `${URL}?published_after=2024-02-30&published_before=2024-01-01T24:00`, headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ published_after: ['Enter a valid date.'], published_before: ['Enter a valid date.'] });
    const ar = await ctx.inject({ url: `${URL}?published_after=2023-13-01` });
    expect(ar.json()).toEqual({ published_after: ['أدخل تاريخاً صالحاً.'] });
    const shape = await ctx.inject({ url: `${URL}?published_after=yesterday`, headers: EN });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json())).toEqual(['published_after']);
  });

  it('takes the furthest dates the pattern allows, past year 9999 and before year 1 once offsets apply', async () => {
    const all = published();
    await expectSlugs('published_before=9999-12-31', all);
    await expectSlugs(`published_before=${encodeURIComponent('9999-12-31T23:59:59-14:00')}`, all);
    await expectSlugs(`published_after=${encodeURIComponent('9999-12-31T23:59:59-14:00')}`, []);
    await expectSlugs('published_after=9999-12-31', []);
    await expectSlugs(`published_after=${encodeURIComponent('0001-01-01T00:00:00+14:00')}`, all);
    await expectSlugs(`published_before=${encodeURIComponent('0001-01-01T00:00:00+14:00')}`, []);
    await expectSlugs('published_after=0001-01-01&published_before=9999-12-31', all);
  });

  it('filters by view counts and rejects a minimum above the maximum', async () => {
    await expectSlugs('min_views=30', published().filter((p) => p.view_count >= 30));
    await expectSlugs('max_views=10', published().filter((p) => p.view_count <= 10));
    await expectSlugs('min_views=10&max_views=20', published().filter((p) => p.view_count >= 10 && p.view_count <= 20));
    await expectSlugs('min_views=20&max_views=20', published().filter((p) => p.view_count === 20));
    const res = await ctx.inject({ url: `${URL}?min_views=50&max_views=10`, headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ min_views: ['The minimum is greater than the maximum.'] });
  });

  it('filters by whether posts have attachments', async () => {
    await expectSlugs('has_attachments=true', published().filter((p) => p.attachments > 0));
    await expectSlugs('has_attachments=false', published().filter((p) => p.attachments === 0));
  });

  it('combines filters (type, organization, last days) ordered by views', async () => {
    const since = new Date(FEED_START + 4 * 86400000);
    const expected = published()
      .filter((p) => p.type === 'decision' && p.org === world.orgs.moh && p.published_at! >= since)
      .sort((a, b) => b.view_count - a.view_count || b.id - a.id);
    expect(expected.length).toBeGreaterThan(2);
    const body = await list(`type=decision&organization=${world.orgs.moh}&published_after=${since.toISOString()}&ordering=-view_count`);
    expect(body.results.map((p) => p.slug)).toEqual(slugsOf(expected));
    expect(body.count).toBe(expected.length);
  });
});

describe('GET /content/posts/ — search', () => {
  const qarar = () => world.qararSlugs.slice().sort();

  it.each(['قرار', 'قَرَار', 'قـرار', 'والقرار', 'القرار', 'قرارُ'])('finds the same posts for %s', async (q) => {
    const body = await list(`search=${encodeURIComponent(q)}&page_size=100`);
    expect(body.results.map((p) => p.slug).sort()).toEqual(qarar());
    expect(body.count).toBe(4);
  });

  it('orders matches newest first unless asked otherwise, and searches English text too', async () => {
    const newest = await list(`search=${encodeURIComponent('قرار')}`);
    expect(newest.results.map((p) => p.slug)).toEqual(slugsOf(newestFirst(published().filter((p) => world.qararSlugs.includes(p.slug)))));
    const byViews = await list(`search=${encodeURIComponent('قرار')}&ordering=-view_count`);
    expect(byViews.results[0].slug).toBe(world.arabicSlug);
    expect((await list('search=working%20hours')).results.map((p) => p.slug)).toEqual(['unrelated-circular']);
    expect((await list('search=SCHOOLS')).results.map((p) => p.slug)).toEqual(['unrelated-circular']);
  });

  it('keeps drafts out of searches unless asked for, then only for whoever may see them', async () => {
    expect((await list(`search=${encodeURIComponent('مسودة')}`)).count).toBe(0);
    const mine = await list(`search=${encodeURIComponent('مسودة')}&status=draft`, await signIn(ctx, world.users.author));
    expect(mine.results.map((p) => p.slug)).toEqual(['draft-by-author']);
  });

  it('never fails on odd search text', async () => {
    for (const q of ['"', "'", '!!!', '&&', '|', ':*', '-', 'or', '"قرار" OR -وزاري', '   ', '\\', '%_', '(', 'ـــ']) {
      const res = await ctx.inject({ url: `${URL}?search=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
    }
    // Blank text is no search at all.
    expect((await list('search=%20%20')).count).toBe(published().length);
  });
});

describe('GET /content/posts/ — what each post carries', () => {
  it('carries author, type, classification, organization, attachments and metrics', async () => {
    const body = await list(`search=${encodeURIComponent('وزاري')}`);
    const post = body.results[0] as any;
    expect(post.slug).toBe(world.arabicSlug);
    expect(post.author).toEqual({
      id: world.users.author, username: 'Author', first_name: 'Amal', last_name: 'Haddad', user_type: 'regular',
      is_verified: true, profile_picture: 'http://localhost:80/media/avatars/author.png',
    });
    expect(post.type).toEqual({ id: world.types.decision, name: 'decision', name_ar: 'قرار' });
    expect(post.categories).toEqual([world.categories.health, world.categories.education]);
    expect(post.categories_data).toEqual([
      { id: world.categories.health, slug: 'health', name: 'Health', name_ar: 'الصحة' },
      { id: world.categories.education, slug: 'education', name: 'Education', name_ar: 'التعليم' },
    ]);
    expect(post.subcategories).toEqual([
      { id: world.subcategories.hospitals, slug: 'hospitals', category: 'health', name: 'Hospitals', name_ar: 'المستشفيات' },
      { id: world.subcategories.schools, slug: 'schools', category: 'education', name: 'Schools', name_ar: 'المدارس' },
    ]);
    expect(post.hashtags).toEqual([
      { id: world.hashtags.qarar, name: 'القرار', slug: 'al-qarar' },
      { id: world.hashtags.schools, name: 'المدارس', slug: 'al-madaris' },
    ]);
    expect(post.organization).toEqual({ id: world.orgs.moh, code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة', is_verified: true });
    expect(post).toMatchObject({
      organization_name: 'Ministry of Health', organization_name_ar: 'وزارة الصحة',
      subsidiary_name: 'Hospitals Directorate', subsidiary_name_ar: 'مديرية المستشفيات',
      attachment_count: 2, view_count: 500, reading_time: 1, status: 'published', language: 'ar',
      published_at: new Date(FEED_START + 30 * 86400000).toISOString(), is_bookmarked: false, bookmark_id: null,
    });
    const [image, pdf] = post.attachments;
    expect(image).toMatchObject({
      file: `attachments/${post.id}-0.png`,
      file_url: `http://localhost:80/media/attachments/${image.id}/${encodeURIComponent('صورة القرار')}.png`,
      thumbnail_url: 'http://localhost:80/media/thumbs/qarar.webp',
      title: 'Photo of the decision', title_ar: 'صورة القرار', file_type: 'image/png', size: 1_258_291, file_size_display: '1.2 MB', file_extension: 'png',
      order: 0, width: 1200, height: 800,
      renditions: [320, 480, 640, 960, 1200].map((w) => ({ url: `http://localhost:80/media/renditions/${image.id}/${w}.webp`, width: w, height: Math.round((w * 800) / 1200) })),
    });
    expect(pdf).toMatchObject({
      file_url: `http://localhost:80/media/attachments/${pdf.id}/Circular%2012.pdf`, thumbnail_url: null, title: null, title_ar: 'Circular 12',
      file_size_display: '240.5 KB', file_extension: 'pdf', order: 1, width: null, height: null, renditions: [],
    });
    expect(post.images).toEqual([image.file_url]);
    expect(post.files).toEqual([pdf.file_url]);
  });

  it('marks the signed-in reader’s bookmarks, and keeps such answers out of shared caches', async () => {
    const target = world.posts.find((p) => p.slug === 'feed-23')!;
    const [{ id: bookmarkId }] = await ctx.db.query<{ id: number }>(
      'INSERT INTO bookmarks (user_id, post_id) VALUES ($1, $2) RETURNING id',
      [world.users.reader, target.id],
    );
    const headers = await signIn(ctx, world.users.reader);
    const res = await ctx.inject({ url: `${URL}?page_size=100`, headers });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const posts = res.json().results as { slug: string; is_bookmarked: boolean; bookmark_id: number | null }[];
    expect(posts.filter((p) => p.is_bookmarked)).toEqual([expect.objectContaining({ slug: 'feed-23', bookmark_id: bookmarkId })]);
    expect(posts.filter((p) => p.bookmark_id !== null)).toHaveLength(1);

    // Another reader and visitors see no bookmark.
    const other = await ctx.inject({ url: `${URL}?page_size=100`, headers: await signIn(ctx, world.users.other) });
    expect(other.json().results.some((p: { is_bookmarked: boolean }) => p.is_bookmarked)).toBe(false);
    const visitor = await ctx.inject({ url: `${URL}?page_size=100` });
    expect(visitor.headers['cache-control']).toBeUndefined();
    expect(visitor.json().results.some((p: { is_bookmarked: boolean }) => p.is_bookmarked)).toBe(false);
  });

  it('answers a bad token with 401 rather than as a visitor', async () => {
    const res = await ctx.inject({ url: URL, headers: { authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
  });
});
