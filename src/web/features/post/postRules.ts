/**
 * The post page's pure rules (spec §5 post slug, §8 post load, §9 share summary), apart from
 * React so they are tested on their own.
 */

/**
 * §5: the slug from the address, URL-decoded and without surrounding slashes; undefined when
 * nothing is left (§8 'Invalid post URL'). The router has usually decoded it already, and
 * decoding a decoded slug changes nothing, as a slug never holds a literal '%'.
 */
export function parsePostSlug(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape (a lone '%') is taken as typed; the server then says not found.
  }
  return decoded.trim().replace(/^\/+|\/+$/g, '') || undefined;
}

/** What the not-found panel says when the post did not load. */
export interface PostLoadProblem {
  titleKey: 'post.notFound' | 'post.forbidden' | 'post.errorLoading';
  /** The error's own message, shown as it is (§8 "another message is shown as is"). */
  message?: string;
}

/**
 * §8 post load: status 404, or a message containing '404' or 'not found', is 'Post not found';
 * 403 is the permission message; another message is shown as is; otherwise 'Error loading post'.
 */
export function postLoadProblem(error: { status?: unknown; message?: unknown } | undefined): PostLoadProblem {
  const status = error?.status;
  const message = typeof error?.message === 'string' ? error.message.trim() : '';
  if (status === 404 || message.includes('404') || /not found/i.test(message)) return { titleKey: 'post.notFound' };
  if (status === 403) return { titleKey: 'post.forbidden' };
  return message ? { titleKey: 'post.errorLoading', message } : { titleKey: 'post.errorLoading' };
}

/** §9: the length of the content's opening used when a post has no summary. */
export const SHARE_TEXT_FALLBACK_LENGTH = 100;

/** The text shared with a post's link: its summary, else the first 100 characters of its content. */
export function postShareText(summary: string, content: string): string {
  const trimmed = summary.trim();
  if (trimmed) return trimmed;
  // By code point, so a character outside the BMP (an emoji) is never cut in half.
  return Array.from(content.trim()).slice(0, SHARE_TEXT_FALLBACK_LENGTH).join('').trim();
}

/** A version number from the address: a whole number from 1, written in plain digits; else undefined. */
export function parseVersion(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const version = Number(raw);
  return version >= 1 ? version : undefined;
}
