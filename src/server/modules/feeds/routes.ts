import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteMap, RouteRequest } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import type { FeedFormat } from './service';

export { FEED_ENTRIES } from './service';
/** How long a feed reader may use a feed without asking again (it then asks with its validators). */
const MAX_AGE_S = 300;

type Format = FeedFormat;
const MEDIA: Record<Format, string> = { atom: 'application/atom+xml; charset=utf-8', rss: 'application/rss+xml; charset=utf-8' };

/**
 * A feed of a list of posts (service.ts makes or reuses its bytes): a feed reader polling every
 * few minutes gets 304 Not Modified from its ETag or Last-Modified, and a new reader the kept bytes.
 */
async function sendFeed(req: RouteRequest<'getPostsAtomFeed'>, reply: FastifyReply, format: Format): Promise<unknown> {
  const { lang, ...list } = req.query;
  const kept = await req.server.feeds.feed(format, list, lang ?? 'ar', baseUrl(req), req.url);
  reply.header('etag', kept.etag);
  const modified = kept.modified ?? new Date(0);
  reply.header('last-modified', modified.toUTCString());
  reply.header('cache-control', `public, max-age=${MAX_AGE_S}`);
  reply.type(MEDIA[format]);
  // If-None-Match wins when both are given (RFC 9110 §13.2.2); @fastify/etag answers it.
  if (!req.headers['if-none-match'] && notModifiedSince(req, modified)) return reply.code(304).send();
  return kept.body;
}

/** Whether the request's If-Modified-Since is at or after `modified` (to the second, as HTTP dates go). */
function notModifiedSince(req: FastifyRequest, modified: Date): boolean {
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

export const feedsRoutes: RouteMap = {
  getPostsAtomFeed: (req, reply) => sendFeed(req, reply, 'atom'),
  getPostsRssFeed: (req, reply) => sendFeed(req, reply, 'rss'),
};
