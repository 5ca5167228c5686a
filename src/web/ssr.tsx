/**
 * The server's renderer (built by webpack.config.ts into its own bundle, run by the server's
 * page workers, src/server/pages/): draws a public screen as HTML with the answers it needs, so
 * a reader sees the page before any script has arrived, and the browser's app takes it over
 * element for element (hydration, src/web/start.tsx) instead of drawing it again.
 *
 * One page serves every reader of a language: the theme is CSS (both palettes as variables,
 * src/web/theme/colorScheme.ts), the layout CSS media queries, dates the portal's zone at the
 * moment of drawing, and nothing of a signed-in reader is in it (their bits fill in after the
 * app takes over). The contract with the server is src/shared/drawnPage.ts.
 *
 * The queries are the screens' own: without a window they start while the tree renders
 * (src/web/api/baseApi.ts), the renderer awaits them and renders again, until no screen asks
 * for more.
 */
import createEmotionServer from '@emotion/server/create-instance';
import { original } from '@reduxjs/toolkit';
import { QueryStatus } from '@reduxjs/toolkit/query';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { directionOfLanguage, type DrawnPage, type DrawRequest, type PageLanguage, type PageStyles, type StylePart } from '../shared/drawnPage';
import { feedHref } from '../shared/feedLinks';
import { baseApi } from './api/baseApi';
import type { ServerFetch } from './api/rawQuery';
import type { Post } from './api/posts';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';
import { firstRenderReady } from './app/firstRender';
import { makeStore, type AppStore } from './app/store';
import { RightColumnStoreContext } from './components/rightColumn';
import i18n, { loadLanguage, loadScreenStringsFor } from './i18n';
import { firstScreenOf, isLongPostPage } from './firstScreenPage';
import { pagesOfLink } from './components/posts/list/useInfinitePages';
import { cacheFor } from './theme/emotionCache';
import { fontFaceCss } from './theme/fonts';
import { postJsonLd } from './features/post/jsonLd';
import { NO_SCRIPT_HEAD, SERVER_ANSWERS_ID, SERVER_PAGE_CSS, pageStartScript, scriptJson, type DrawnAnswers } from './serverPage';

/** A screen that keeps asking for more after this many rounds is drawn as it is. */
const MAX_ROUNDS = 4;

/**
 * What the screens of a kind of address asked for on their first render, last time one was drawn
 * (issue 29): asked for before the first render of the next one, so that it is drawn once rather
 * than once to find out what it needs and again with the answers. A kind of address is its path
 * with each part after the first standing for itself (`/post/:1`) and its query as it is; an
 * argument that was one of those parts is asked with this address's part. A guess that no longer
 * holds (a screen asks for something else now) costs one answer, and the page is drawn as before.
 */
type Plan = Array<{ column: boolean; endpointName: string; args: unknown }>;
const plans = new Map<string, Plan>();
/** Kinds of address remembered at most (one per screen and query in practice). */
const MAX_PLANS = 200;

type PathPart = { part: number; form: 'raw' | 'decoded' | 'encoded' };
const isPathPart = (value: unknown): value is { [PLACEHOLDER]: PathPart } => typeof value === 'object' && value !== null && PLACEHOLDER in value;
const PLACEHOLDER = '__pathPart';

function kindOf(pathname: string, search: string): { kind: string; parts: string[] } {
  const parts = pathname.split('/').slice(2);
  const kind = `${pathname.split('/').slice(0, 2).join('/')}${parts.map((_, i) => `/:${i}`).join('')}${search}`;
  return { kind, parts };
}

const decodedOf = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/** The arguments with every string that is one of the address's parts made a placeholder for it. */
function templateOf(value: unknown, parts: string[]): unknown {
  if (typeof value === 'string') {
    for (const [part, raw] of parts.entries()) {
      if (!raw) continue;
      const decoded = decodedOf(raw);
      if (value === raw) return { [PLACEHOLDER]: { part, form: 'raw' } };
      if (value === decoded) return { [PLACEHOLDER]: { part, form: 'decoded' } };
      if (value === encodeURIComponent(decoded)) return { [PLACEHOLDER]: { part, form: 'encoded' } };
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => templateOf(v, parts));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templateOf(v, parts)]));
  return value;
}

