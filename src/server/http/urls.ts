import type { FastifyRequest } from 'fastify';
import { normalizeOrigin } from '../config';

/** What a Host header may hold: a name or an address, and a port. Anything else is never used. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin absolute links in answers and e-mails name. Never one a client picked: the
 * request's own origin (its Host, or X-Forwarded-Host/-Proto behind TRUST_PROXY) only when it
 * is one of the configured ALLOWED_ORIGINS (a portal served under two names keeps each one's
 * links), else PUBLIC_URL, else the first allowed origin (config.ts; start-up fails in
 * production when neither is set).
 */
export function baseUrl(req: FastifyRequest): string {
  const { publicUrl, allowedOrigins } = req.server.config;
  const host = req.host;
  if (allowedOrigins.length && typeof host === 'string' && HOST.test(host)) {
    // Written as the request wrote it (`localhost:80` stays), once its origin is one allowed.
    const own = `${req.protocol}://${host}`;
    const origin = normalizeOrigin(own);
    if (origin && allowedOrigins.includes(origin)) return own;
  }
  const fallback = publicUrl ?? allowedOrigins[0];
  if (!fallback) throw new Error('no origin configured for absolute links (PUBLIC_URL or ALLOWED_ORIGINS)');
  return fallback;
}

/** Absolute URL of a file under the media root. */
export function mediaUrl(req: FastifyRequest, key: string | null | undefined): string | null {
  return key ? mediaUrlAt(baseUrl(req), key) : null;
}

/** The URL of a file under the media root, at an origin. */
export function mediaUrlAt(base: string, key: string | null | undefined): string | null {
  if (!key) return null;
  return `${base}/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}
