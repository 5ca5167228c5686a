import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { prefixesOf, rangesOf, readTyped } from './typed';
import { shareOut } from './suggest';

let ctx: TestContext;
let author: number;
let decision: number;
const day = (d: number) => new Date(Date.UTC(2025, 0, d, 10));

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      const f = new ContentFixtures(db);
      author = await f.user('writer');
      const types = await f.postTypes();
      decision = types.decision;
      const health = await f.organization('MOH', 'Ministry of Health', 'وزارة الصحة');
      await f.organization('MOE', 'Ministry of Education', 'وزارة التعليم');
      await f.organization('OLD', 'Retired Authority', 'هيئة الصحة القديمة', { active: false });
      await f.hashtag('الصحة_العامة');
      await f.hashtag('صحتك');
      await f.hashtag('التعليم');
      await f.hashtag('Mining');
      const post = (slug: string, p: Record<string, unknown>) => f.post({ slug, author_id: author, type_id: types.decision, ...p });
      await post('health-1', { title_ar: 'قرار وزارة الصحة بشأن المستشفيات', title: 'Ministry of Health decision on hospitals', organization_id: health, published_at: day(1) });
      await post('health-2', { title_ar: 'تعميم صحي عن اللقاحات', title: 'Health circular on vaccines', type_id: types.circular, published_at: day(2) });
      await post('schools', { title_ar: 'تعميم وزارة التعليم بشأن المدارس', title: 'Education circular on schools', published_at: day(3) });
      await post('energy', { title_ar: 'وزارة الطاقة تعلن خطة صيانة الشبكة', title: 'Energy grid maintenance plan', published_at: day(5) });
      await post('body-only', { title_ar: 'إعلان عن مواعيد العمل', title: 'Working hours', content_ar: 'الصحة في كل مكان', published_at: day(4) });
      await post('draft', { title_ar: 'مسودة عن الصحة', title: 'Draft on health', status: 'draft' });
    },
  });
});
afterAll(() => ctx.close());

interface Answer {
  q: string;
  hashtags: { name: string; slug: string; post_count: number }[];
  organizations: { code: string }[];
  types: { name: string }[];
  posts: { slug: string; title_ar: string; type: string }[];
}

