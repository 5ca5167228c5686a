import { parseFeed } from '@rowanmanning/feed-parser';
import { ContentFixtures, signIn } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { FEED_ENTRIES } from './routes';

/**
 * Issue 15's feeds: every kind of list (home, type, organization, category, hashtag, search with
 * its filters and ordering) as Atom and RSS, read back with a maintained feed parser
 * (@rowanmanning/feed-parser, not the library that writes them); conditional GET; a correction
 * as an update of the same entry; refusals of malformed filters.
 */

let ctx: TestContext;
const ids = {} as Record<'moh' | 'moe' | 'health' | 'education' | 'vaccines' | 'tag' | 'publisher' | 'decision' | 'circular' | 'p1' | 'p2' | 'p3' | 'draft', number>;

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8));

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      const author = await f.user('moh_editor');
      ids.publisher = await f.user('moh_media');
      ids.moh = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      ids.moe = await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم');
      await db.query(`INSERT INTO organization_members (organization_id, user_id, role) VALUES ($1, $2, 'publisher')`, [ids.moh, ids.publisher]);
      ids.health = await f.category('health', 'Health', 'الصحة');
      ids.education = await f.category('education', 'Education', 'التعليم');
      ids.vaccines = await f.subcategory(ids.health, 'vaccines', 'Vaccines', 'اللقاحات');
      ids.tag = await f.hashtag('التطعيم', { slug: 'vaccination' });
      const types = await f.postTypes();
      ids.decision = types.decision;
      ids.circular = types.circular;
      ids.p1 = await f.post({
        slug: 'moh-vaccines-decision',
        author_id: author,
        type_id: types.decision,
        organization_id: ids.moh,
        title: 'Decision on the seasonal vaccination campaign',
        title_ar: 'قرار بشأن حملة التطعيم الموسمية',
        summary: 'Free vaccination in all health centres.',
        summary_ar: 'التطعيم مجاني في جميع المراكز الصحية.',
        published_at: at(10),
        categories: [ids.health],
        subcategories: [ids.vaccines],
        hashtags: [ids.tag],
        attachments: [
          { title_ar: 'نص القرار', title: 'Decision text', file_type: 'application/pdf', size: 48_213, file_extension: 'pdf' },
          { title_ar: 'خريطة المراكز', file_type: 'image/png', size: 9_000, file_extension: 'png', width: 800, height: 600 },
        ],
      });
      ids.p2 = await f.post({
        slug: 'moe-school-hours',
        author_id: author,
        type_id: types.circular,
        organization_id: ids.moe,
        title: 'Circular on school hours',
        title_ar: 'تعميم بشأن الدوام المدرسي',
        published_at: at(12),
        categories: [ids.education],
      });
      ids.p3 = await f.post({
        slug: 'moh-clinic-hours',
        author_id: author,
        type_id: types.circular,
        organization_id: ids.moh,
        title: 'Circular on clinic hours',
        title_ar: 'تعميم بشأن مواعيد العيادات',
        published_at: at(14),
        categories: [ids.health],
      });
      ids.draft = await f.post({ slug: 'moh-draft', author_id: author, type_id: types.decision, organization_id: ids.moh, status: 'draft', title: 'A draft' });
    },
  });
});
afterAll(() => ctx.close());

async function feed(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.inject({ method: 'GET', url: `/api/v1/feeds/${url}`, headers });
  return { res, feed: res.statusCode === 200 ? parseFeed(res.body) : null };
}

const slugsOf = (items: Array<{ url: string | null }>) => items.map((i) => decodeURIComponent(i.url!.split('/post/')[1]));

