import { ContentFixtures } from '../../test/content-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers';
import { distance, variantsOf } from './edits';
import { maxCost, queryWords } from './correct';
import { refreshVocabulary } from './vocabulary';

let ctx: TestContext;
let author: number;
let decision: number;
let fixtures: ContentFixtures;
let slugs = 0;
const day = (d: number) => new Date(Date.UTC(2025, 0, d, 10));

/** A published post with these texts (an Arabic title, and whatever else is given). */
async function post(title_ar: string, more: Record<string, unknown> = {}): Promise<number> {
  slugs++;
  return fixtures.post({ slug: `post-${slugs}`, author_id: author, type_id: decision, title_ar, title: `Post ${slugs}`, published_at: day(1 + (slugs % 20)), ...more });
}

beforeAll(async () => {
  ctx = await createTestContext({
    prepare: async (db) => {
      fixtures = new ContentFixtures(db);
      author = await fixtures.user('writer');
      decision = (await fixtures.postTypes()).decision;
      for (let i = 0; i < 12; i++) await post(`قرار المحافظة رقم ${i}`, { content_ar: 'تلتزم الجهات المعنية بالتنفيذ.' });
      for (let i = 0; i < 6; i++) await post(`تعميم وزارة الصحة ${i}`, { title: 'Ministry of Health circular', language: i % 2 ? 'en' : 'ar' });
      for (let i = 0; i < 4; i++) await post(`بيان الهيئة العامة للإحصاء ${i}`, { summary_ar: 'رئيس الهيئة يعلن مؤشرات الربع الأول' });
      // A typo in one post's text: held by one post, while the right spelling is held by twelve.
      await post('خبر عن المحافضة', { content_ar: 'نص قصير' });
    },
  });
  fixtures = new ContentFixtures(ctx.db);
  await refreshVocabulary(ctx.db);
});
afterAll(() => ctx.close());

interface Corrections {
  q: string;
  corrections: { q: string; words: { from: string; to: string }[]; posts_count: number }[];
}

