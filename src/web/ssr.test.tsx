/**
 * @jest-environment node
 */
// The server's renderer, run as the server runs it: no window, a real server over a real
// database answering its API requests in-process (injectFetch).
import { injectFetch } from '../server/ssr';
import { buildWorld, newestFirst, type World } from '../server/test/content-world';
import { createTestContext, type TestContext } from '../server/test/helpers';
import { forgetDrawingPlans, renderPage } from './ssr';
import { FIRST_SCREEN_POSTS, isFirstScreenOnly } from './api/firstScreen';

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext({
    // The portal is served under this name: its links name it (src/server/http/urls.ts).
    config: { allowedOrigins: ['http://qarar.example'] },
    prepare: async (db) => {
      world = await buildWorld(db);
    },
  });
});
afterAll(() => ctx.close());

const reader = { ip: '203.0.113.7', headers: { host: 'qarar.example', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' } };
const NOW = Date.parse('2026-11-25T12:00:00Z');
const draw = (url: string, language: 'ar' | 'en' = 'ar', theme: 'system' | 'light' | 'dark' = 'system') =>
  renderPage({ url, language, theme, now: NOW, timeZone: 'Asia/Riyadh', origin: 'http://qarar.example', api: { apiBaseUrl: 'http://qarar.internal/api/v1', fetch: injectFetch(ctx.app, reader) } });

/** The JSON of the answers script the page carries. */
function answersOf(root: string) {
  const m = /<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(root);
  if (!m) throw new Error('no answers in the drawn page');
  return JSON.parse(m[1]) as {
    api: { queries: Record<string, { status: string; endpointName: string; data: unknown }> };
    clock: { now: number; timeZone: string };
    preferences: { language: string; theme: string };
  };
}

describe('the server drawing a page', () => {
  it('draws the home feed with its posts, styles and faces, and the answers it drew them from', async () => {
    const { head, root, meta, htmlAttributes, postIds } = await draw('/');
    expect(htmlAttributes).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(meta.title).toBe('الرئيسية · قرار');
    expect(meta.description).toBeUndefined();
    // The first screen's posts (firstScreenPage.ts): the app asks for the rest of the page.
    const newest = newestFirst(world.posts.filter((p) => p.status === 'published')).slice(0, FIRST_SCREEN_POSTS);
    expect(root.match(/<article/g)).toHaveLength(FIRST_SCREEN_POSTS);
    // In one piece: nothing left for a script to reveal (it must read without scripts).
    expect(root).not.toContain('<!--$?-->');
    expect(root).not.toMatch(/\$RC|hidden id="S:/);
    for (const post of newest) expect(root).toContain(`href="/post/${encodeURIComponent(post.slug)}"`);
    // Both frames, for CSS to pick by width (the navigation column and the phone's top bar), Arabic strings.
    expect(root).toContain('<nav');
    expect(root).toContain('<header');
    expect(root).toContain('الانتقال إلى المحتوى الرئيسي');
    // The styles from the right-to-left cache, by id (the server links the sheet holding them:
    // src/server/pages/styles.ts), with both schemes' variables; the faces inline; the
    // script that keeps early presses.
    const { styles } = await draw('/');
    expect(styles?.key).toBe('muirtl');
    expect(styles?.rules.length).toBeGreaterThan(20);
    for (const [id, css] of styles?.rules ?? []) {
      expect(root).toContain(`muirtl-${id}`);
      expect(css).toContain(`.muirtl-${id}`);
    }
    expect(styles?.globals.map(([, css]) => css).join('')).toContain('[data-color-scheme="dark"]');
    expect(head).not.toContain('data-emotion');
    expect(head).toContain('@font-face{font-family:"IBM Plex Sans Arabic"');
    expect(root.startsWith('<script>')).toBe(true);
    expect(root).toContain('data-press-kept');
    // What a kept copy is checked against: every post shown.
    expect(postIds.sort()).toEqual(newest.map((p) => p.id).sort());
    const answers = answersOf(root);
    // The origin it was drawn for travels with it: the take-over writes the same absolute addresses.
    expect(answers.clock).toEqual({ now: NOW, timeZone: 'Asia/Riyadh', origin: 'http://qarar.example' });
    expect(answers.preferences).toEqual({ language: 'ar', theme: 'system' });
    const { queries } = answers.api;
    const feed = Object.values(queries).find((q) => q.endpointName === 'listPosts');
    expect(feed?.status).toBe('fulfilled');
    expect((feed?.data as { results: Array<{ slug: string }> }).results.map((p) => p.slug)).toEqual(newest.map((p) => p.slug));
    expect(isFirstScreenOnly(feed?.data)).toBe(true);
    // The page's own count and next link: the list goes on from the whole first page.
    expect(feed?.data).toMatchObject({ count: world.posts.filter((p) => p.status === 'published').length });
    expect((feed?.data as { next: string | null }).next).toMatch(/page=2/);
  });

  it('draws the page in English, left to right, for a reader who chose it; the same markup for light and dark', async () => {
    const { root, htmlAttributes, meta } = await draw('/', 'en');
    expect(htmlAttributes).toEqual({ lang: 'en', dir: 'ltr' });
    expect(meta.title).toBe('Home · Qarar');
    expect(root).toContain('Skip to main content');
    expect(root).not.toContain('الانتقال إلى المحتوى الرئيسي');
    // The colour scheme is CSS: a dark reader's screen is the same markup (only the theme
    // toggle's label, in the navigation, says their choice).
    const dark = await draw('/', 'en', 'dark');
    const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];
    expect(mainOf(dark.root)).toBe(mainOf(root));
    expect(dark.root).toContain('data-theme-preference="dark"');
  });

  it('uses the same global styles in both directions, so a sheet left after a language switch contradicts nothing', async () => {
    const [ar, en] = await Promise.all([draw('/', 'ar'), draw('/', 'en')]);
    expect(en.styles?.key).toBe('mui');
    // Each direction's cache holds every global style inserted so far (a skeleton's keyframes
    // once a page had one): those both hold are the same.
    const arabic = new Map(ar.styles?.globals);
    const both = (en.styles?.globals ?? []).filter(([id]) => arabic.has(id));
    for (const [id, css] of both) expect(css).toBe(arabic.get(id));
    expect(both.map(([, css]) => css).join('')).toContain('[data-color-scheme="dark"]');
    expect(both.map(([, css]) => css).join('')).toContain('body{');
  });

  it('keeps the right column drawn but its answers out of the page', async () => {
    const { root } = await draw('/');
    expect(root).toContain('<aside');
    const names = Object.values(answersOf(root).api.queries).map((q) => q.endpointName);
    expect(names).not.toContain('listOrganizations');
    expect(names).not.toContain('listTrendingHashtags');
  });

  it('draws a post with the links its answers name at the allowed origin the page was asked at', async () => {
    const { root, meta, postId, head } = await draw(`/post/${encodeURIComponent(world.arabicSlug)}`);
    expect(root).toContain('قرار وزاري رقم ١٢');
    // What it tells search engines: a decision is an article (laws, regulations and decrees are legislation).
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      url: `http://qarar.example/post/${encodeURIComponent(world.arabicSlug)}`,
      headline: 'قرار وزاري رقم ١٢',
    });
    expect(postId).toBe(world.posts.find((p) => p.slug === world.arabicSlug)?.id);
    // What a shared link shows: the post's title, and its picture.
    expect(meta.title).toBe('قرار وزاري رقم ١٢ · قرار');
    expect(meta.image).toMatch(/^http:\/\/qarar\.example\/media\//);
    const { meta: circular } = await draw('/post/qarar-with-conjunction');
    expect(circular.description).toBe('والقرار نافذ من تاريخه');
    const { queries } = answersOf(root).api;
    const post = Object.values(queries).find((q) => q.endpointName === 'getPost');
    const attachments = (post?.data as { attachments: Array<{ file_url: string }> }).attachments;
    expect(attachments.length).toBe(2);
    for (const a of attachments) {
      expect(a.file_url).toMatch(/^http:\/\/qarar\.example\/media\//);
      expect(root).toContain(a.file_url.replace(/&/g, '&amp;'));
    }
  });

  it('draws a page once when the last page of its kind said what it needs, the same page as drawn without knowing', async () => {
    // The same page but for when its answers came and the ids of their requests.
    const same = (root: string) => root.replace(/"requestId":"[^"]*"/g, '').replace(/"(started|fulfilled)TimeStamp":\d+/g, '');
    const other = world.posts.find((p) => p.status === 'published' && p.slug !== world.arabicSlug)!;
    const url = `/post/${encodeURIComponent(other.slug)}`;
    forgetDrawingPlans();
    const unknown = await draw(url, 'en');
    expect(unknown.renders).toBeGreaterThanOrEqual(2);
    // Another post: asked for before the first render, with this post's slug.
    const arabic = `/post/${encodeURIComponent(world.arabicSlug)}`;
    const planned = await draw(arabic, 'en');
    expect(planned.renders).toBe(1);
    forgetDrawingPlans();
    const unplanned = await draw(arabic, 'en');
    expect(unplanned.renders).toBeGreaterThanOrEqual(2);
    expect(same(planned.root)).toBe(same(unplanned.root));
    expect(planned.root).toContain('Ministerial decision no. 12');
    const again = await draw(url, 'en');
    expect(again.renders).toBe(1);
    expect(same(again.root)).toBe(same(unknown.root));
    expect(again.head).toBe(unknown.head);
    expect(again.styles).toEqual(unknown.styles);
    // A list with its page cut to the first screen, drawn once too.
    forgetDrawingPlans();
    const home = await draw('/', 'en');
    const homeAgain = await draw('/', 'en');
    expect(homeAgain.renders).toBeLessThan(home.renders!);
    expect(same(homeAgain.root)).toBe(same(home.root));
  });

  it('draws a missing post as the not-found screen, keeping no failed answer', async () => {
    const { root } = await draw('/post/no-such-post');
    expect(root).toContain('<h1');
    const { queries } = answersOf(root).api;
    expect(Object.values(queries).every((q) => q.status === 'fulfilled')).toBe(true);
    expect(Object.values(queries).some((q) => q.endpointName === 'getPost')).toBe(false);
  });

  it('draws an organization with its posts, and explore with its results and sections', async () => {
    const org = await draw('/organizations/MOH');
    expect(org.root).toContain('وزارة الصحة');
    const published = world.posts.filter((p) => p.status === 'published' && p.org === world.orgs.moh).length;
    expect(published).toBeGreaterThan(FIRST_SCREEN_POSTS);
    expect(org.root.match(/<article/g)?.length).toBe(FIRST_SCREEN_POSTS);
    const explore = await draw('/explore?type=decision');
    // Each names the feeds of the list it shows, entries in the page's language (issue 15).
    expect(org.head).toContain(
      '<link rel="alternate" type="application/atom+xml" title="وزارة الصحة · قرار (Atom)" href="http://qarar.example/api/v1/feeds/posts.atom?organization_code=MOH&amp;lang=ar">',
    );
    expect(org.head).toContain('<link rel="alternate" type="application/rss+xml" title="وزارة الصحة · قرار (RSS)" href="http://qarar.example/api/v1/feeds/posts.rss?organization_code=MOH&amp;lang=ar">');
    expect(explore.head).toContain('href="http://qarar.example/api/v1/feeds/posts.atom?type=decision&amp;lang=ar"');
    expect((await draw('/', 'en')).head).toContain('type="application/atom+xml" title="Home · Qarar (Atom)" href="http://qarar.example/api/v1/feeds/posts.atom?lang=en"');
    const { queries } = answersOf(explore.root).api;
    const names = new Set(Object.values(queries).map((q) => q.endpointName));
    for (const name of ['listPosts', 'listPostTypes', 'listCategories', 'listTrendingHashtags']) expect(names).toContain(name);
  });

  it('keeps what would close the answers script out of it', async () => {
    const { root } = await draw('/explore?search=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const script = /<script type="application\/json" id="server-answers">([\s\S]*?)<\/script>/.exec(root)![1];
    expect(script).not.toMatch(/<\/?script/i);
    expect(root).not.toContain('<script>alert(1)');
  });
});
