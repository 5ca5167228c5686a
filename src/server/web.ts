import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from './i18n';
import { CONTRACT_PATH } from './http/contract';

/** Written by webpack.config.ts beside index.html: the chunks each path's screen needs first. */
const PRELOAD_MANIFEST = 'preload-manifest.json';
/** A hashed build file (name.0123abcd….ext, pre-compressed copies too): its content never changes. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|jpe?g|gif|avif|ico)(\.gz|\.br)?$/;

interface PreloadManifest {
  routes: Array<{ pattern: string; scripts: string[] }>;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html for a path, with `<link rel="preload">` for the chunks of that path's screen
 * (PRELOAD_MANIFEST), so the browser fetches them beside the entry rather than after it.
 * Re-read when the build changes under a running server.
 */
export function pageRenderer(webDir: string): (pathname: string) => string {
  let built = -1;
  let index = '';
  let routes: Array<{ pattern: RegExp; scripts: string[] }> = [];
  const pages = new Map<string, string>();
  return (pathname) => {
    const mtime = statSync(path.join(webDir, 'index.html')).mtimeMs;
    if (mtime !== built) {
      built = mtime;
      index = readFileSync(path.join(webDir, 'index.html'), 'utf8');
      pages.clear();
      const manifestFile = path.join(webDir, PRELOAD_MANIFEST);
      const manifest: PreloadManifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : { routes: [] };
      routes = manifest.routes.map((r) => ({ pattern: new RegExp(r.pattern), scripts: r.scripts }));
    }
    const route = routes.find((r) => r.pattern.test(pathname));
    if (!route || !index.includes('</head>')) return index;
    let page = pages.get(route.pattern.source);
    if (page === undefined) {
      const links = route.scripts.map((src) => `<link rel="preload" as="script" href="${escapeAttr(src)}">`).join('');
      page = index.replace('</head>', `${links}</head>`);
      pages.set(route.pattern.source, page);
    }
    return page;
  };
}

/**
 * The contract browsable at /api/docs, and the built single-page application: hashed assets
 * cached for a year, everything else (index.html, icons, manifest, robots.txt) revalidated
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
  const render = hasWeb ? pageRenderer(webDir) : null;

  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      hasWeb &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/media/') &&
      !path.extname(req.url.split('?')[0]);
    if (wantsPage && render) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(render(req.url.split('?')[0]));
    }
    return reply.code(404).send({ detail: translate(languageOf(req.headers['accept-language']), 'pathNotFound') });
  });
}