async function correct(q: string, extra = ''): Promise<Corrections> {
  const res = await ctx.inject({ url: `/api/v1/content/spelling/?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The count of the explore list for a search (GET /content/posts/?search=). */
async function listCount(q: string, extra = ''): Promise<number> {
  const res = await ctx.inject({ url: `/api/v1/content/posts/?search=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode).toBe(200);
  return res.json().count;
}

const vocabulary = async (term: string) =>
  (await ctx.db.query<{ surface: string }>('SELECT surface FROM search_vocabulary WHERE term = $1', [term]))[0]?.surface;

describe('edits', () => {
  it('weighs the slips writers make less than others', () => {
    expect(distance('محافضه', 'محافظه')).toBeCloseTo(0.35);
    expect(distance('وزرا', 'وزراء')).toBeCloseTo(0.45);
    expect(distance('تعليمم', 'تعليم')).toBeCloseTo(0.45);
    expect(distance('مستفدين', 'مستفيدين')).toBeCloseTo(0.7);
    expect(distance('تلعيم', 'تعليم')).toBeCloseTo(0.7);
    expect(distance('وزبر', 'وزير')).toBe(1);
    expect(distance('abc', 'abc')).toBe(0);
    expect(maxCost(3)).toBeLessThan(maxCost(8));
  });

  it('makes every spelling one edit away, and the common ones of a long word', () => {
    const all = variantsOf('وزير');
    expect(all).toEqual(expect.arrayContaining(['وزر', 'ويزر', 'وزبر', 'وزيير', 'ذزير']));
    expect(all).not.toContain('وزير');
    const few = variantsOf('المحافضة', false);
    expect(few).toContain('المحافظة');
    expect(few.length).toBeLessThan(all.length * 2);
    expect(variantsOf('123')).toEqual([]);
  });

  it('reads the search as query.ts does: quotes and left-out words kept as written', () => {
    const words = queryWords('"وزارة الصحة" المحافضة -التعليم 2024');
    expect(words.map((w) => [w.written, w.kept, w.negated])).toEqual([
      ['وزارة', true, false],
      ['الصحة', true, false],
      ['المحافضة', false, false],
      ['التعليم', true, true],
      ['2024', true, false],
    ]);
    const q = '"وزارة الصحة" المحافضة -التعليم 2024';
    for (const w of words) expect(q.slice(w.start, w.end)).toBe(w.written);
  });
});

describe('the vocabulary', () => {
  it('holds the terms of published posts, each with its most written form', async () => {
    expect(await vocabulary('محافظه')).toBe('المحافظة');
    expect(await vocabulary('ministri')).toBe('ministry');
    expect(await vocabulary('هيءه')).toBe('الهيئة');
    const [state] = await ctx.db.query<{ rebuild: boolean; rebuild_after: number | null }>('SELECT rebuild, rebuild_after FROM search_vocabulary_state');
    expect(state).toEqual({ rebuild: false, rebuild_after: null });
  });

  it('adds the words of a post published, from the queue', async () => {
    expect(await vocabulary('استدامه')).toBeUndefined();
    expect((await correct('الاستضامة')).corrections).toEqual([]);
    const id = await post('مبادرة الاستدامة البيئية');
    expect(await ctx.db.query('SELECT post_id FROM search_vocabulary_queue')).toEqual([{ post_id: id }]);
    expect(await refreshVocabulary(ctx.db)).toEqual({ rebuilt: 0, built: false, queued: 1 });
    expect(await vocabulary('استدامه')).toBe('الاستدامة');
    expect(await ctx.db.query('SELECT post_id FROM search_vocabulary_queue')).toEqual([]);
    expect((await correct('الاستضامة')).corrections).toEqual([
      { q: 'الاستدامة', words: [{ from: 'الاستضامة', to: 'الاستدامة' }], posts_count: 1 },
    ]);
  });

  it('no longer offers the words of a post withdrawn that no other post holds; keeps those others hold', async () => {
    const id = await post('جائزة التميز المؤسسي', { content_ar: 'المحافظة على الجودة' });
    await refreshVocabulary(ctx.db);
    expect((await correct('جايزة')).corrections.map((c) => c.q)).toEqual(['جائزة']);
    const before = (await correct('المحافضة')).corrections[0].posts_count;
    await ctx.db.query("UPDATE posts SET status = 'archived' WHERE id = $1", [id]);
    // At once, before the vocabulary is read again: the terms' counts are the writers'.
    expect((await correct('جايزة')).corrections).toEqual([]);
    expect((await correct('المحافضة')).corrections[0].posts_count).toBe(before - 1);
    // Published again: its words are offered again at once (their rows stay until a rebuild).
    await ctx.db.query("UPDATE posts SET status = 'published' WHERE id = $1", [id]);
    expect((await correct('جايزة')).corrections.map((c) => c.q)).toEqual(['جائزة']);
  });

  it('is built again after a bulk write recounted the terms, and by batches when told to stop', async () => {
    await ctx.db.query('SELECT refresh_term_counts()');
    expect((await ctx.db.query<{ rebuild: boolean }>('SELECT rebuild FROM search_vocabulary_state'))[0].rebuild).toBe(true);
    // Retention deleting unused counts asks nothing.
    const first = await refreshVocabulary(ctx.db, { maxPosts: 10 });
    expect(first.built).toBe(false);
    expect((await ctx.db.query<{ after: number | null }>('SELECT rebuild_after AS after FROM search_vocabulary_state'))[0].after).not.toBeNull();
    // Meanwhile the vocabulary answers as before.
    expect(await vocabulary('محافظه')).toBe('المحافظة');
    const rest = await refreshVocabulary(ctx.db);
    expect(rest.built).toBe(true);
    expect(first.rebuilt + rest.rebuilt).toBe(Number((await ctx.db.query<{ n: number }>("SELECT count(*) AS n FROM posts WHERE status = 'published'"))[0].n));
    expect(await vocabulary('محافظه')).toBe('المحافظة');
    await ctx.db.query('DELETE FROM term_counts WHERE n = 0');
    expect((await ctx.db.query<{ rebuild: boolean }>('SELECT rebuild FROM search_vocabulary_state'))[0].rebuild).toBe(false);
  });
});

describe('GET /content/spelling/', () => {
  it('corrects the letters Arabic writers confuse, shown with the reader\'s own prefix', async () => {
    const answer = await correct('بالمحافضة');
    expect(answer.q).toBe('بالمحافضة');
    expect(answer.corrections[0]).toEqual({ q: 'بالمحافظة', words: [{ from: 'بالمحافضة', to: 'بالمحافظة' }], posts_count: await listCount('بالمحافظة') });
    expect((await correct('الهيية')).corrections[0].q).toBe('الهيئة');
    expect((await correct('رييس الهيئة')).corrections[0].q).toBe('رئيس الهيئة');
    expect((await correct('وزارةالصحة')).corrections[0].q).toBe('وزارة الصحة');
    expect((await correct('minstry of helth')).corrections[0].q).toBe('ministry of health');
  });

  it('corrects a word a few posts hold when a close one is held by many more', async () => {
    // المحافضة is in one post's title: its search finds that post, the correction far more.
    expect(await listCount('المحافضة')).toBe(1);
    const [first] = (await correct('المحافضة')).corrections;
    expect(first.q).toBe('المحافظة');
    expect(first.posts_count).toBeGreaterThan(10);
  });

  it('leaves alone a word the portal holds, and the spellings the analyzer reads alike', async () => {
    for (const q of ['المحافظة', 'وزارة الصحة', 'وزاره الصحه', 'الهيئه', 'رئيس', 'ministry of health', 'Ministry']) {
      expect((await correct(q)).corrections).toEqual([]);
    }
  });

  it('counts each correction as the explore list does, with its language', async () => {
    for (const [q, extra] of [['وزارة السحة', ''], ['وزارة السحة', '&language=en'], ['وزارة السحة', '&language=ar'], ['المحافضة رقم', '']]) {
      const { corrections } = await correct(q, extra);
      expect(corrections.length).toBeGreaterThan(0);
      for (const c of corrections) expect(c.posts_count).toBe(await listCount(c.q, extra));
    }
    expect((await correct('وزارة السحة', '&language=en')).corrections[0].posts_count).toBe(3);
  });

  it('keeps quotes and left-out words as written, and corrects only what is bare', async () => {
    const [first] = (await correct('"قرار" المحافضه -الصحة')).corrections;
    // The word in the portal's own letters (its ة), the rest as written.
    expect(first.q).toBe('"قرار" المحافظة -الصحة');
    expect(first.words).toEqual([{ from: 'المحافضه', to: 'المحافظة' }]);
    expect((await correct('المحافظة -التعلبم')).corrections).toEqual([]);
    expect((await correct('"المحافضة"')).corrections).toEqual([]);
    // A word in quotes no post holds: nothing corrected around it can find anything.
    expect((await correct('"كلمةغريبة" المحافضة')).corrections).toEqual([]);
  });

  it('offers nothing that finds no more, and nothing for words with nothing close', async () => {
    expect((await correct('زززززززز')).corrections).toEqual([]);
    expect((await correct('qwxzvbnm')).corrections).toEqual([]);
    // Every word the portal's, the search finding nothing together: nothing to correct.
    expect((await correct('المحافظة ministry')).corrections).toEqual([]);
  });

  it('answers odd input with an empty answer or a 400, never a 500', async () => {
    for (const q of ['', '   ', '-', '""', '«»', '"', '- - -', '123 456', '😀', '\u200f\u200e', 'ـــ', 'ً', '#', '%', "'", '\\', 'a'.repeat(200), 'ج'.repeat(200), '-'.repeat(200), 'و '.repeat(100)]) {
      const res = await ctx.inject({ url: `/api/v1/content/spelling/?q=${encodeURIComponent(q)}` });
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().corrections.length).toBeLessThanOrEqual(3);
    }
    expect((await correct('   ')).corrections).toEqual([]);
    for (const url of [
      '/api/v1/content/spelling/',
      `/api/v1/content/spelling/?q=${'a'.repeat(201)}`,
      '/api/v1/content/spelling/?q=abc&language=fr',
      '/api/v1/content/spelling/?q=%00%00المحافضة',
      '/api/v1/content/spelling/?q=%ED%A0%80',
      '/api/v1/content/spelling/?q=a&q=b',
    ]) {
      const res = await ctx.inject({ url });
      expect(res.statusCode).toBeLessThan(500);
    }
    const nul = await ctx.inject({ url: '/api/v1/content/spelling/?q=%00%00المحافضة' });
    if (nul.statusCode === 200) expect(nul.json().corrections.map((c: { q: string }) => c.q)).toEqual(['المحافظة']);
  });

  it('is public and cached for a minute', async () => {
    const res = await ctx.inject({ url: `/api/v1/content/spelling/?q=${encodeURIComponent('المحافضة')}` });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
