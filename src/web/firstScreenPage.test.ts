import { CARD_EXCERPT_CHARS, FIRST_SCREEN_POSTS, isFirstScreenOnly } from './api/firstScreen';
import { excerpt } from './components/posts/text/linkify';
import { cardPost, firstScreenOf, isLongPostPage } from './firstScreenPage';
import { post } from './test/fixtures';

const words = (n: number, word = 'قرار') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
/** What a card draws of a post's text in each language (PostCardContent). */
const drawn = (p: ReturnType<typeof post>) => ({
  ar: p.summary_ar || p.summary || excerpt(p.content_ar || p.content, CARD_EXCERPT_CHARS),
  en: p.summary || p.summary_ar || excerpt(p.content || p.content_ar, CARD_EXCERPT_CHARS),
});

describe('a page drawn with the first screen of its lists', () => {
  it('carries the first posts of a long page of posts, marked, with the page’s count and links', () => {
    const page = { count: 120, next: 'http://x/api/v1/content/posts/?page=2', previous: null, results: [1, 2, 3, 4, 5, 6].map((id) => post(id)) };
    expect(isLongPostPage(page)).toBe(true);
    const cut = firstScreenOf(page);
    expect(cut.results.map((p) => p.id)).toEqual([1, 2, 3].slice(0, FIRST_SCREEN_POSTS));
    expect(cut).toMatchObject({ count: 120, next: page.next, previous: null });
    expect(isFirstScreenOnly(cut)).toBe(true);
    expect(isFirstScreenOnly(page)).toBe(false);
    // The answer itself is left as it was.
    expect(page.results).toHaveLength(6);
  });

  it('leaves short pages and lists of anything but posts alone', () => {
    expect(isLongPostPage({ count: 3, results: [post(1), post(2), post(3)].slice(0, FIRST_SCREEN_POSTS) })).toBe(false);
    expect(isLongPostPage({ count: 9, results: Array.from({ length: 9 }, (_, i) => ({ id: i, code: `org${i}`, name: 'x' })) })).toBe(false);
    expect(isLongPostPage({ detail: 'Not found.' })).toBe(false);
  });

  it('keeps of each post what its card draws, to the character', () => {
    const cases = [
      post(1, { summary: '', summary_ar: '', content: words(400, 'decision'), content_ar: words(400) }),
      post(2, { summary: '', summary_ar: '', content: 'short', content_ar: '  قصير  ' }),
      post(3, { summary: 'A summary', summary_ar: 'ملخص', content: words(400, 'x'), content_ar: words(400) }),
      post(4, { summary: 'Only English', summary_ar: '', content: words(400, 'y'), content_ar: words(400) }),
      // A cut that lands on a space, and text with no spaces at all.
      post(5, { summary: '', summary_ar: '', content: `${'a'.repeat(CARD_EXCERPT_CHARS)} tail`, content_ar: 'ب'.repeat(3000) }),
    ];
    for (const p of cases) {
      const carried = cardPost(p);
      expect(drawn(carried)).toEqual(drawn(p));
      expect(carried.meta_description).toBe('');
    }
    // What it leaves out is most of a long post.
    expect(JSON.stringify(cardPost(cases[0])).length).toBeLessThan(JSON.stringify(cases[0]).length / 2);
    expect(cardPost(cases[2]).content_ar).toBe('');
  });
});
