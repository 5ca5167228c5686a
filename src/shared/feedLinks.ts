/**
 * The address of a list's feed (issue 15), from the query a screen asks the list with: the
 * listPosts arguments in the client's camelCase (or a hashtag's or an organization's list).
 * Used by the drawn pages' <link rel="alternate"> (src/web/ssr.tsx) and the screens' feed
 * button, so the two always name the same feed.
 */

export type FeedFormat = 'atom' | 'rss';

/** What of a list's query a feed keeps: its filters and ordering, not its page or status (feeds are of published posts). */
const SKIPPED = new Set(['page', 'pageSize', 'status', 'slug', 'code']);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A path segment as the client sends it (percent-encoded once), as text. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The feed's path and query for a list's arguments, its entries in `lang`. */
export function feedHref(arg: Record<string, unknown>, format: FeedFormat, lang: 'ar' | 'en'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(arg)) {
    if (value === undefined || value === null || value === '' || SKIPPED.has(key)) continue;
    // The default order is the feed's own: left out, the address is the same as a plain list's.
    if (key === 'ordering' && value === '-published_at') continue;
    // A list's arguments are the contract's query parameters: strings, numbers and booleans.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    params.set(snake(key), String(value));
  }
  // A hashtag's or an organization's own list (its path segment).
  if (typeof arg.slug === 'string') params.set('hashtag', decoded(arg.slug));
  if (typeof arg.code === 'string') params.set('organization_code', decoded(arg.code));
  params.set('lang', lang);
  return `/api/v1/feeds/posts.${format}?${params.toString()}`;
}

/** The filters an alert's list may hold (the contract's AlertList): new posts only, so no dates, views or ordering. */
const ALERT_KEYS = new Set([
  'search',
  'category',
  'subcategory',
  'type',
  'type_id',
  'organization',
  'organization_code',
  'hashtag',
  'author',
  'language',
  'has_attachments',
  'in_force',
]);

/**
 * The list an alert follows (the contract's AlertList, snake_case), from the same query a screen
 * asks its list with (see feedHref): its page, size, status, ordering and dates are dropped, a
 * hashtag's or an organization's own list is named by its decoded path segment.
 */
export function alertListOf(arg: Record<string, unknown>): Record<string, string | number | boolean> {
  const list: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(arg)) {
    const name = snake(key);
    if (!ALERT_KEYS.has(name) || value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') list[name] = value;
  }
  if (typeof arg.slug === 'string' && arg.slug) list.hashtag = decoded(arg.slug);
  if (typeof arg.code === 'string' && arg.code) list.organization_code = decoded(arg.code);
  return list;
}
