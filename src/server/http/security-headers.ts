import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import helmetMiddleware from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The security headers of every answer (API, errors, files, media, pages, 304s), set by
 * @fastify/helmet as each request arrives:
 *
 * - Content-Security-Policy: everything from this origin only; scripts from files of this
 *   origin, and the few inline scripts the portal itself writes, each allowed by its SHA-256
 *   (`'unsafe-inline'` is never allowed for scripts). Styles may be inline: Emotion inserts
 *   <style> tags as the app runs. No frame may hold the portal (`frame-ancestors 'none'`).
 * - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin;
 *   X-Frame-Options: DENY (for browsers without frame-ancestors); Permissions-Policy (below).
 * - Strict-Transport-Security only on an answer sent over https (req.protocol, which
 *   honours TRUST_PROXY): over plain http it means nothing, and on a local address it would
 *   pin a development machine's localhost to https.
 *
 * The inline scripts' hashes are taken from what is actually served, never from a function's
 * source as this process compiled it (tsx, babel-jest and webpack each print a function
 * differently): index.html's scripts as the build wrote them, the frame's own start script,
 * and the drawn page's start script as the renderer wrote it (src/server/web.ts registers
 * each one through `inlineScripts`).
 */

/** Features no screen of the portal uses: no page may ask for them, nor a frame within it. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** `'sha256-…'` of an inline script's text (what is between <script> and </script>). */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The text of every inline script a browser would run in `html`: no `src`, and a JavaScript
 * type (none, or text/javascript, or module). Data blocks (`type="application/json"`) run
 * nothing and need no hash.
 */
export function inlineScriptsOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'application/javascript', 'module'].includes(type)) continue;
    out.push(m[2]);
  }
  return out;
}

/**
 * The inline scripts the portal serves, by where they come from (index.html, the frame, the
 * renderer): each source's set replaces its previous one when a new build is read, so a
 * running server follows a rebuild and never collects hashes without end.
 */
export class InlineScripts {
  private readonly sources = new Map<string, string[]>();
  private joined = '';

  /** The scripts of one source (their texts), replacing what it had. */
  set(source: string, scripts: string[]): void {
    const hashes = [...new Set(scripts.map(scriptHash))];
    const before = this.sources.get(source);
    if (before && before.length === hashes.length && before.every((h, i) => h === hashes[i])) return;
    this.sources.set(source, hashes);
    this.joined = [...new Set([...this.sources.values()].flat())].join(' ');
  }

  /** Every hash, space-separated, for script-src. */
  hashes(): string {
    return this.joined;
  }

  /** Every hash, as a list (for tests). */
  list(): string[] {
    return this.joined ? this.joined.split(' ') : [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hashes of the inline scripts pages carry, for the CSP (src/server/http/security-headers.ts). */
    inlineScripts: InlineScripts;
  }
}

/** The Content-Security-Policy directives, with the inline scripts' hashes of the moment. */
export function cspDirectives(scripts: InlineScripts) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", () => scripts.hashes()],
    // Inline handlers (onclick="…") are never allowed, whatever script-src says.
    scriptSrcAttr: ["'none'"],
    // Emotion writes <style> tags as the app runs; MUI sets style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // A profile picture's preview is a blob: URL; MUI and the icons use data: images.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    frameSrc: ["'none'"],
    // Upgrading is the proxy's business (an http-only deployment must keep working).
    upgradeInsecureRequests: null,
  };
}

/** The headers helmet does not set: Permissions-Policy always, HSTS over https. */
function setOtherHeaders(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('permissions-policy', PERMISSIONS_POLICY);
  if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** Helmet's options: the same for the plugin and for answers made where no hook ran. */
function helmetOptions(scripts: InlineScripts) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(scripts) as never },
    // The portal loads only its own origin's files: these cross-origin isolation headers
    // would gain nothing and could break a shared link's preview image (og:image) elsewhere.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
    crossOriginOpenerPolicy: { policy: 'same-origin' as const },
    referrerPolicy: { policy: REFERRER_POLICY },
    // Set by setOtherHeaders, only over https.
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' as const },
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' as const },
    originAgentCluster: true,
    xXssProtection: true,
    xDownloadOptions: true,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Helmet's own middleware, for answers made before any hook ran. */
    helmetForEarlyAnswers: ReturnType<typeof helmetMiddleware>;
  }
}

/**
 * Every header, for an answer made where no hook ran: Fastify's own errors (an address it
 * cannot read) are answered before onRequest.
 */
export function setSecurityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  if (req.server.hasDecorator('helmetForEarlyAnswers')) req.server.helmetForEarlyAnswers(req.raw, reply.raw, () => undefined);
  setOtherHeaders(req, reply);
}

/** Registers @fastify/helmet for every answer of `app`, and the Permissions-Policy it does not set. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const scripts = new InlineScripts();
  app.decorate('inlineScripts', scripts);
  const options = helmetOptions(scripts);
  app.decorate('helmetForEarlyAnswers', helmetMiddleware(options as never));
  await app.register(helmet, { global: true, ...options } as never);
  app.addHook('onRequest', async (req, reply) => setOtherHeaders(req, reply));
}

/**
 * Sets the headers again for a page about to be sent: its inline scripts may have been learnt
 * after the request arrived (the first page after a build is read, or drawn by a new renderer).
 */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.helmet();
}
