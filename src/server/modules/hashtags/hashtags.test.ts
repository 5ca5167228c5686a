import { buildWorld, newestFirst, type World } from '../../test/content-world';
import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let world: World;
let extra: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      world = await buildWorld(db);
      const f = new ContentFixtures(db);
      extra = {
        education: await f.hashtag('التعليم', { slug: 'al-taalim', trending: true }),
        higher: await f.hashtag('تعليم_عالي', { slug: 'taalim-aali' }),
        reform: await f.hashtag('education_reform', { slug: 'education-reform' }),
        percent: await f.hashtag('100%_sure', { slug: 'sure' }),
      };
      // Counts as the importer would leave them, chosen to exercise the orderings.
      await db.query('UPDATE hashtags SET post_count = 10, last_used = $2 WHERE id = $1', [extra.education, new Date('2024-03-01T00:00:00Z')]);
      await db.query('UPDATE hashtags SET post_count = 3 WHERE id = $1', [extra.higher]);
      await db.query('UPDATE hashtags SET post_count = 3 WHERE id = $1', [extra.reform]);
    },
  });
});
afterAll(() => ctx.close());

const BASE = '/api/v1/content/hashtags/';
const EN = { 'accept-language': 'en' };
const slugs = (list: { slug: string }[]) => list.map((h) => h.slug);

async function get(url: string, headers: Record<string, string> = EN) {
  const res = await ctx.inject({ url, headers });
  return res;
}