function argsOf(template: unknown, parts: string[]): unknown {
  if (isPathPart(template)) {
    const { part, form } = template[PLACEHOLDER];
    const raw = parts[part] ?? '';
    return form === 'raw' ? raw : form === 'decoded' ? decodedOf(raw) : encodeURIComponent(decodedOf(raw));
  }
  if (Array.isArray(template)) return template.map((v) => argsOf(v, parts));
  if (typeof template === 'object' && template !== null) return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, argsOf(v, parts)]));
  return template;
}

/** What the stores' screens asked for on the first render (their queries then), as a plan for the next address of the kind. */
function planOf(stores: Array<[store: AppStore, column: boolean]>, parts: string[]): Plan {
  const plan: Plan = [];
  for (const [store, column] of stores) {
    const { queries } = store.getState().api as { queries: Record<string, Query> };
    for (const query of Object.values(queries)) {
      if (query?.endpointName) plan.push({ column, endpointName: query.endpointName, args: templateOf(query.originalArgs, parts) });
    }
  }
  return plan;
}

/** Forgets every plan (for tests: the next address of each kind is drawn as the first was). */
export function forgetDrawingPlans(): void {
  plans.clear();
}

type Initiate = (args: unknown) => Parameters<AppStore['dispatch']>[0];

/** Asks for what the plan says, in the store of each (their answers awaited by the caller). */
function follow(plan: Plan, parts: string[], store: AppStore, columnStore: AppStore): void {
  const endpoints = baseApi.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
  for (const { column, endpointName, args } of plan) {
    const endpoint = endpoints[endpointName];
    if (endpoint) (column ? columnStore : store).dispatch(endpoint.initiate(argsOf(args, parts)));
  }
}

const emotionServers = { rtl: createEmotionServer(cacheFor('rtl')), ltr: createEmotionServer(cacheFor('ltr')) };

/**
 * The styles the page's HTML uses, each with its id: the server links the stylesheet holding
 * them (the browser keeps it from page to page) and writes inline only what that does not hold
 * yet (src/server/pages/styles.ts). Emotion's own extraction decides which (every global style,
 * and the rules whose class names the HTML holds).
 */
function stylesOf(html: string, direction: 'rtl' | 'ltr'): PageStyles {
  const cache = cacheFor(direction);
  const globals: StylePart[] = [];
  const rules: StylePart[] = [];
  for (const chunk of emotionServers[direction].extractCriticalToChunks(html).styles) {
    if (chunk.key === cache.key) {
      for (const id of chunk.ids) {
        const css = cache.inserted[id];
        if (typeof css === 'string') rules.push([id, css]);
      }
    } else globals.push([chunk.ids.join(' '), chunk.css]);
  }
  return { key: cache.key, globals, rules };
}

/**
 * One strings instance per language, sharing the loaded strings: pages in both languages may be
 * drawn at once by one worker, and i18next's own instance has one current language.
 */
const instances = new Map<PageLanguage, I18n>();
function stringsFor(language: PageLanguage): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18n.cloneInstance({ lng: language, initAsync: false });
    instances.set(language, instance);
  }
  return instance;
}

/** The tree's HTML once everything in it has loaded (lazy parts included), as a string. */
async function drawToString(element: ReactElement): Promise<string> {
  // One piece: no boundary outlined for streaming (a drawn page must read without scripts).
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts).toString('utf8');
}

/** At most about 200 characters, cut between words. */
function clip(text: string, limit = 200): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

type Queries = AppStore extends { getState(): { api: { queries: infer Q } } } ? Q : never;
type Query = { endpointName?: string; status?: string; data?: unknown; originalArgs?: unknown } | undefined;

