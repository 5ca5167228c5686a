/**
 * How many posts of a list a page drawn by the server shows and carries: about what a first
 * screen holds (a phone shows one or two cards, a desktop two or three). The rest of the list's
 * first page is asked for once the app has taken the page over, and shows below them (issue 11:
 * a drawn home page is at most 120 KB of HTML). The cutting is src/web/firstScreenPage.ts.
 */
export const FIRST_SCREEN_POSTS = 3;

/** Marks a page of posts cut to the first screen (never part of an API answer). */
export const FIRST_SCREEN = 'firstScreenOnly';

/**
 * The characters of a post's text a card draws (PostCardContent): enough of a post without a
 * summary to fill its lines, without rendering a whole decree.
 */
export const CARD_EXCERPT_CHARS = 700;

/** Whether a page of posts holds only the first screen's (the app asks for the whole page). */
export function isFirstScreenOnly(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)[FIRST_SCREEN] === true;
}