async function suggest(q: string, extra = ''): Promise<Answer> {
  const res = await ctx.inject({ url: `/api/v1/content/suggest/?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('what was typed', () => {
  it('is read by the analyzer: complete words as terms, the last word as the prefixes of its terms', () => {
    expect(readTyped('#')).toBeNull();
    expect(readTyped(' ص ')).toBeNull();
    expect(readTyped('#صح')).toMatchObject({ text: 'صح', words: [], prefixes: ['صح'] });
    const typed = readTyped('وزارة الص');
    expect(typed?.words).toEqual([['وزاره']]);
    // «الص» may be the article and ص…, or a word that begins so.
    expect(typed?.prefixes.sort()).toEqual(['الص', 'ص']);
    // A space after the last word: it is complete.
    expect(readTyped('وزارة ')?.prefixes).toEqual([]);
    // Every written form of the start of a word gives the same prefix.
    for (const form of ['الوزا', 'والوزا', 'وَزَا', 'بالوزا']) expect(prefixesOf(form)).toContain('وزا');
    // An English word by its spelling (its stem, mini, would begin "mining" too); its index range
    // is cut back as far as a stem may be (development → develop), and what it finds checked.
    expect(prefixesOf('Minis')).toEqual(['minis']);
    expect(rangesOf(prefixesOf('Developme'))).toEqual(['devel']);
    expect(rangesOf(prefixesOf('الموظفي'))).toContain('موظ');
  });

  it('shares the ten places among the kinds, giving what one kind lacks to the others', () => {
    expect(shareOut({ post: 10, hashtag: 10, organization: 10, type: 10 }, 10)).toEqual({ post: 4, hashtag: 3, organization: 2, type: 1 });
    expect(shareOut({ post: 10, hashtag: 0, organization: 1, type: 0 }, 10)).toEqual({ post: 9, hashtag: 0, organization: 1, type: 0 });
    expect(shareOut({ post: 2, hashtag: 2, organization: 1, type: 1 }, 10)).toEqual({ post: 2, hashtag: 2, organization: 1, type: 1 });
    expect(shareOut({ post: 10, hashtag: 10, organization: 10, type: 10 }, 5, 'hashtag')).toEqual({ post: 0, hashtag: 5, organization: 0, type: 0 });
    const small = shareOut({ post: 10, hashtag: 10, organization: 10, type: 10 }, 3);
    expect(Object.values(small).reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe('GET /content/suggest/', () => {
  it('asks nothing for fewer than two characters, a leading # removed', async () => {
    for (const q of ['', ' ', 'ص', '#ص', '##']) {
      const answer = await suggest(q);
      expect(answer).toEqual({ q: answer.q, hashtags: [], organizations: [], types: [], posts: [] });
    }
    expect((await suggest('#ص')).q).toBe('ص');
  });

  it('suggests, by kind, what begins with the word being typed, in every written form', async () => {
    for (const q of ['الص', 'الصّ', 'ٱلص', 'والص']) {
      const answer = await suggest(q);
      expect(answer.organizations.map((o) => o.code)).toEqual(['MOH']);
      // صحي and صيانة begin with ص too; newest first.
      expect(answer.posts.map((p) => p.slug)).toEqual(['energy', 'health-2', 'health-1']);
    }
    const answer = await suggest('الصحه');
    expect(answer.hashtags.map((h) => h.name)).toContain('الصحة_العامة');
    expect(answer.posts.map((p) => p.slug)).toEqual(['health-1']);
  });

  it('completes the last word after complete ones, which every suggestion holds', async () => {
    const answer = await suggest('وزارة الت');
    expect(answer.organizations.map((o) => o.code)).toEqual(['MOE']);
    expect(answer.posts.map((p) => p.slug)).toEqual(['schools', 'energy']);
    expect((await suggest('وزارة ')).posts.map((p) => p.slug)).toEqual(['energy', 'schools', 'health-1']);
    // What was typed, in its order, before the newer title that holds its words apart.
    expect((await suggest('وزارة الص')).posts.map((p) => p.slug)).toEqual(['health-1', 'energy']);
  });

  it('finds English titles, names and types by their start', async () => {
    const answer = await suggest('minis');
    expect(answer.organizations.map((o) => o.code).sort()).toEqual(['MOE', 'MOH']);
    // #Mining is close to it (trigrams), but does not begin so.
    expect(answer.hashtags).toEqual([]);
    expect((await suggest('#min')).hashtags.map((h) => h.name)).toEqual(['Mining']);
    expect(answer.posts.map((p) => p.slug)).toEqual(['health-1']);
    // Typed past the stem of the word it begins (vaccines → vaccin).
    expect((await suggest('Health circular on vaccine')).posts.map((p) => p.slug)).toEqual(['health-2']);
    expect((await suggest('circ')).types.map((t) => t.name)).toEqual(['circular']);
    expect((await suggest('تعم')).types.map((t) => t.name)).toEqual(['circular']);
    expect((await suggest('MO')).organizations.map((o) => o.code).sort()).toEqual(['MOE', 'MOH']);
  });

  it('leaves out drafts, bodies that mention the word, and organizations no longer active', async () => {
    const answer = await suggest('صحة');
    expect(answer.posts.map((p) => p.slug)).not.toContain('draft');
    expect(answer.posts.map((p) => p.slug)).not.toContain('body-only');
    expect((await suggest('هيئة')).organizations).toEqual([]);
  });

  it('answers only the kind asked for, up to the limit', async () => {
    const answer = await suggest('الص', '&only=hashtag&limit=1');
    expect(answer.hashtags).toHaveLength(1);
    expect(answer.organizations).toEqual([]);
    expect(answer.posts).toEqual([]);
  });

  it('keeps up with publishing: a new title is suggested at once, a withdrawn one no more', async () => {
    const f = new ContentFixtures(ctx.db);
    const id = await f.post({ slug: 'new-one', author_id: author, type_id: decision, title_ar: 'لائحة الصحة المهنية', title: 'Occupational health rules', published_at: day(9) });
    expect((await suggest('لائحة الص')).posts.map((p) => p.slug)).toEqual(['new-one']);
    await ctx.db.query("UPDATE posts SET status = 'archived' WHERE id = $1", [id]);
    expect((await suggest('لائحة الص')).posts).toEqual([]);
  });

  it('refuses what the contract does not accept, and is public', async () => {
    expect((await ctx.inject({ url: '/api/v1/content/suggest/?q=abc&limit=11' })).statusCode).toBe(400);
    expect((await ctx.inject({ url: '/api/v1/content/suggest/?q=abc&only=people' })).statusCode).toBe(400);
    expect((await ctx.inject({ url: `/api/v1/content/suggest/?q=${'a'.repeat(201)}` })).statusCode).toBe(400);
    const res = await ctx.inject({ url: '/api/v1/content/suggest/?q=%00%00ab' });
    expect(res.statusCode).toBeLessThan(500);
    expect((await ctx.inject({ url: '/api/v1/content/suggest/?q=abc' })).headers['cache-control']).toMatch(/public/);
  });
});
