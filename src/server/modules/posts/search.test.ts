import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { COUNT_BOUND, termsPageIds } from './repository';
import { SqlParams } from './sql';
import { postSearchOf, tsvectorOf } from './search-index';
import { parseQuery, toTsQuery } from '../../../shared/search/query';

let ctx: TestContext;
const BULK = COUNT_BOUND + 100;
const day = (d: number) => new Date(Date.UTC(2025, 0, d, 10));

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      const author = await f.user('writer');
      const types = await f.postTypes();
      const post = (slug: string, p: Parameters<ContentFixtures['post']>[0] extends infer T ? Partial<T> : never) =>
        f.post({ slug, author_id: author, type_id: types.decision, ...p });
      await post('health', {
        title_ar: 'قرار وزارة الصحة رقم ٧٩٤/١٤٤٦',
        title: 'Ministry of Health decision No. 794/1446',
        content_ar: 'تعلن الوزارة عن تنظيم العمل في المستشفيات التابعة لها.',
        content: 'The ministry announces how hospitals shall work.',
        published_at: day(1),
      });
      await post('education', {
        title_ar: 'تعميم وزارة التعليم بشأن المدارس',
        title: 'Ministry of Education circular on schools',
        published_at: day(2),
      });
      await post('mention', {
        title_ar: 'إعلان عن مواعيد العمل',
        title: 'Working hours announced',
        content_ar: `${'نص تمهيدي عن مواعيد الدوام الرسمي في الجهات الحكومية. '.repeat(12)}وتشارك وزارة المالية في دعم قطاع الصحة بالتعاون مع الجهات المختصة. ${'نص ختامي. '.repeat(20)}`,
        content: 'The public health sector is supported by the finance ministry.',
        published_at: day(3),
      });
      await post('pdf-only', {
        title_ar: 'التقرير السنوي',
        title: 'Annual report',
        published_at: day(4),
        attachments: [
          { title_ar: 'التقرير', file_type: 'application/pdf', file_extension: 'pdf', size: 1000, storage_key: 'files/report.pdf', pages: ['مقدمة التقرير', 'حملة اللقاحات الوطنية في المدارس'] },
        ],
      });
      await post('markup', { title_ar: 'قرار <b>عاجل</b> & مهم', title: 'Urgent <b>decision</b>', published_at: day(5) });
      await db.query(
        `INSERT INTO posts (slug, title, title_ar, author_id, type_id, published_at, search_vector)
         SELECT 'bulletin-' || i, 'Bulletin ' || i, 'نشرة دورية ' || i, $1, $2, timestamptz '2024-06-01 00:00Z' + i * interval '1 minute',
                $3::tsvector
           FROM generate_series(1, ${BULK}) i`,
        [author, types.decision, tsvectorOf([{ text: 'نشرة دورية', weight: 'A' }])],
      );
    },
  });
});
afterAll(() => ctx.close());

interface Answer {
  count: number;
  count_bounded?: boolean;
  next: string | null;
  results: { slug: string; match?: { title: string; excerpt: string | null; found_in: string; attachment: { title: string; page: number } | null } }[];
}

