import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteMap, RouteRequest, Schemas } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import { postFilterFromQuery, type ListPostsQuery } from '../posts/filters';
import { pageMemo, signatureEtag } from '../posts/page-memo';
import { docsOf } from '../posts/post-docs';
import { findPostKeys } from '../posts/reads';
import { refusingNul } from '../posts/text-guard';
import { feedTitle, listPagePath } from './describe';
import { atomFeed, entryOf, rssFeed, type FeedData } from './feed';

/** Entries in a feed: the newest of the list (feed readers keep what they saw). */
export const FEED_ENTRIES = 50;
/** How long a feed reader may use a feed without asking again (it then asks with its validators). */
const MAX_AGE_S = 300;

type Format = 'atom' | 'rss';
const MEDIA: Record<Format, string> = { atom: 'application/atom+xml; charset=utf-8', rss: 'application/rss+xml; charset=utf-8' };

/**
 * A feed of a list of posts: the list's filters as listPosts takes them, published posts only,
 * the newest FEED_ENTRIES in the list's ordering. What a feed is made of is read on each request
 * (the content version and the entries' ids, from the kept page when nothing changed), and the
 * bytes are made once for it and kept (page-memo.ts): a feed reader polling every few minutes
 * gets 304 Not Modified from its ETag or Last-Modified, and a new reader the kept bytes.
 */
async function sendFeed(req: RouteRequest<'getPostsAtomFeed'>, reply: FastifyReply, format: Format): Promise<unknown> {
  const db = req.server.db;
  const { lang: asked, ...list } = req.query;
  const lang = asked ?? 'ar';
  const query = list as ListPostsQuery;
  const filter = { ...postFilterFromQuery(query, null), status: 'published' as const };
  const ordering = query.ordering ?? '-published_at';
  const { version, keys } = await findPostKeys(db, filter, ordering, { page: 1, pageSize: FEED_ENTRIES, offset: 0 }, null, true);

  const address = `${format}|${baseUrl(req)}${req.url}`;
  // Views are not in a feed: only the content and the list's members make its bytes.
  const signature = `${version}|${keys.map((k) => k.id).join(',')}`;
  const memo = pageMemo(db);
  let kept = memo.get(address, signature);
  if (!kept) {
    const origin = baseUrl(req);
    const docs = await docsOf(db, keys, origin);
    const posts = keys.filter((k) => docs.has(k.id)).map((k) => JSON.parse(`${docs.get(k.id)!}}`) as Schemas['Post']);
    const entries = posts.map((post) => entryOf(post, lang, origin));
    const { title, description } = await feedTitle(db, filter, query.search, lang);
    const feed: FeedData = {
      lang,
      title,
      description,
      selfUrl: `${origin}${req.url}`,
      pageUrl: `${origin}${listPagePath(query)}`,
      updated: new Date(Math.max(0, ...entries.map((e) => e.updated.getTime()))),
      entries,
    };
    const body = Buffer.from(format === 'atom' ? atomFeed(feed) : rssFeed(feed));
    kept = { signature, body, etag: signatureEtag(address, signature), modified: feed.updated };
    memo.keep(address, kept);
  }

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

export const feedsRoutes: RouteMap = refusingNul({
  getPostsAtomFeed: (req, reply) => sendFeed(req, reply, 'atom'),
  getPostsRssFeed: (req, reply) => sendFeed(req, reply, 'rss'),
});
