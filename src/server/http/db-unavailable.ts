import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from '../cache/bounded-cache';
import { isDatabaseUnreachable } from '../db/unreachable';
import { languageOf, type Lang } from '../i18n';
import { HttpError } from './errors';
import { baseUrl } from './urls';

export { isDatabaseUnreachable };

/**
 * While the database cannot be reached (db/unreachable.ts), a request that needed it is
 * answered 503 with Retry-After and a message in the reader's language — except a public read
 * answered before, which gets the copy kept from then (stale-if-error), marked as such:
 *
 * - `X-Qarar-Stale: 1` and `Age` (seconds since the copy was made);
 * - `Cache-Control: no-store`: nobody keeps a copy served in an outage, so once the database is
 *   back every reader gets the fresh answer.
 *
 * Kept are visitors' answers (no Authorization) 200 to GET /api/… as sent, by origin, address
 * and language, within KEPT_BYTES (least recently used first out) and no older than
 * STALE_LIMIT_MS. While the database answers they are never read: every answer comes from it.
 * A signed-in reader's request and a write are never answered from a copy. The drawn pages
 * keep theirs in their own cache (pages/drawn-pages.ts) and answer the same way.
 */

/** How long a client is asked to wait: a restart or a failover takes seconds. */
export const RETRY_AFTER_SECONDS = 5;
/** Marks an answer served from a copy while the database is away. */
export const STALE_HEADER = 'x-qarar-stale';
export const STALE_CACHE_CONTROL = 'no-store';
/** A copy older than this is not served even in an outage: better said unavailable than a day behind. */
export const STALE_LIMIT_MS = 24 * 3600 * 1000;
/** What the kept copies of API answers may take of each process's memory. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** The log says how many requests met the database away at most this often. */
const REPORT_EVERY_MS = 1000;

interface KeptAnswer {
  body: string | Buffer;
  type: string | undefined;
  etag: string | undefined;
  keptAt: number;
}

/** Requests that met the database away, by how they were answered: a kept copy, or 503. */
export interface OutageStats {
  stale: number;
  unavailable: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Visitors' API answers as last sent, for an outage of the database. */
    keptAnswers: BoundedCache<string, KeptAnswer>;
    /** For /metrics (qarar_database_unreachable_total). */
    outageStats: OutageStats;
  }
}

const keyOf = (req: FastifyRequest, lang: Lang) => `${baseUrl(req)}${req.url}\n${lang}`;
const isPublicRead = (req: FastifyRequest) => (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;

/**
 * Keeps each visitor's 200 answer to GET /api/… as sent, before it is compressed (an onSend
 * hook added ahead of @fastify/compress's).
 */
export function installKeptAnswers(app: FastifyInstance): void {
  const kept = new BoundedCache<string, KeptAnswer>({
    maxBytes: KEPT_BYTES,
    // The key's bytes are the cache's to add.
    sizeOf: (answer) => answer.body.length + 256,
    ttlMs: STALE_LIMIT_MS,
  });
  app.decorate('keptAnswers', kept);
  app.decorate('outageStats', { stale: 0, unavailable: 0 });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !isPublicRead(req) || reply.statusCode !== 200 || !req.url.startsWith('/api/')) return payload;
    if (reply.hasHeader(STALE_HEADER) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const control = String(reply.getHeader('cache-control') ?? '');
    if (/\b(private|no-store)\b/i.test(control)) return payload;
    const etag = reply.getHeader('etag');
    kept.set(keyOf(req, languageOf(req.headers['accept-language'])), {
      body: payload,
      type: reply.getHeader('content-type') as string | undefined,
      etag: typeof etag === 'string' ? etag : undefined,
      keptAt: Date.now(),
    });
    return payload;
  });
}

/** What a request that needed the database is answered while it cannot be reached. */
export const serviceUnavailable = () =>
  new HttpError(503, 'serviceUnavailable', { code: 'service_unavailable', headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });

/**
 * For a request that failed because the database cannot be reached: the kept copy of a public
 * read, sent; undefined when there is none (the caller answers serviceUnavailable()).
 */
export function sendKeptCopy(req: FastifyRequest, reply: FastifyReply, lang: Lang, err: unknown): FastifyReply | undefined {
  const copy = isPublicRead(req) && req.url.startsWith('/api/') ? req.server.keptAnswers?.get(keyOf(req, lang)) : undefined;
  metOutage(req, copy ? 'stale' : 'unavailable', err);
  if (!copy) return undefined;
  markStale(reply, copy.keptAt);
  if (copy.type) reply.type(copy.type);
  if (copy.etag) reply.header('etag', copy.etag);
  return reply.code(200).send(copy.body);
}

/** The headers of an answer served from a copy made at `keptAt` (ms). */
export function markStale(reply: FastifyReply, keptAt: number): void {
  reply
    .header(STALE_HEADER, '1')
    .header('age', String(Math.max(0, Math.floor((Date.now() - keptAt) / 1000))))
    .header('cache-control', STALE_CACHE_CONTROL);
}

let unreported = 0;
let lastReported = 0;

/**
 * Counts a request that met the database away, and says so in the log at most once a second
 * with how many: under load an outage would otherwise write a line per request.
 */
export function metOutage(req: FastifyRequest, answered: keyof OutageStats, err: unknown): void {
  const stats = req.server.outageStats;
  if (stats) stats[answered]++;
  unreported++;
  const now = Date.now();
  if (now - lastReported < REPORT_EVERY_MS) return;
  req.log.warn({ err, requests: unreported }, 'database unreachable: requests answered 503 or from kept copies');
  unreported = 0;
  lastReported = now;
}