describe('GET /content/hashtags/', () => {
  it('lists hashtags most used first, twenty a page, cached for five minutes', async () => {
    const res = await get(BASE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json();
    expect(body.count).toBe(8);
    expect(slugs(body.results)).toEqual(['al-taalim', 'covid19', 'al-qarar', 'taalim-aali', 'education-reform', 'al-madaris', 'unused-tag', 'sure']);
    expect(body.results[2]).toEqual({
      id: world.hashtags.qarar, name: 'القرار', slug: 'al-qarar', post_count: 3, is_trending: true,
      last_used: expect.any(String), created_at: expect.any(String),
    });
  });

  it('orders by each allowed key, ties broken by id', async () => {
    const order = async (o: string) => slugs((await get(`${BASE}?ordering=${o}`)).json().results);
    expect(await order('post_count')).toEqual(['sure', 'unused-tag', 'al-madaris', 'education-reform', 'taalim-aali', 'al-qarar', 'covid19', 'al-taalim']);
    expect(await order('name')).toEqual(['sure', 'covid19', 'education-reform', 'unused-tag', 'al-taalim', 'al-qarar', 'al-madaris', 'taalim-aali']);
    expect((await order('-name'))[0]).toBe('taalim-aali');
    expect(await order('-last_used')).toEqual(['al-taalim', 'al-qarar', 'al-madaris', 'covid19', 'sure', 'education-reform', 'taalim-aali', 'unused-tag']);
    expect((await order('last_used')).slice(0, 2)).toEqual(['covid19', 'al-madaris']);
    expect((await get(`${BASE}?ordering=popularity`)).statusCode).toBe(400);
  });

  it('filters trending hashtags', async () => {
    expect(slugs((await get(`${BASE}?is_trending=true`)).json().results)).toEqual(['al-taalim', 'covid19', 'al-qarar']);
    expect((await get(`${BASE}?is_trending=false`)).json().count).toBe(5);
  });

  it('searches names Arabic-aware, without the #, best matches first', async () => {
    const find = async (q: string) => slugs((await get(`${BASE}?search=${encodeURIComponent(q)}`)).json().results);
    expect(await find('#التعليم')).toEqual(['al-taalim']);
    expect(await find('تعليم')).toEqual(['taalim-aali', 'al-taalim']);
    expect(await find('تَعليم')).toEqual(['taalim-aali', 'al-taalim']);
    expect(await find('EDU')).toEqual(['education-reform']);
    expect(await find('education reform')).toEqual(['education-reform']);
    // Names that start with the text come before names that merely contain it (عالي).
    expect(await find('ال')).toEqual(['al-taalim', 'al-qarar', 'al-madaris', 'taalim-aali']);
    expect(await find('100%')).toEqual(['sure']);
    expect(await find('%')).toEqual([]);
    expect(await find('nothing-like-it')).toEqual([]);
  });

  it('finds nothing for a search under two characters', async () => {
    for (const q of ['', '#', 'ا', '#ت', '  ']) {
      const body = (await get(`${BASE}?search=${encodeURIComponent(q)}`)).json();
      expect(body).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
  });

  it('pages with absolute links and answers a page past the end with 404', async () => {
    const first = (await get(`${BASE}?page_size=3`)).json();
    expect(first.next).toBe('http://localhost/api/v1/content/hashtags/?page_size=3&page=2');
    const all: string[] = [];
    for (let page = 1; page <= 3; page++) all.push(...slugs((await get(`${BASE}?page_size=3&page=${page}`)).json().results));
    expect(new Set(all).size).toBe(8);
    const past = await get(`${BASE}?page_size=3&page=4`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    expect((await get(`${BASE}?page_size=101`)).statusCode).toBe(400);
  });
});

describe('GET /content/hashtags/trending/ and /popular/', () => {
  it('answers trending hashtags, most used first, up to the limit', async () => {
    const res = await get(`${BASE}trending/`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(slugs(res.json())).toEqual(['al-taalim', 'covid19', 'al-qarar']);
    expect(slugs((await get(`${BASE}trending/?limit=1`)).json())).toEqual(['al-taalim']);
    expect((await get(`${BASE}trending/?limit=51`)).statusCode).toBe(400);
  });

  it('answers the most used hashtags up to the limit', async () => {
    const res = await get(`${BASE}popular/?limit=3`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(slugs(res.json())).toEqual(['al-taalim', 'covid19', 'al-qarar']);
    expect(res.json()).toHaveLength(3);
    expect((await get(`${BASE}popular/`)).json()).toHaveLength(8);
    expect((await get(`${BASE}popular/?limit=x`)).statusCode).toBe(400);
  });
});

describe('GET /content/hashtags/{slug}/', () => {
  it('answers a hashtag by slug or by name, with or without #, however encoded', async () => {
    for (const ref of ['al-qarar', 'القرار', '#القرار', 'الـقرار']) {
      const res = await get(`${BASE}${encodeURIComponent(ref)}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.json()).toMatchObject({ id: world.hashtags.qarar, slug: 'al-qarar', name: 'القرار' });
    }
    const twice = await get(`${BASE}${encodeURIComponent(encodeURIComponent('#القرار'))}/`);
    expect(twice.json().id).toBe(world.hashtags.qarar);
    expect((await get(`${BASE}covid19/`)).json().name).toBe('COVID19');
    expect((await get(`${BASE}${encodeURIComponent('#covid19')}/`)).json().slug).toBe('covid19');
  });

  it('answers an unknown hashtag with 404 in the reader language', async () => {
    const en = await get(`${BASE}astrology/`);
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ detail: 'Hashtag not found.' });
    expect((await get(`${BASE}astrology/`, {})).json()).toEqual({ detail: 'الوسم غير موجود.' });
    expect((await get(`${BASE}${encodeURIComponent('#')}/`)).statusCode).toBe(404);
    expect((await get(`${BASE}${'a'.repeat(121)}/`)).statusCode).toBe(400);
  });
});

describe('GET /content/hashtags/{slug}/related/', () => {
  it('answers hashtags used on the same published posts', async () => {
    const res = await get(`${BASE}al-qarar/related/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(slugs(res.json())).toEqual(['al-madaris']);
    expect(slugs((await get(`${BASE}al-madaris/related/`)).json())).toEqual(['al-qarar']);
  });

  it('falls back to the most popular when a tag has no company, or does not exist', async () => {
    const lonely = (await get(`${BASE}covid19/related/`)).json();
    expect(slugs(lonely)).toEqual(['al-taalim', 'al-qarar', 'taalim-aali', 'education-reform', 'al-madaris', 'unused-tag', 'sure']);
    expect(slugs((await get(`${BASE}no-such-tag/related/?limit=2`)).json())).toEqual(['al-taalim', 'covid19']);
    expect((await get(`${BASE}covid19/related/?limit=0`)).statusCode).toBe(400);
  });
});

describe('GET /content/hashtags/{slug}/posts/', () => {
  it('answers the published posts carrying the hashtag, newest first, twenty a page', async () => {
    const expected = newestFirst(world.posts.filter((p) => p.status === 'published' && p.hashtags.includes(world.hashtags.qarar)));
    const res = await get(`${BASE}${encodeURIComponent('#القرار')}/posts/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(3);
    expect(res.json().results.map((p: { slug: string }) => p.slug)).toEqual(expected.map((p) => p.slug));
    const paged = (await get(`${BASE}al-qarar/posts/?page_size=2&page=2`)).json();
    expect(paged.results.map((p: { slug: string }) => p.slug)).toEqual([expected[2].slug]);
    expect(paged.previous).toBe('http://localhost/api/v1/content/hashtags/al-qarar/posts/?page_size=2');
  });

  it('marks the reader’s bookmarks and keeps such answers private', async () => {
    const res = await get(`${BASE}covid19/posts/`, await signIn(ctx, world.users.reader));
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json().count).toBe(4);
  });

  it('answers an unknown hashtag with 404, an unused one with an empty page, and a page past the end with 404', async () => {
    expect((await get(`${BASE}nope/posts/`)).json()).toEqual({ detail: 'Hashtag not found.' });
    expect((await get(`${BASE}unused-tag/posts/`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await get(`${BASE}al-qarar/posts/?page=2`)).json()).toEqual({ detail: 'Invalid page.' });
    expect((await get(`${BASE}al-qarar/posts/?page=0`)).statusCode).toBe(400);
  });
});