const fulfilledPost = (queries: Record<string, Query>): Post | undefined =>
  Object.values(queries).find((q) => q?.endpointName === 'getPost' && q.status === 'fulfilled')?.data as Post | undefined;

/** The page's title, description and picture, from its drawing and its answers, in its language. */
function metaOf(html: string, post: Post | undefined, language: PageLanguage, strings: I18n): DrawnPage['meta'] {
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]*>/g, '').trim();
  const picture = post?.attachments.find((a) => a.file_type.startsWith('image/'));
  const rendition = picture?.renditions.find((r) => r.width >= 640) ?? picture?.renditions.at(-1);
  const summaries = language === 'ar' ? [post?.summary_ar, post?.meta_description, post?.summary] : [post?.summary, post?.meta_description, post?.summary_ar];
  return {
    title: heading ? `${heading} · ${strings.t('app.name')}` : undefined,
    description: clip((summaries.find((s) => s?.trim()) ?? '').trim()) || undefined,
    image: rendition?.url ?? picture?.thumbnail_url ?? undefined,
  };
}

/** The endpoints of the lists a screen shows, whose feeds a drawn page names. */
const LIST_ENDPOINTS = new Set(['listPosts', 'listHashtagPosts', 'listOrganizationPosts']);

/**
 * `<link rel="alternate">` to the Atom and RSS feeds of the list the screen shows (issue 15), its
 * entries in the page's language: what feed readers and browsers look for on a page.
 */
function feedLinksOf(queries: Record<string, Query>, origin: string, language: PageLanguage, title: string | undefined): string {
  const list = Object.values(queries).find((q) => q?.status === 'fulfilled' && LIST_ENDPOINTS.has(q.endpointName ?? ''));
  if (!list || typeof list.originalArgs !== 'object' || list.originalArgs === null) return '';
  const arg = list.originalArgs as Record<string, unknown>;
  const named = (title ?? '').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (['atom', 'rss'] as const)
    .map((format) => {
      const href = `${origin}${feedHref(arg, format, language)}`.replace(/&/g, '&amp;');
      return `<link rel="alternate" type="application/${format}+xml" title="${named} (${format === 'atom' ? 'Atom' : 'RSS'})" href="${href}">`;
    })
    .join('');
}

/** Every post an answer holds (a post, or a page of them): a kept page is valid while their view counts are. */
function postIdsOf(queries: Record<string, Query>): number[] {
  const ids = new Set<number>();
  const isPost = (value: unknown): value is { id: number; view_count: number } =>
    typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && typeof (value as { view_count?: unknown }).view_count === 'number';
  for (const query of Object.values(queries)) {
    const data = query?.data as { results?: unknown } | undefined;
    if (isPost(data)) ids.add(data.id);
    if (data && Array.isArray(data.results)) for (const item of data.results) if (isPost(item)) ids.add(item.id);
  }
  return [...ids];
}

/** Cuts each long page of posts the screen was answered with to the first screen's; whether any was. */
function cutToFirstScreen(store: AppStore): boolean {
  const { queries } = store.getState().api as { queries: Record<string, (Query & { originalArgs?: unknown }) | undefined> };
  let cut = false;
  for (const query of Object.values(queries)) {
    if (query?.status !== 'fulfilled' || !query.endpointName || !isLongPostPage(query.data)) continue;
    // The generated endpoints are injected; this one is known only by its name here.
    const update = baseApi.util.updateQueryData as unknown as (name: string, args: unknown, recipe: (data: unknown) => unknown) => Parameters<AppStore['dispatch']>[0];
    store.dispatch(update(query.endpointName, query.originalArgs, (draft) => firstScreenOf(original(draft as object) as { results: unknown[] })));
    cut = true;
  }
  return cut;
}

