/**
 * The app's route table (spec §2): every path the app shows a screen for, as React Router
 * patterns (`:name` one segment, a final `/*` the rest) — every other path the app sends to /.
 * One table for both sides: the web router builds its routes from it (src/web/app/router.tsx,
 * which must name a screen for each pattern), and the server answers 404 for any path it does
 * not match (src/server/pages/page-status.ts, which says for which of them the thing shown must
 * exist). Pure data: no React, nothing of either side.
 */

/** Screens anyone may see. */
export const PUBLIC_SCREENS = [
  '/',
  '/explore',
  '/categories',
  '/types',
  '/types/:id',
  '/hashtags',
  '/hashtags/:slug',
  '/organizations',
  '/organizations/:code',
  // A post's print view and a comparison of two of its versions: screens of their own (their own
  // chunks), before the post's pattern that would match them too.
  '/post/:slug/print',
  '/post/:slug/compare/:a/:b',
  '/post/:slug/*',
  '/profile/:username',
  '/forgot-password',
  '/reset-password',
  '/about',
  '/privacy',
  '/terms',
  // Whether a file, a number or a link is of a version the portal published.
  '/verify',
  // Public: a visitor comes from an alert e-mail's links.
  '/alerts/*',
  // What can be read without a network (issue 31): the service worker opens it for a page not kept.
  '/offline',
] as const;

/** A signed-in reader's screens (a visitor is sent to sign in first). */
export const READER_SCREENS = ['/bookmarks', '/following', '/settings', '/studio/*'] as const;

/** A visitor's screens (a signed-in reader is sent on). */
export const GUEST_SCREENS = ['/login', '/signup'] as const;

export type ScreenPattern = (typeof PUBLIC_SCREENS)[number] | (typeof READER_SCREENS)[number] | (typeof GUEST_SCREENS)[number];

/** Every pattern, in the order the router tries them (the first that matches is the screen). */
export const SCREEN_PATTERNS: readonly ScreenPattern[] = [...PUBLIC_SCREENS, ...READER_SCREENS, ...GUEST_SCREENS];

/**
 * The regular expression (its source) that matches the paths of a screen's pattern, as the
 * build's preload manifest states it for the server: `:name` one segment, a final `/*` left out
 * (the screen's own path, not the ones below it), a trailing slash allowed.
 */
export function screenRegExpSource(pattern: ScreenPattern): string {
  const base = pattern.replace(/\/\*$/, '').replace(/:[A-Za-z]+/g, '[^/]+');
  return base === '/' ? '^/$' : `^${base}/?$`;
}
