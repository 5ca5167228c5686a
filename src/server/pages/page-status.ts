import { SCREEN_PATTERNS, type ScreenPattern } from '../../shared/routes';
import type { Queryable } from '../db/db';
import { findHashtagByParam } from '../modules/hashtags/repository';
import { findOrganizationId } from '../modules/organizations/repository';
import { assertCanSee } from '../modules/posts/access';
import { asSentOrDecoded, decodedParam } from '../modules/posts/params';
import { findPostAccess, postVersionExists } from '../modules/posts/repository';
import { storable } from '../modules/posts/sql';
import { findPostType } from '../modules/taxonomy/repository';
import { publicUserByUsername } from '../modules/users/repository';

/**
 * A page's HTTP status: 200, or 404 for a path no screen of the app answers and for a post,
 * organization, hashtag, post type or profile that does not exist (or, a draft, that a visitor
 * may not see). The page itself is the same either way — the app's, which shows its not-found
 * panel — but search engines and link checkers go by the status.
 */
export type PageStatus = 200 | 404;

type Params = Record<string, string>;
/** Whether the thing a screen shows exists, as the API would answer the screen's own request for it. */
type Exists = (db: Queryable, params: Params) => Promise<boolean>;

/**
 * A post, by the slug its screen asks the API for (src/web/features/post/postRules.ts,
 * parsePostSlug: decoded, slashes trimmed), visible as the API decides for a visitor: a page is
 * drawn once for every reader, so it answers as a visitor is answered.
 */
const postExists: Exists = async (db, { slug: raw, '*': rest }) => {
  // /post/{slug}/versions/{n} is the post as it read then, n written as the screen reads it
  // (src/web/features/post/postRules.ts, parseVersion: plain digits, from 1); anything else
  // under a post is no page.
  const version = rest ? /^versions\/(\d{1,9})\/?$/.exec(rest) : null;
  if (rest && !(version && Number(version[1]) >= 1)) return false;
  const slug = decodedParam(raw).trim().replace(/^\/+|\/+$/g, '');
  if (!slug) return false;
  for (const candidate of asSentOrDecoded(slug)) {
    const post = await findPostAccess(db, candidate);
    if (!post) continue;
    try {
      assertCanSee(post, null);
    } catch {
      return false;
    }
    return !version || (await postVersionExists(db, post.id, Number(version[1])));
  }
  return false;
};

/** A post's print view: the post, as its own page finds it. */
const printExists: Exists = (db, { slug }) => postExists(db, { slug });

/** A comparison of two saved versions of a post (written as /versions/{n} is, and not the same one). */
const compareExists: Exists = async (db, { slug, a, b }) =>
  /^\d{1,9}$/.test(a) && /^\d{1,9}$/.test(b) && a !== b &&
  (await postExists(db, { slug, '*': `versions/${a}` })) && (await postExists(db, { slug, '*': `versions/${b}` }));

/** As GET /content/hashtags/{slug}/ finds it. */
const hashtagExists: Exists = async (db, { slug }) => (await findHashtagByParam(db, slug)) !== undefined;

/** An id as the screen reads it (src/web/features/types/typeId.ts): a positive whole number, else no type. */
const typeExists: Exists = async (db, { id }) => /^\d{1,9}$/.test(id) && Number(id) > 0 && (await findPostType(db, Number(id))) !== undefined;

const organizationExists: Exists = async (db, { code }) => (await findOrganizationId(db, code)) !== undefined;

const profileExists: Exists = async (db, { username }) => storable(username) && (await publicUserByUsername(db, username, null)) !== null;

/**
 * For a screen of one thing, how to tell whether that thing exists. The paths themselves are the
 * app's route table (src/shared/routes.ts), the one the web router is built from: every other
 * path the app sends to / (spec §2).
 */
const EXISTS: Partial<Record<ScreenPattern, Exists>> = {
  '/types/:id': typeExists,
  '/hashtags/:slug': hashtagExists,
  '/organizations/:code': organizationExists,
  '/post/:slug/print': printExists,
  '/post/:slug/compare/:a/:b': compareExists,
  '/post/:slug/*': postExists,
  '/profile/:username': profileExists,
};

/**
 * A route pattern as React Router matches it (matchPath): `:name` one segment, a final `/*` the
 * rest (or nothing), trailing slashes allowed, letters in any case.
 */
function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const splat = pattern.endsWith('/*');
  const body = (splat ? pattern.slice(0, -2) : pattern)
    .replace(/[\\.+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^/]+)';
    });
  if (splat) names.push('*');
  return { regex: new RegExp(`^${body === '/' ? '' : body}${splat ? '(?:/(.+)|/*)' : '/*'}$`, 'i'), names };
}

const ROUTES = SCREEN_PATTERNS.map((pattern) => ({ ...compile(pattern), exists: EXISTS[pattern] }));

/** The path as the browser's router reads it: each segment decoded, or the whole as sent when one cannot be. */
function routerPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * The status of the page at a path (no query): the route table says whether the app knows the
 * path (no database needed), and for a screen of one thing one indexed query says whether it
 * exists.
 */
export async function pageStatus(db: Queryable, pathname: string): Promise<PageStatus> {
  const path = routerPath(pathname);
  for (const { regex, names, exists } of ROUTES) {
    const match = regex.exec(path);
    if (!match) continue;
    if (!exists) return 200;
    const params: Params = {};
    names.forEach((name, i) => (params[name] = (match[i + 1] ?? '').replace(/%2F/g, '/')));
    return (await exists(db, params)) ? 200 : 404;
  }
  return 404;
}
