import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { prefsFromCookieHeader, type DrawnPage, type DrawRequest } from '../shared/drawnPage';

/** What the renderer bundle (src/web/ssr.tsx, built by webpack.config.ts) exports. */
interface Renderer {
  renderPage(request: DrawRequest & { api: { apiBaseUrl: string; fetch: typeof fetch } }): Promise<DrawnPage>;
}

/** A page not drawn within this long is sent undrawn: the app draws it in the browser. */
export const RENDER_TIMEOUT_MS = 2000;
/** The origin the renderer's API requests name; they never leave the process. */
const INTERNAL_ORIGIN = 'http://qarar.internal';

/** Where webpack.config.ts writes the renderer for a build in `webDir`. */
export function rendererFile(webDir: string): string {
  return path.join(`${webDir}-ssr`, 'ssr.js');
}

/** Of the page's request, what its API requests carry on (see injectFetch). */
const PASSED_ON = ['host', 'user-agent', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for'];

/**
 * fetch() over app.inject, for the API requests of one page's drawing: they never leave the
 * process, and go as the page's request came: from its address, with the host it was asked at
 * (the answers' absolute links, media included, name it) and its browser (views are counted
 * per reader).
 */
export function injectFetch(app: FastifyInstance, from: Pick<FastifyRequest, 'ip' | 'headers'>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    for (const name of PASSED_ON) {
      const value = from.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: body,
      remoteAddress: from.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
  }) as typeof fetch;
}

/**
 * The server's drawing of the app's public screens: loads the renderer built beside the app
 * (re-loaded when a new build replaces it) and answers its API requests in-process
 * (injectFetch). A page it cannot draw in time, or at all, is sent undrawn.
 */
export function serverRenderer(app: FastifyInstance, webDir: string) {
  const file = rendererFile(webDir);
  const require = createRequire(__filename);
  let loaded: { mtime: number; renderer: Renderer } | null = null;

  const current = (): Renderer | null => {
    if (!existsSync(file)) return null;
    const mtime = statSync(file).mtimeMs;
    if (loaded?.mtime !== mtime) {
      delete require.cache[require.resolve(file)];
      loaded = { mtime, renderer: require(file) as Renderer };
    }
    return loaded.renderer;
  };

  /**
   * The page's drawing in the reader's language (their preferences cookie), or null (no
   * renderer built, too slow, or it failed: logged).
   */
  return async (req: FastifyRequest, url: string): Promise<DrawnPage | null> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const renderer = current();
      if (!renderer) return null;
      return await Promise.race([
        renderer.renderPage({
          url,
          ...prefsFromCookieHeader(req.headers.cookie),
          now: Date.now(),
          timeZone: app.config.portalTimeZone,
          api: { apiBaseUrl: `${INTERNAL_ORIGIN}/api/v1`, fetch: injectFetch(app, req) },
        }),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => {
            req.log.warn({ url }, 'page not drawn on the server in time');
            resolve(null);
          }, RENDER_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      req.log.error({ err, url }, 'drawing the page on the server failed');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