async function list(query: string, lang = 'ar'): Promise<Answer> {
  const res = await ctx.inject({ url: `/api/v1/content/posts/?${query}`, headers: { 'accept-language': lang } });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const search = (q: string, extra = '', lang = 'ar') => list(`search=${encodeURIComponent(q)}${extra}`, lang);
const slugs = async (q: string, extra = '') => (await search(q, extra)).results.map((p) => p.slug).sort();

describe('search', () => {
  it('finds every written form of a word alike (the forms of the issue)', async () => {
    const health = await slugs('الصحة');
    expect(health).toEqual(['health', 'mention']);
    for (const form of ['صحة', 'بالصحة', 'والصحة', 'للصحة', 'الصحه', 'الصِّحَّة']) expect(await slugs(form)).toEqual(health);
    const ministry = await slugs('وزارة');
    expect(ministry).toEqual(['education', 'health', 'mention']);
    for (const form of ['الوزارة', 'والوزارة', 'بالوزارة', 'لوزارة', 'وزارات']) expect(await slugs(form)).toEqual(ministry);
    const notice = await slugs('إعلان');
    expect(notice).toEqual(['mention']);
    for (const form of ['الإعلان', 'اعلان', 'والإعلان', 'إعلانات']) expect(await slugs(form)).toEqual(notice);
  });

  it('matches phrases in quotes as phrases, and leaves out words after a minus', async () => {
    expect(await slugs('"وزارة الصحة"')).toEqual(['health']);
    expect(await slugs('«وزارة الصحة»')).toEqual(['health']);
    expect(await slugs('وزارة -التعليم')).toEqual(['health', 'mention']);
    expect(await slugs('وزارة -"وزارة التعليم"')).toEqual(['health', 'mention']);
    // Only words to leave out: everything else.
    const without = await search('-نشرة');
    expect(without.count).toBe(5);
  });

  it('finds documents by their number', async () => {
    for (const q of ['رقم 794', '794/1446', '٧٩٤/١٤٤٦', 'No. 794']) expect(await slugs(q)).toEqual(['health']);
    expect(await slugs('1446/794')).toEqual([]);
  });

  it('stems English', async () => {
    expect(await slugs('hospital')).toEqual(['health']);
    expect(await slugs('ministries')).toEqual(['education', 'health', 'mention']);
  });

  it('ranks by relevance when asked: a title match before a mention in the body', async () => {
    expect((await search('الصحة', '&ordering=relevance')).results.map((p) => p.slug)).toEqual(['health', 'mention']);
    expect((await search('الصحة')).results.map((p) => p.slug)).toEqual(['mention', 'health']);
    // Without a search, relevance is the newest first.
    expect((await list('ordering=relevance&page_size=2')).results.map((p) => p.slug)).toEqual(['markup', 'pdf-only']);
  });

  it('says why each result matched, marked, escaped, in the reader language', async () => {
    const [health] = (await search('وزارة الصحة', '&ordering=relevance')).results;
    expect(health.match).toMatchObject({ title: 'قرار <mark>وزارة الصحة</mark> رقم ٧٩٤/١٤٤٦', found_in: 'content', attachment: null });
    expect(health.match!.excerpt).toContain('<mark>الوزارة</mark>');
    const mention = (await search('الصحة')).results.find((p) => p.slug === 'mention')!;
    expect(mention.match!.found_in).toBe('content');
    expect(mention.match!.excerpt).toMatch(/^… .*<mark>الصحة<\/mark>.* …$/);
    expect(mention.match!.excerpt!.length).toBeLessThan(300);
    const english = (await search('health', '', 'en')).results.find((p) => p.slug === 'mention')!;
    expect(english.match).toMatchObject({ title: 'Working hours announced', found_in: 'content' });
    expect(english.match!.excerpt).toContain('public <mark>health</mark> sector');
    const markup = (await search('عاجل')).results[0];
    expect(markup.match!.title).toBe('قرار &lt;b&gt;<mark>عاجل</mark>&lt;/b&gt; &amp; مهم');
    expect(markup.match!.found_in).toBe('title');
    expect(markup.match!.excerpt).toBeNull();
  });

  it('keeps one answer a language: asked in Arabic, English and Arabic again, each its own', async () => {
    const title = async (lang: string) => (await search('health', '', lang)).results.find((p) => p.slug === 'mention')!.match!.title;
    const arabic = await title('ar');
    expect(arabic).not.toBe('Working hours announced');
    // Twice each: the second is the kept answer (told good by the versions alone).
    expect(await title('ar')).toBe(arabic);
    expect(await title('en')).toBe('Working hours announced');
    expect(await title('en')).toBe('Working hours announced');
    expect(await title('ar')).toBe(arabic);
  });

  it('reads attachments: says which file and page matched', async () => {
    const found = await search('لقاحات');
    expect(found.results.map((p) => p.slug)).toEqual(['pdf-only']);
    expect(found.results[0].match).toMatchObject({ found_in: 'attachment', attachment: { title: 'التقرير', page: 2 } });
    expect(found.results[0].match!.excerpt).toBe('حملة <mark>اللقاحات</mark> الوطنية في المدارس');
  });

  it('counts a search that matches many posts only up to a bound, then exactly past it', async () => {
    const first = await search('نشرة');
    expect(first).toMatchObject({ count: COUNT_BOUND, count_bounded: true });
    expect(first.next).toContain('page=2');
    const last = Math.ceil(BULK / 10);
    const deep = await search('نشرة', `&page=${last}`);
    expect(deep.count).toBe(BULK);
    expect(deep.count_bounded).toBeUndefined();
    expect(deep.next).toBeNull();
    // Now known exactly at this version: the first page says so too.
    expect(await search('نشرة')).toMatchObject({ count: BULK });
    const past = await ctx.inject({ url: `/api/v1/content/posts/?search=${encodeURIComponent('نشرة')}&page=${last + 1}` });
    expect(past.statusCode).toBe(404);
    // A few matches are counted exactly.
    expect(await search('وزارة')).toMatchObject({ count: 3 });
  });

  it('reads a page of a search counted to its bound once per version, like any other page', async () => {
    // Asked again, the page is known by its ids: only what changes without a new version (view
    // counts) is read, not the search's list (a page of a common word once took ~4 ms each time).
    const first = await search('دورية', '&page=3');
    expect(first).toMatchObject({ count: COUNT_BOUND, count_bounded: true });
    const spy = jest.spyOn(ctx.db, 'query');
    try {
      const again = await search('دورية', '&page=3');
      expect(again).toMatchObject({ count: COUNT_BOUND, count_bounded: true });
      expect(again.results.map((p) => p.slug)).toEqual(first.results.map((p) => p.slug));
      const statements = spy.mock.calls.map(([sql]) => String(sql));
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.filter((sql) => /post_terms|search_vector/.test(sql))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('ranks the newest matches of a common word, then goes on newest first, without gaps or repeats', async () => {
    const ids: string[] = [];
    for (let page = 1; page <= Math.ceil(BULK / 100); page++) {
      ids.push(...(await search('نشرة', `&ordering=relevance&page_size=100&page=${page}`)).results.map((p) => p.slug));
    }
    expect(ids).toHaveLength(BULK);
    expect(new Set(ids).size).toBe(BULK);
    // Past the window, the order is the date order's.
    const byDate = (await search('نشرة', '&page_size=100&page=11')).results.map((p) => p.slug);
    expect(ids.slice(1000)).toEqual(byDate);
    // A page across the window's edge holds the end of one and the start of the other.
    const across = (await search('نشرة', '&ordering=relevance&page_size=30&page=34')).results.map((p) => p.slug);
    expect(across).toEqual(ids.slice(990, 1020));
  });

  it('keeps the narrow copy of published terms in step with posts', async () => {
    const copied = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_terms'))[0].n);
    // The terms' post counts (term_counts) are those of the copy, counted anew.
    const countsDiffer = async () =>
      Number(
        (
          await ctx.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM (
               (SELECT word, ndoc FROM ts_stat('SELECT terms FROM post_terms') EXCEPT SELECT term, n FROM term_counts WHERE n > 0)
               UNION ALL
               (SELECT term, n FROM term_counts WHERE n > 0 EXCEPT SELECT word, ndoc FROM ts_stat('SELECT terms FROM post_terms'))) d`,
          )
        )[0].n,
      );
    expect(await countsDiffer()).toBe(0);
    expect((await ctx.db.query<{ n: number }>("SELECT n FROM term_counts WHERE term = 'نشره'"))[0].n).toBe(BULK);
    const published = async () => Number((await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE status = 'published'"))[0].n);
    expect(await copied()).toBe(await published());
    expect(await copied()).toBeGreaterThan(BULK);
    await ctx.db.query("UPDATE posts SET status = 'archived' WHERE slug LIKE 'bulletin-%' AND id % 2 = 0");
    expect(await copied()).toBe(await published());
    expect(await countsDiffer()).toBe(0);
    // Counted from the copy: the archived half is no longer found by a search of published posts.
    const left = Number((await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE slug LIKE 'bulletin-%' AND status = 'published'"))[0].n);
    expect(left).toBeLessThan(COUNT_BOUND);
    expect(await search('نشرة')).toMatchObject({ count: left });
    await ctx.db.query("UPDATE posts SET status = 'published' WHERE slug LIKE 'bulletin-%'");
    await ctx.db.query("UPDATE posts SET search_vector = $1::tsvector WHERE slug = 'bulletin-1'", [tsvectorOf([{ text: 'كلمة جديدة', weight: 'A' }])]);
    expect(await copied()).toBe(await published());
    expect(await countsDiffer()).toBe(0);
    expect((await search('جديدة', '&ordering=relevance')).results.map((p) => p.slug)).toEqual(['bulletin-1']);
    await ctx.db.query("DELETE FROM posts WHERE slug = 'bulletin-2'");
    expect(await countsDiffer()).toBe(0);
    expect((await search('جديدة')).results.map((p) => p.slug)).toEqual(['bulletin-1']);
    expect(await search('نشرة')).toMatchObject({ count: COUNT_BOUND, count_bounded: true });
  });

  it('ranks on titles and summaries the same whether read from the narrow copy or from posts', async () => {
    // Two titles that hold the word (the newer first: one mention each), then a post that only mentions it in its body.
    const plain = (await search('وزارة', '&ordering=relevance')).results.map((p) => p.slug);
    expect(plain).toEqual(['education', 'health', 'mention']);
    // A filter reads the matches from posts.
    expect((await search('وزارة', '&ordering=relevance&type=decision')).results.map((p) => p.slug)).toEqual(plain);
    const stale = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM post_terms t JOIN posts p ON p.id = t.post_id WHERE t.head <> ts_filter(p.search_vector, '{a,b}')",
    );
    expect(stale[0].n).toBe(0);
  });

  it('reads the first pages of a common word in the posts\' date order, both ways, also after a date changes', async () => {
    const tsquery = toTsQuery(parseQuery('نشرة'))!;
    const expected = async (dir: 'ASC' | 'DESC') =>
      (
        await ctx.db.query<{ slug: string }>(
          `SELECT slug FROM posts WHERE status = 'published' AND search_vector @@ $1::tsquery ORDER BY published_at ${dir}, id ${dir} LIMIT 30`,
          [tsquery],
        )
      ).map((r) => r.slug);
    const pages = async (ordering: string) => {
      const slugs: string[] = [];
      for (let page = 1; page <= 3; page++) slugs.push(...(await search('نشرة', `&ordering=${ordering}&page=${page}`)).results.map((p) => p.slug));
      return slugs;
    };
    expect(await pages('-published_at')).toEqual(await expected('DESC'));
    expect(await pages('published_at')).toEqual(await expected('ASC'));
    // Posts 101–200: too far along the dates for this word's share of posts, read from the
    // vector index and sorted instead (WALK_FACTOR), in the same order.
    const all = (
      await ctx.db.query<{ slug: string }>(
        `SELECT slug FROM posts WHERE status = 'published' AND search_vector @@ $1::tsquery ORDER BY published_at DESC, id DESC LIMIT 200`,
        [tsquery],
      )
    ).map((r) => r.slug);
    expect((await search('نشرة', '&page_size=100&page=2')).results.map((p) => p.slug)).toEqual(all.slice(100));
    // The narrow copy follows a post's new date.
    await ctx.db.query("UPDATE posts SET published_at = published_at + interval '3 years' WHERE slug = 'bulletin-7'");
    expect((await search('نشرة')).results[0].slug).toBe('bulletin-7');
    expect(await pages('-published_at')).toEqual(await expected('DESC'));
    await ctx.db.query("UPDATE posts SET published_at = published_at - interval '3 years' WHERE slug = 'bulletin-7'");
  });

  it('walks the dates only as far as reckoned, and reads the page from the vector index when that falls short', async () => {
    const tsquery = toTsQuery(parseQuery('نشرة'))!;
    const idsOf = async (walk: number | null, offset: number) => {
      const params = new SqlParams();
      const sql = termsPageIds(tsquery, '-published_at', { page: 1, pageSize: 10, offset }, params, walk);
      return (await ctx.db.query<{ id: number }>(sql, params.values)).map((r) => r.id);
    };
    const expected = await idsOf(null, 20);
    expect(expected).toHaveLength(10);
    // Enough rows to walk; too few (5 rows hold at most 5 matches): the same page either way.
    expect(await idsOf(100, 20)).toEqual(expected);
    expect(await idsOf(5, 20)).toEqual(expected);
  });

  it('reads a phrase from post_terms, each post found there checked against its positions', async () => {
    // The newest bulletin holds both words, not as the phrase.
    const newest = `bulletin-${BULK}`;
    await ctx.db.query('UPDATE posts SET search_vector = $1::tsvector WHERE slug = $2', [tsvectorOf([{ text: 'دورية نشرة', weight: 'A' }]), newest]);
    const phrase = postSearchOf('"نشرة دورية"')!;
    expect(phrase.loose).not.toBeNull();
    const expected = (
      await ctx.db.query<{ id: number }>(
        `SELECT id FROM posts WHERE status = 'published' AND search_vector @@ $1::tsquery ORDER BY published_at DESC, id DESC LIMIT 10 OFFSET 5`,
        [phrase.tsquery],
      )
    ).map((r) => r.id);
    expect(expected).toHaveLength(10);
    // Sorted, walked far enough, walked too short (then sorted): the same page.
    for (const walk of [null, 100, 5]) {
      const params = new SqlParams();
      const sql = termsPageIds(phrase.tsquery!, '-published_at', { page: 1, pageSize: 10, offset: 5 }, params, walk, phrase.loose);
      expect((await ctx.db.query<{ id: number }>(sql, params.values)).map((r) => r.id)).toEqual(expected);
    }
    // Through the API: the phrase passes the newest bulletin by, its words do not.
    const found = (await search('"نشرة دورية"')).results.map((p) => p.slug);
    expect(found).toHaveLength(10);
    expect(found).not.toContain(newest);
    expect(found[0]).toBe(`bulletin-${BULK - 1}`);
    expect((await search('نشرة دورية')).results[0].slug).toBe(newest);
    const reversed = await search('"دورية نشرة"');
    expect(reversed.count).toBe(1);
    expect(reversed.results.map((p) => p.slug)).toEqual([newest]);
    await ctx.db.query('UPDATE posts SET search_vector = $1::tsvector WHERE slug = $2', [tsvectorOf([{ text: 'نشرة دورية', weight: 'A' }]), newest]);
  });

  it('answers odd searches without error', async () => {
    for (const q of ['"', '""', '-', '- -', "'", '\\', ':*', '!', '&|', '(', 'a:1', '<->', 'وزارة"', '"وزارة']) {
      const res = await ctx.inject({ url: `/api/v1/content/posts/?search=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
    }
  });
});
