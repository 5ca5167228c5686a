import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from './i18n';
import { CONTRACT_PATH } from './http/contract';
import { errorBody } from './http/error-handler';
import type { DrawnPage, PageLanguage } from '../shared/drawnPage';
import { DrawnPages, type Frames } from './pages/drawn-pages';
import { inlineScriptsOf, type InlineScripts } from './http/security-headers';
import { withLanguage } from './pages/html-attributes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's drawing and keeping of the public screens' pages (null without a built app). */
    drawnPages: DrawnPages | null;
  }
}

/** Where the app mounts, in the built index.html. */
const EMPTY_ROOT = '<div id="root"></div>';
/** Written by webpack.config.ts beside index.html: the chunks each path's screen needs first. */
const PRELOAD_MANIFEST = 'preload-manifest.json';
/** A hashed build file (name.0123abcd….ext, pre-compressed copies too): its content never changes. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|jpe?g|gif|avif|ico)(\.gz|\.br)?$/;

interface PreloadManifest {
  routes: Array<{ pattern: string; scripts: string[] }>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The entry's scripts as html-webpack-plugin writes them into index.html. */
const ENTRY_SCRIPT = /<script defer="defer" src="([^"]+)"><\/script>/g;

/**
 * Starts the app's scripts once the browser reports the page's first contentful paint (the
 * drawn page shows when its faces are here, src/web/serverPage.ts), or after 1.5 s whatever
 * happens (a tab that does not paint): inline in a drawn page, whose content needs no script
 * to be seen, so on a slow link the page's HTML and fonts are not sharing the line with the
 * app's code. Preloads first, then the entry's scripts, executed in order.
 */
const START_AFTER_PAINT =
  "function(p,s){var d=0;function go(){if(d++)return;var h=document.head;p.forEach(function(u){var l=document.createElement('link');l.rel='preload';l.as='script';l.href=u;h.appendChild(l)});s.forEach(function(u){var e=document.createElement('script');e.src=u;e.async=false;h.appendChild(e)})}try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(go)})}setTimeout(go,1500)}";

/** What the frame needs of a drawn page (src/shared/drawnPage.ts). */
export type DrawnParts = Pick<DrawnPage, 'head' | 'root' | 'meta'> & Partial<Pick<DrawnPage, 'htmlAttributes'>>;

/** The page's own title, description and picture in its <head>, for links to it. */
function withMeta(page: string, meta: DrawnParts['meta'] = {}): string {
  let out = page;
  const tags: string[] = [];
  if (meta.title) {
    out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${meta.title}</title>`);
    tags.push(`<meta property="og:title" content="${meta.title}">`);
  }
  if (meta.description) {
    const description = escapeAttr(meta.description);
    out = out.replace(/<meta name="description" content="[^"]*"\/?>/, () => `<meta name="description" content="${description}"/>`);
    tags.push(`<meta property="og:description" content="${description}">`);
  }
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeAttr(meta.image)}">`, '<meta name="twitter:card" content="summary_large_image">');
  return tags.length ? out.replace('</head>', () => `${tags.join('')}</head>`) : out;
}

/**
 * Each language's web app manifest (public/), as the app links it when the reader switches
 * (src/web/i18n/index.ts): an installed app is named, and says what it is, in the language of
 * the page it was installed from. index.html links the Arabic one.
 */
const MANIFESTS: Record<PageLanguage, string> = { ar: '/manifest.webmanifest', en: '/manifest.en.webmanifest' };
const MANIFEST_LINK = /(<link rel="manifest" href=")[^"]*"/;

/** The page linking the manifest of its language. */
function withManifest(page: string, language: PageLanguage | undefined): string {
  const href = language && Object.hasOwn(MANIFESTS, language) ? MANIFESTS[language] : undefined;
  return href ? page.replace(MANIFEST_LINK, (_, start: string) => `${start}${href}"`) : page;
}

/** Where the start script finds its two lists (a data block: the script's own text never changes, so one hash allows it). */
const START_DATA_ID = 'qarar-start';
/** The frame's start script: always this text, whatever the build and the screen. */
export const FRAME_START_SCRIPT = `(${START_AFTER_PAINT}).apply(null,JSON.parse(document.getElementById(${JSON.stringify(START_DATA_ID)}).textContent))`;
/** A data block (never run): its JSON may neither close nor comment the element. */
const dataBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** A drawn page's root as the renderer writes it: its start script (src/web/serverPage.ts), then the app's root. */
const RENDERER_START = /^<script>([\s\S]*?)<\/script><div id="root">/;

export interface PageFrames extends Frames {
  /** The same for a page the server draws (null for a path that is no public screen). */
  drawn: ((parts: DrawnParts) => string) | null;
}

/**
 * index.html for a path, with `<link rel="preload">` for the chunks of that path's screen
 * (PRELOAD_MANIFEST), so the browser fetches them beside the entry rather than after it; and,
 * for a public screen, the frame of the page the server draws (src/server/pages/), whose
 * <html> names the page's language and whose scripts start after its first paint. Re-read
 * when the build changes under a running server (`build` says when).
 */
