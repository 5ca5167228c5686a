import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { rendererFile } from '../ssr';
import { buildWorld, type World } from '../test/content-world';
import { createTestContext, type TestContext } from '../test/helpers';
import arScreens from '../../web/i18n/locales/ar/screens';
import enScreens from '../../web/i18n/locales/en/screens';
import { SCREEN_PATTERNS } from '../../shared/routes';
import type { Queryable } from '../db/db';
import { DRAWN_CACHE_CONTROL, NOT_FOUND_CACHE_CONTROL } from './drawn-pages';
import { pageStatus } from './page-status';

// Pages answer with honest statuses: 404 for a path the app has no screen for and for a post,
// organization, hashtag, post type or profile that does not exist — drawn or not, still the
// app's page with its not-found panel in the reader's language — and 200 for the others. The
// renderer is a stand-in (the build's own is tested in src/web/ssr.test.tsx): as the real
// screens do, it asks the API for the one thing its screen shows and, told 404, draws that
// screen's not-found title, in the app's own words.

const INDEX =
  '<!doctype html><html lang="ar" dir="rtl"><head><title>قرار</title><script defer="defer" src="/main.89ab0123cdef.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  routes: ['^/$', '^/explore/?$', '^/post/[^/]+/?$', '^/organizations/[^/]+/?$', '^/hashtags/[^/]+/?$', '^/types/[^/]+/?$', '^/profile/[^/]+/?$'].map((pattern) => ({
    pattern,
    scripts: [],
  })),
};
/** Each screen's not-found title in both languages (src/web/i18n/locales/{ar,en}/screens.ts). */
const NOT_FOUND = {
  ar: { post: arScreens.post.notFound, organizations: arScreens.organizations.notFound, hashtags: arScreens.hashtags.notFound, types: arScreens.types.notFound, profile: arScreens.profile.notFound },
  en: { post: enScreens.post.notFound, organizations: enScreens.organizations.notFound, hashtags: enScreens.hashtags.notFound, types: enScreens.types.notFound, profile: enScreens.profile.notFound },
};
type Screen = keyof (typeof NOT_FOUND)['ar'];
const RENDERER = `
const NOT_FOUND = ${JSON.stringify(NOT_FOUND)};
const CALLS = { post: '/content/posts/', organizations: '/producers/organizations/', hashtags: '/content/hashtags/', types: '/content/post-types/', profile: '/auth/profiles/' };
exports.renderPage = async ({ url, language, api }) => {
  const [, screen, param] = new URL(url, 'http://page.invalid').pathname.split('/');
  let heading = 'drawn';
  let extra = '';
  if (CALLS[screen] && param) {
    // The path's segment is sent on as it came (encoded), as the screens encode their parameter.
    const missing = screen === 'types' && !/^\\d+$/.test(param);
    const res = missing ? { status: 404 } : await api.fetch(api.apiBaseUrl + CALLS[screen] + param + '/');
    if (res.status === 404) heading = NOT_FOUND[language][screen];
    // A profile shows its bio, as the real screen does.
    else if (screen === 'profile') extra = '<p>' + (await res.json()).bio + '</p>';
  }
  return {
    head: '', meta: {}, postIds: [],
    htmlAttributes: { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' },
    root: '<div id="root"><h1>' + heading + '</h1>' + extra + '</div>',
  };
};
`;