export async function renderPage({ url, language, theme, now, timeZone, origin = '', api }: DrawRequest & { api: ServerFetch }): Promise<DrawnPage> {
  const { pathname, search } = new URL(url, 'http://localhost');
  // A link's `?page=N` (a reader without scripts reading on) asks for its pages whole.
  const cutLists = pagesOfLink(search) === 0;
  await Promise.all([loadLanguage(language), loadScreenStringsFor(language), preloadScreen(pathname)]);
  await firstRenderReady();

  const strings = stringsFor(language);
  const direction = directionOfLanguage(language);
  const preferences = { language, theme };
  const store = makeStore({ preferences }, { readStorage: false, serverFetch: api });
  // The right column's answers stay out of the page: the browser asks for them with its code.
  const columnStore = makeStore({ preferences }, { readStorage: false, serverFetch: api });
  const clock = { now, timeZone, ...(origin ? { origin } : {}) };
  let renders = 0;
  const draw = () => {
    renders++;
    return drawToString(
      <RightColumnStoreContext.Provider value={columnStore}>
        <AppProviders store={store} i18n={strings} clock={clock}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </RightColumnStoreContext.Provider>,
    );
  };

  try {
    const { kind, parts } = kindOf(pathname, search);
    const plan = plans.get(kind);
    if (plan) {
      follow(plan, parts, store, columnStore);
      const asked = [store, columnStore].flatMap((s) => s.dispatch(baseApi.util.getRunningQueriesThunk()));
      await Promise.all(asked);
      if (cutLists) cutToFirstScreen(store);
      await firstRenderReady();
    }
    let html = await draw();
    if (!plan) {
      if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value!);
      plans.set(kind, planOf([[store, false], [columnStore, true]], parts));
    }
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const running = [store, columnStore].flatMap((s) => s.dispatch(baseApi.util.getRunningQueriesThunk()));
      if (running.length === 0) break;
      await Promise.all(running);
      // Lists carry only what the first screen shows; the app asks for the rest (firstScreenPage.ts).
      if (cutLists) cutToFirstScreen(store);
      // A chunk a screen asked for on its first render (the post card's content).
      await firstRenderReady();
      html = await draw();
    }
    // A list answered in the last round (a screen still asking after MAX_ROUNDS).
    if (cutLists && cutToFirstScreen(store)) html = await draw();
    const styles = stylesOf(html, direction);
    const { queries, provided } = store.getState().api as { queries: Queries & Record<string, Query>; provided: unknown };
    // Only what was answered: a failed or pending query is asked again by the browser.
    const answered = Object.fromEntries(Object.entries(queries).filter(([, q]) => q?.status === QueryStatus.fulfilled));
    const post = pathname.startsWith('/post/') ? fulfilledPost(queries) : undefined;
    const answers: DrawnAnswers = { api: { queries: answered, mutations: {}, provided }, clock, preferences };
    // What the document is, for search engines and archives (schema.org Legislation or Article).
    const postUrl = (slug: string) => `${origin}/post/${encodeURIComponent(slug)}`;
    const jsonLd = post ? `<script type="application/ld+json">${scriptJson(postJsonLd(post, postUrl(post.slug), postUrl, language))}</script>` : '';
    const meta = metaOf(html, post, language, strings);
    const feeds = post ? '' : feedLinksOf(answered, origin, language, meta.title);
    return {
      meta,
      head: `<style>${fontFaceCss()}${SERVER_PAGE_CSS}</style>${NO_SCRIPT_HEAD}${jsonLd}${feeds}`,
      styles,
      root: `${pageStartScript()}<div id="root">${html}</div><script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson(answers)}</script>`,
      htmlAttributes: { lang: language, dir: direction },
      postIds: postIdsOf(answered),
      renders,
      ...(post ? { postId: post.id } : {}),
    };
  } finally {
    // Drops the subscriptions the render made (and any polling they started).
    store.dispatch(baseApi.util.resetApiState());
    columnStore.dispatch(baseApi.util.resetApiState());
  }
}
