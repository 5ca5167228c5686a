import type { Post } from './api/posts';
import { CARD_EXCERPT_CHARS, FIRST_SCREEN, FIRST_SCREEN_POSTS } from './api/firstScreen';
import { excerpt } from './components/posts/text/linkify';

type Page = { results: unknown[] };

const isPost = (value: unknown): value is Post =>
  typeof value === 'object' && value !== null && typeof (value as Post).id === 'number' && typeof (value as Post).slug === 'string' && typeof (value as Post).view_count === 'number';

/** A page of posts (a list's answer) longer than the first screen. */
export function isLongPostPage(data: unknown): data is Page {
  const results = (data as Page | null)?.results;
  return Array.isArray(results) && results.length > FIRST_SCREEN_POSTS && results.every(isPost);
}

/** A text as a card draws it, unchanged when shortening it would change what the card shows. */
function asCardDraws(text: string): string {
  const shown = excerpt(text, CARD_EXCERPT_CHARS);
  return excerpt(shown, CARD_EXCERPT_CHARS) === shown ? shown : text;
}

/**
 * A post with what a card does not draw left out: its text past the card's excerpt (all of it
 * when the post has a summary in both languages, which the card shows instead) and the fields
 * of its own page's head. What a card draws from it is the same to the character.
 */
export function cardPost(post: Post): Post {
  const summarised = !!post.summary?.trim() && !!post.summary_ar?.trim();
  return {
    ...post,
    content: summarised ? '' : asCardDraws(post.content ?? ''),
    content_ar: summarised ? '' : asCardDraws(post.content_ar ?? ''),
    meta_description: '',
    meta_keywords: '',
  };
}

/**
 * A page of posts as a drawn page carries it (src/web/ssr.tsx): its first FIRST_SCREEN_POSTS
 * posts as cards draw them, marked so that the list waits for the whole page (useInfinitePages)
 * and the app asks for it once it has the page (src/web/start.tsx). Count and links are the
 * page's own.
 */
export function firstScreenOf<T extends Page>(page: T): T {
  return { ...page, results: page.results.slice(0, FIRST_SCREEN_POSTS).map((p) => cardPost(p as Post)), [FIRST_SCREEN]: true };
}