function webApp(): string {
  const webDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'qarar-status-')), 'web');
  mkdirSync(path.dirname(rendererFile(webDir)), { recursive: true });
  mkdirSync(webDir, { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'preload-manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(rendererFile(webDir), RENDERER);
  return webDir;
}

async function context(config: Partial<Config>): Promise<{ ctx: TestContext; world: World }> {
  let world: World | undefined;
  const ctx = await createTestContext({
    config: { webDir: webApp(), pageWorkers: 1, pageQueue: 16, pageDeadlineMs: 10_000, ...config },
    prepare: async (db) => {
      world = await buildWorld(db);
      // feed-2 as first published: its version 1 (the studio saves one at each publication).
      await db.query(`INSERT INTO post_versions (post_id, version, kind, body) SELECT id, 1, 'first', '{}' FROM posts WHERE slug = 'feed-2'`);
    },
  });
  return { ctx, world: world! };
}

const ENGLISH = { cookie: 'qarar_prefs=en.light' };
const enc = encodeURIComponent;

/** Something that does not exist (or that a visitor may not see), by the screen that shows it. */
const MISSING: Array<[Screen, string]> = [
  ['post', '/post/no-such-post-xyz'],
  // A draft is its author's: a visitor is told there is no such post, as the API tells them.
  ['post', '/post/draft-by-author'],
  ['post', `/post/${enc('منشور-غير-موجود')}`],
  ['organizations', '/organizations/nosuchorg'],
  ['hashtags', '/hashtags/no-such-tag'],
  ['hashtags', `/hashtags/${enc('وسم_غير_موجود')}`],
  ['types', '/types/999999'],
  ['types', '/types/not-a-number'],
  ['profile', '/profile/no-such-user-here'],
];
/** Versions a post does not have (feed-2 has its first), or not written as the screen reads one. */
const NO_VERSION = ['/post/feed-2/versions/99', '/post/feed-2/versions/0', '/post/feed-2/versions/01x', '/post/no-such-post-xyz/versions/1'];
/** Paths no screen of the app answers: the app sends them to / (spec §2). */
const UNKNOWN = ['/nonexistent', '/organizations/MOH/more', '/post/feed-1/not-a-version', '/types/1/2', '/no/such/page/'];

describe('pages drawn by the server', () => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    ({ ctx, world } = await context({}));
  });
  afterAll(() => ctx.close());

  /** Things that exist, Arabic slugs and names percent-encoded as browsers send them. */
  const existing = () => [
    '/post/feed-1',
    `/post/${enc(world.arabicSlug)}`,
    // Withdrawn posts stay public.
    '/post/archived-post',
    '/organizations/MOH',
    // Codes in any case, as the API finds them.
    '/organizations/moe',
    '/hashtags/al-qarar',
    `/hashtags/${enc('القرار')}`,
    `/hashtags/${enc('#المدارس')}`,
    `/types/${world.types.decision}`,
    '/profile/Author',
  ];

  it('answer 404 for something that does not exist, with its not-found panel in the reader’s language', async () => {
    for (const [screen, url] of MISSING) {
      for (const language of ['ar', 'en'] as const) {
        const res = await ctx.inject({ url, headers: { cookie: `qarar_prefs=${language}.system` } });
        expect({ url, language, status: res.statusCode }).toEqual({ url, language, status: 404 });
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['x-page']).toMatch(/^(drawn|kept)$/);
        expect(res.body).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(res.body).toContain(`<h1>${NOT_FOUND[language][screen]}</h1>`);
        // Never kept as the page: asked for again each time.
        expect(res.headers['cache-control']).toBe(NOT_FOUND_CACHE_CONTROL);
      }
    }
  });

  it('answer 200 for what exists, Arabic slugs and names included, kept and revalidated as before', async () => {
    for (const url of existing()) {
      const res = await ctx.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toContain('<h1>drawn</h1>');
      expect(res.headers['cache-control']).toBe(DRAWN_CACHE_CONTROL);
      const again = await ctx.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect({ url, status: again.statusCode }).toEqual({ url, status: 304 });
    }
  });

  it('answer 404 for a path the app has no screen for: the app’s page, in the reader’s language', async () => {
    for (const url of UNKNOWN) {
      const res = await ctx.inject({ url, headers: ENGLISH });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<html lang="en" dir="ltr">');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe(NOT_FOUND_CACHE_CONTROL);
    }
    // Screens the server does not draw still answer 200 (their guards are the app's).
    for (const url of ['/login', '/settings', '/bookmarks', '/studio/posts/new', '/alerts/confirm', '/Explore/', '/about']) {
      expect({ url, status: (await ctx.inject({ url })).statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('never answer 304 for a page whose status changed: a 404 has its own validator', async () => {
    const post = world.posts.find((p) => p.slug === 'feed-3')!;
    const url = `/post/${post.slug}`;
    const found = await ctx.inject({ url });
    expect(found.statusCode).toBe(200);
    const foundTag = String(found.headers.etag);

    // Taken back to a draft: gone for visitors.
    await ctx.db.query("UPDATE posts SET status = 'draft' WHERE id = $1", [post.id]);
    const gone = await ctx.inject({ url, headers: { 'if-none-match': foundTag } });
    expect(gone.statusCode).toBe(404);
    const goneTag = String(gone.headers.etag);
    expect(goneTag).not.toBe(foundTag);
    expect(gone.body).toContain(`<h1>${NOT_FOUND.ar.post}</h1>`);

    // Published again: the 404's validator does not stand for the page either.
    await ctx.db.query("UPDATE posts SET status = 'published' WHERE id = $1", [post.id]);
    const back = await ctx.inject({ url, headers: { 'if-none-match': goneTag } });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<h1>drawn</h1>');
  });

  it('answer 404 for a version a post does not have, or one not written as a version', async () => {
    expect((await ctx.inject({ url: '/post/feed-2/versions/1' })).statusCode).toBe(200);
    for (const url of NO_VERSION) expect({ url, status: (await ctx.inject({ url })).statusCode }).toEqual({ url, status: 404 });
  });

  it('answer for what a profile is now: an account made after its 404, a bio changed after its page (neither moves the content version)', async () => {
    const url = '/profile/newcomer';
    expect((await ctx.inject({ url })).statusCode).toBe(404);
    await ctx.db.query("INSERT INTO users (username, email, password_hash, bio) VALUES ('newcomer', 'newcomer@example.test', 'x', 'First words')");
    const made = await ctx.inject({ url });
    // Before: the kept 404, valid while no post changed.
    expect(made.statusCode).toBe(200);
    expect(made.body).toContain('<p>First words</p>');
    await ctx.db.query("UPDATE users SET bio = 'Second words' WHERE username = 'newcomer'");
    expect((await ctx.inject({ url })).body).toContain('<p>Second words</p>');
  });
});

describe('pages sent undrawn (the app’s page)', () => {
  let ctx: TestContext;
  let world: World;
  beforeAll(async () => {
    // No drawing at all: every reader gets the app's page, which its app fills.
    ({ ctx, world } = await context({ pageWorkers: 0 }));
  });
  afterAll(() => ctx.close());

  it('answer 404 for something that does not exist and for an unknown path, 200 for what exists', async () => {
    for (const url of [...MISSING.map(([, u]) => u), ...UNKNOWN, ...NO_VERSION]) {
      for (const headers of [{}, ENGLISH]) {
        const res = await ctx.inject({ url, headers });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
        expect(res.headers['x-page']).toBe('app');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain(headers === ENGLISH ? '<html lang="en" dir="ltr">' : '<html lang="ar" dir="rtl">');
      }
    }
    for (const url of ['/post/feed-1', `/post/${enc(world.arabicSlug)}`, '/post/feed-2/versions/1', '/organizations/MOH', `/hashtags/${enc('القرار')}`, `/types/${world.types.law}`, '/profile/reader', '/explore', '/']) {
      const res = await ctx.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.headers['x-page']).toBe('app');
    }
  });

  it('never answer 304 with the validator of the 200 they were: the document is the same, the status is not', async () => {
    const url = '/organizations/MoE';
    const found = await ctx.inject({ url });
    expect(found.statusCode).toBe(200);
    const foundTag = String(found.headers.etag);
    expect((await ctx.inject({ url, headers: { 'if-none-match': foundTag } })).statusCode).toBe(304);

    await ctx.db.query("UPDATE organizations SET code = 'MoE-old' WHERE code = 'MoE'");
    const gone = await ctx.inject({ url, headers: { 'if-none-match': foundTag } });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(found.body);
    const goneTag = String(gone.headers.etag);
    expect(goneTag).not.toBe(foundTag);

    await ctx.db.query("UPDATE organizations SET code = 'MoE' WHERE code = 'MoE-old'");
    const back = await ctx.inject({ url, headers: { 'if-none-match': goneTag } });
    expect(back.statusCode).toBe(200);
    expect(back.body).toBe(found.body);
  });
});

describe('the paths the server knows', () => {
  it('are the app’s route table (src/shared/routes.ts), the one the web router is built from', async () => {
    // Screens of no one thing answer 200 without the database; a splat's rest may be anything.
    const plain = SCREEN_PATTERNS.filter((pattern) => !pattern.includes(':')).map((pattern) => pattern.replace(/\/\*$/, '/anything'));
    expect(plain.length).toBeGreaterThan(10);
    const db = undefined as unknown as Queryable;
    for (const url of plain) expect({ url, status: await pageStatus(db, url) }).toEqual({ url, status: 200 });
    for (const url of UNKNOWN) expect({ url, status: await pageStatus(db, url) }).toEqual({ url, status: 404 });
  });
});
