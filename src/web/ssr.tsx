/**
 * The server's renderer (built by webpack.config.ts into its own bundle, loaded by
 * src/server/ssr.ts): draws a public screen as HTML with the answers it needs, so a reader sees
 * the page before any script has arrived, and the browser's app takes it over element for
 * element (hydration, src/web/index.tsx) instead of drawing it again.
 *
 * The queries are the screens' own: without a window they start while the tree renders
 * (src/web/api/baseApi.ts), the renderer awaits them and renders again, until no screen asks
 * for more. What it draws is a first-time visitor's page (src/web/serverPage.ts).
 */
import createEmotionServer from '@emotion/server/create-instance';
import mediaQuery from 'css-mediaquery';
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { baseApi } from './api/baseApi';
import type { ServerFetch } from './api/baseQuery';
import type { Post } from './api/posts';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';
import { firstRenderReady } from './app/firstRender';
import { makeStore } from './app/store';
import i18n from './i18n';
import { rtlCache } from './theme/emotionCache';
import { fontFaceCss } from './theme/fonts';
import { SERVER_ANSWERS_ID, SERVER_PAGE_CSS, SERVER_WIDTH, scriptJson, serverPageCheck, type ServerLayout } from './serverPage';

/** A screen that keeps asking for more after this many rounds is drawn as it is. */
const MAX_ROUNDS = 4;

const emotion = createEmotionServer(rtlCache);

/** The tree's HTML once everything in it has loaded (lazy parts included), as a string. */
async function drawToString(element: ReactElement): Promise<string> {
  // One piece: no boundary outlined for streaming (a drawn page must read without scripts).
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part as string));
  return Buffer.concat(parts).toString('utf8');
}

export interface ServerPageRequest {
  /** Path and query, as the browser asked. */
  url: string;
  layout: ServerLayout;
  /** The API, reached in-process (the server passes its own request injection). */
  api: ServerFetch;
}

export interface ServerPage {
  /** Goes before </head>: the faces, the check's style, the page's critical CSS. */
  head: string;
  /** Replaces `<div id="root"></div>`: the check, the drawn page, the answers. */
  root: string;
  /**
   * What a link to the page shows where no script runs (search results, a shared link's
   * preview): its title (its heading, HTML-escaped, as the app names the tab), and for a post
   * its description and first picture. The server writes them into the page's <head>.
   */
  meta: { title?: string; description?: string; image?: string };
}

/** At most about 200 characters, cut between words. */
function clip(text: string, limit = 200): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), limit / 2)).trimEnd()}…`;
}

/** The page's title, description and picture, from its drawing and its answers. */
function metaOf(html: string, queries: Record<string, { endpointName?: string; status?: string; data?: unknown } | undefined>): ServerPage['meta'] {
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]*>/g, '').trim();
  const post = Object.values(queries).find((q) => q?.endpointName === 'getPost' && q.status === 'fulfilled')?.data as Post | undefined;
  const picture = post?.attachments.find((a) => a.file_type.startsWith('image/'));
  const rendition = picture?.renditions.find((r) => r.width >= 640) ?? picture?.renditions.at(-1);
  return {
    title: heading ? `${heading} · ${i18n.t('app.name')}` : undefined,
    // The page is drawn in Arabic: the Arabic summary first.
    description: clip((post?.summary_ar || post?.meta_description || post?.summary || '').trim()) || undefined,
    image: rendition?.url ?? picture?.thumbnail_url ?? undefined,
  };
}

export { layoutFor } from './serverPage';

export async function renderPage({ url, layout, api }: ServerPageRequest): Promise<ServerPage> {
  const pathname = new URL(url, 'http://localhost').pathname;
  await preloadScreen(pathname);
  await firstRenderReady();

  const store = makeStore(undefined, { readStorage: false, serverFetch: api });
  const width = SERVER_WIDTH[layout];
  const serverMedia = (query: string) => ({ matches: mediaQuery.match(query, { width: `${width}px` }) });
  const draw = () =>
    drawToString(
      <AppProviders store={store} serverMedia={serverMedia}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
    );

  try {
    let html = await draw();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const running = store.dispatch(baseApi.util.getRunningQueriesThunk());
      if (running.length === 0) break;
      await Promise.all(running);
      // A chunk a screen asked for on its first render (the post card's content).
      await firstRenderReady();
      html = await draw();
    }
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    const { queries, provided } = store.getState().api;
    // Only what was answered: a failed or pending query is asked again by the browser.
    const answered = Object.fromEntries(Object.entries(queries).filter(([, q]) => q?.status === 'fulfilled'));
    return {
      meta: metaOf(html, queries),
      head: `<style>${fontFaceCss()}${SERVER_PAGE_CSS}</style>${styles}`,
      root: `${serverPageCheck(layout, Intl.DateTimeFormat().resolvedOptions().timeZone)}<div id="root">${html}</div><script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson({ api: { queries: answered, mutations: {}, provided } })}</script>`,
    };
  } finally {
    // Drops the subscriptions the render made (and any polling they started).
    store.dispatch(baseApi.util.resetApiState());
  }
}