export function pageRenderer(webDir: string, scripts?: InlineScripts): (pathname: string) => PageFrames {
  let built = -1;
  let index = '';
  let routes: Array<{ pattern: RegExp; scripts: string[] }> = [];
  const frames = new Map<string, PageFrames>();
  return (pathname) => {
    const mtime = statSync(path.join(webDir, 'index.html')).mtimeMs;
    if (mtime !== built) {
      built = mtime;
      index = readFileSync(path.join(webDir, 'index.html'), 'utf8');
      frames.clear();
      // The CSP allows index.html's inline scripts (the colour scheme's) as the build wrote them.
      scripts?.set('index.html', [...inlineScriptsOf(index), FRAME_START_SCRIPT]);
      const manifestFile = path.join(webDir, PRELOAD_MANIFEST);
      const manifest: PreloadManifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PreloadManifest) : { routes: [] };
      routes = manifest.routes.map((r) => ({ pattern: new RegExp(r.pattern), scripts: r.scripts }));
    }
    const route = routes.find((r) => r.pattern.test(pathname));
    if (!route || !index.includes('</head>')) return { page: index, drawn: null, build: built };
    let frame = frames.get(route.pattern.source);
    if (frame === undefined) {
      const links = route.scripts.map((src) => `<link rel="preload" as="script" href="${escapeAttr(src)}">`).join('');
      const entry = [...index.matchAll(ENTRY_SCRIPT)].map((m) => m[1]);
      const bare = index.replace(ENTRY_SCRIPT, '').replace(/<noscript>[\s\S]*?<\/noscript>/, '');
      const start = `${dataBlock(START_DATA_ID, [route.scripts, entry])}<script>${FRAME_START_SCRIPT}</script>`;
      const drawable = entry.length > 0 && bare.includes(EMPTY_ROOT) && bare.includes('</body>');
      frame = {
        page: index.replace('</head>', `${links}</head>`),
        build: built,
        drawn: drawable
          ? ({ head, root, meta, htmlAttributes }) => {
              // The renderer's start script, at the head of its root where no content reaches:
              // its text is the build's (the renderer's own compilation of src/web/serverPage.ts).
              const own = RENDERER_START.exec(root);
              if (own) scripts?.set('renderer', [own[1]]);
              return withMeta(withManifest(withLanguage(bare, htmlAttributes), htmlAttributes?.lang), meta)
                .replace('</head>', () => `${head}</head>`)
                .replace(EMPTY_ROOT, () => root)
                .replace('</body>', () => `${start}</body>`);
            }
          : null,
      };
      frames.set(route.pattern.source, frame);
    }
    return frame;
  };
}

/**
 * The contract browsable at /api/docs, and the built single-page application: hashed assets
 * cached for a year, everything else (index.html, icons, manifests, robots.txt) revalidated
 * each time; pre-compressed brotli and gzip copies sent when the client takes them; index.html
 * for every deep link, with preloads for that screen's chunks.
 */
export async function registerWeb(app: FastifyInstance) {
  await app.register(swagger, {
    mode: 'static',
    specification: { path: CONTRACT_PATH, baseDir: path.dirname(CONTRACT_PATH) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const webDir = app.config.webDir;
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      preCompressed: true,
      // The server's own reading of the build, not a page.
      allowedPath: (pathName) => pathName !== `/${PRELOAD_MANIFEST}`,
      // The rules below decide caching, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('cache-control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const render = hasWeb ? pageRenderer(webDir, app.inlineScripts) : null;
  const config = app.config;
  const pages = hasWeb
    ? new DrawnPages(app, {
        webDir,
        workers: config.pageWorkers,
        queue: config.pageQueue,
        niceness: config.pageWorkerNice,
        deadlineMs: config.pageDeadlineMs,
        cacheBytes: config.pageCacheBytes,
        maxAgeMs: config.pageCacheMaxAgeSeconds * 1000,
        postMaxAgeMs: config.pagePostMaxAgeSeconds * 1000,
        timeZone: config.portalTimeZone,
        storeBytes: config.pageStoreBytes,
        warmPosts: config.pageWarmPosts,
        viewsLagMs: config.pageViewsLagSeconds * 1000,
        frames: render ?? undefined,
        publicOrigin: config.publicUrl ?? config.allowedOrigins[0],
      })
    : null;
  app.decorate('drawnPages', pages);
  if (pages) {
    app.addHook('onClose', () => pages.close());
    // The pages kept on disk come back into memory, in the background; then the drawing ahead.
    app.addHook('onReady', async () => {
      const preloaded = pages.preload();
      if (config.pageDrawAhead) void preloaded.then(() => pages.startDrawingAhead());
    });
  }

  const wantsPage = (url: string) => !url.startsWith('/api/') && !url.startsWith('/media/') && !path.extname(url.split('?')[0]);

  if (pages) app.get('/styles/:file', (req, reply) => pages.serveStylesheet(req, reply, (req.params as { file: string }).file));

  if (render && pages) {
    // A route rather than the not-found handler, so the app's page is compressed like every
    // answer (a drawn page comes compressed already). Files and the API's routes are matched first.
    app.get('/*', async (req, reply) => {
      if (!wantsPage(req.url)) return reply.callNotFound();
      // A public screen's page comes drawn, with what it shows (src/web/ssr.tsx); the others,
      // and any page that cannot be drawn in time, are the app's empty page.
      return pages.serve(req, reply, render(req.url.split('?')[0]));
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    return reply.code(404).send(errorBody(req, { detail: translate(languageOf(req.headers['accept-language']), 'pathNotFound') }));
  });
}
