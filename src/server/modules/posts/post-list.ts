import type { FastifyReply, FastifyRequest } from 'fastify';
import { paged, type PageRequest } from '../../http/pagination';
import { baseUrl } from '../../http/urls';
import { cacheForReader } from './cache-control';
import type { PostFilter, PostOrdering } from './filters';
import { pageMemo, pageSignature, weakEtag } from './page-memo';
import { presentReadPost } from './present';
import { findPostKeys, postsOf } from './reads';

/**
 * The paged answer of a post list, for the feed and the hashtag and organization lists. A
 * visitor's answer is sent as kept bytes when nothing it is made of has changed; a signed-in
 * reader's (it shows their bookmarks) is built each time and kept out of shared caches.
 */
export async function sendPostPage(
  req: FastifyRequest,
  reply: FastifyReply,
  filter: PostFilter,
  ordering: PostOrdering,
  page: PageRequest,
): Promise<unknown> {
  const db = req.server.db;
  if (filter.nothing) return paged(req, page, 0, []);
  const readerId = req.auth?.userId ?? null;
  const { version, count, keys } = await findPostKeys(db, filter, ordering, page, readerId);
  const build = async () => paged(req, page, count, (await postsOf(db, version, keys)).map((p) => presentReadPost(req, p)));
  if (readerId !== null) {
    cacheForReader(req, reply);
    return build();
  }

  const memo = pageMemo(db);
  const address = baseUrl(req) + req.url;
  const signature = pageSignature(version, count, keys);
  let kept = memo.get(address, signature);
  if (!kept) {
    const answer: Record<string, unknown> = { ...(await build()) };
    // The route's own serializer (compiled from the contract), as Fastify would apply it.
    const body = Buffer.from(reply.serializeInput(answer, '200', 'application/json') as string);
    kept = { signature, body, etag: weakEtag(body) };
    memo.keep(address, kept);
  }
  reply.header('etag', kept.etag).type('application/json; charset=utf-8');
  return kept.body;
}