describe('feeds of post lists', () => {
  it('gives the home feed as Atom: every published post newest first, in Arabic, with its fields', async () => {
    const { res, feed: f } = await feed('posts.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(f!.meta.type).toBe('atom');
    expect(f!.language).toBe('ar');
    expect(f!.title).toBe('قرار — أحدث المنشورات');
    expect(f!.self).toBe('http://localhost:80/api/v1/feeds/posts.atom');
    expect(f!.url).toBe('http://localhost:80/');
    expect(slugsOf(f!.items)).toEqual(['moh-clinic-hours', 'moe-school-hours', 'moh-vaccines-decision']);
    expect(f!.updated).toEqual(f!.items[0].updated);

    const decision = f!.items[2];
    expect(decision).toMatchObject({
      id: 'http://localhost:80/post/moh-vaccines-decision',
      title: 'قرار بشأن حملة التطعيم الموسمية',
      description: 'التطعيم مجاني في جميع المراكز الصحية.',
      published: at(10),
      authors: [{ name: 'وزارة الصحة', url: 'http://localhost:80/organizations/MOH', email: null }],
    });
    expect(decision.categories.map((c) => [c.term, c.label])).toEqual([
      ['decision', 'قرار'],
      ['health', 'الصحة'],
    ]);
    // Both attachments, in their order, with their Arabic titles, type and size.
    expect(decision.media.map((m) => [m.title, m.mimeType, m.length])).toEqual([
      ['نص القرار', 'application/pdf', 48_213],
      ['خريطة المراكز', 'image/png', 9_000],
    ]);
    expect(decision.media[0].url).toMatch(/^http:\/\/localhost:80\/media\/attachments\/.+\.pdf$/);
  });

  it('gives the entries in English with ?lang=en, and as RSS 2.0 (one enclosure an item, as RSS allows)', async () => {
    const atom = (await feed('posts.atom?lang=en')).feed!;
    expect(atom.language).toBe('en');
    expect(atom.title).toBe('Qarar — Latest posts');
    expect(atom.items[2]).toMatchObject({ title: 'Decision on the seasonal vaccination campaign', authors: [{ name: 'Ministry of Health' }] });
    expect(atom.items[2].categories.map((c) => c.label)).toEqual(['Decision', 'Health']);
    // Files by their English titles, the Arabic standing in where there is none.
    expect(atom.items[2].media.map((m) => m.title)).toEqual(['Decision text', 'خريطة المراكز']);

    const { res, feed: rss } = await feed('posts.rss?lang=en');
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss!.meta).toMatchObject({ type: 'rss', version: '2.0' });
    expect(rss!.self).toBe('http://localhost:80/api/v1/feeds/posts.rss?lang=en');
    expect(slugsOf(rss!.items)).toEqual(['moh-clinic-hours', 'moe-school-hours', 'moh-vaccines-decision']);
    const item = rss!.items[2];
    expect(item).toMatchObject({ id: 'http://localhost:80/post/moh-vaccines-decision', title: 'Decision on the seasonal vaccination campaign', published: at(10) });
    expect(item.media.map((m) => m.mimeType)).toEqual(['application/pdf']);
    expect(item.categories.map((c) => c.label)).toEqual(['Decision', 'Health']);
    expect(res.body).toContain('<dc:creator>Ministry of Health</dc:creator>');
  });

  it.each([
    ['organization_code=MOH', ['moh-clinic-hours', 'moh-vaccines-decision'], 'قرار — وزارة الصحة', '/organizations/MOH'],
    ['type=circular', ['moh-clinic-hours', 'moe-school-hours'], 'قرار — تعميم', '/explore?type=circular'],
    ['category=health&type=circular', ['moh-clinic-hours'], 'قرار — تعميم · الصحة', '/explore?category=health&type=circular'],
    ['subcategory=vaccines', ['moh-vaccines-decision'], 'قرار — اللقاحات', '/explore'],
    ['hashtag=vaccination', ['moh-vaccines-decision'], 'قرار — #التطعيم', '/hashtags/vaccination'],
    ['search=التطعيم', ['moh-vaccines-decision'], 'قرار — بحث: «التطعيم»', '/explore?search=%D8%A7%D9%84%D8%AA%D8%B7%D8%B9%D9%8A%D9%85'],
    ['search=hours&ordering=published_at', ['moe-school-hours', 'moh-clinic-hours'], 'قرار — بحث: «hours»', '/explore?search=hours'],
    ['has_attachments=true', ['moh-vaccines-decision'], 'قرار — أحدث المنشورات', '/explore?has_attachments=true'],
    ['published_before=2026-01-12', ['moe-school-hours', 'moh-vaccines-decision'], 'قرار — أحدث المنشورات', '/explore'],
    ['in_force=repealed', [], 'قرار — ملغاة', '/explore?in_force=repealed'],
  ])('keeps the filters of %s', async (query, slugs, title, page) => {
    const f = (await feed(`posts.atom?${encodeURI(query)}`)).feed!;
    expect(slugsOf(f.items)).toEqual(slugs);
    expect(f.title).toBe(title);
    expect(f.url).toBe(`http://localhost:80${page}`);
    // The same list as the API's own.
    const list = await ctx.inject({ method: 'GET', url: `/api/v1/content/posts/?${encodeURI(query)}&page_size=50` });
    expect(list.json().results.map((p: { slug: string }) => p.slug)).toEqual(slugs);
  });

  it('never shows a draft, and holds at most FEED_ENTRIES entries', async () => {
    const body = (await ctx.inject({ method: 'GET', url: '/api/v1/feeds/posts.atom' })).body;
    expect(body).not.toContain('moh-draft');
    expect(FEED_ENTRIES).toBe(50);
  });

  it('answers a reader polling with its validators 304, until the list changes', async () => {
    const first = (await feed('posts.atom?organization_code=MOH')).res;
    const etag = first.headers.etag as string;
    const modified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/"/);
    expect(new Date(modified).getTime()).toBe(at(14).getTime());
    expect(first.headers['cache-control']).toBe('public, max-age=300');

    expect((await feed('posts.atom?organization_code=MOH', { 'if-none-match': etag })).res.statusCode).toBe(304);
    expect((await feed('posts.atom?organization_code=MOH', { 'if-modified-since': modified })).res.statusCode).toBe(304);
    expect((await feed('posts.atom?organization_code=MOH', { 'if-modified-since': new Date(at(13)).toUTCString() })).res.statusCode).toBe(200);
    // Another list's feed has another validator.
    expect((await feed('posts.atom?organization_code=MOE', { 'if-none-match': etag })).res.statusCode).toBe(200);
    expect((await feed('posts.rss?organization_code=MOH', { 'if-none-match': etag })).res.statusCode).toBe(200);

    // A correction of a post in the list: a new validator, and the same entry, updated.
    const corrected = await ctx.inject({
      method: 'POST',
      url: `/api/v1/studio/posts/${ids.p1}/correct/`,
      headers: await signIn(ctx, ids.publisher),
      payload: { title_ar: 'قرار بشأن حملة التطعيم الموسمية لعام 2026', change_kind: 'major', change_note_ar: 'أضيفت السنة إلى العنوان' },
    });
    expect(corrected.statusCode).toBe(200);
    const again = await feed('posts.atom?organization_code=MOH', { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(200);
    expect(again.res.headers.etag).not.toBe(etag);
    const entry = again.feed!.items.find((i) => i.id === 'http://localhost:80/post/moh-vaccines-decision')!;
    expect(entry.title).toBe('قرار بشأن حملة التطعيم الموسمية لعام 2026');
    expect(entry.published).toEqual(at(10));
    expect(new Date(entry.updated!).getTime()).toBeGreaterThan(at(14).getTime());
    expect(again.feed!.items).toHaveLength(2);
  });

  it('refuses malformed filters with the reason in the reader’s language, never a 500', async () => {
    const date = await ctx.inject({ method: 'GET', url: '/api/v1/feeds/posts.atom?published_after=yesterday', headers: { 'accept-language': 'ar' } });
    expect(date.statusCode).toBe(400);
    expect(date.json()).toHaveProperty('published_after');
    const lang = await ctx.inject({ method: 'GET', url: '/api/v1/feeds/posts.rss?lang=fr' });
    expect(lang.statusCode).toBe(400);
    expect((await ctx.inject({ method: 'GET', url: '/api/v1/feeds/posts.atom?type_id=0' })).statusCode).toBe(400);
  });
});
