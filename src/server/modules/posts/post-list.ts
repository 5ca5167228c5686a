import type { FastifyReply, FastifyRequest } from 'fastify';
import { paged, type PageRequest } from '../../http/pagination';
import { baseUrl } from '../../http/urls';
import { cacheForReader } from './cache-control';
import type { PostFilter, PostOrdering } from './filters';
import { pageMemo, pageSignature, weakEtag } from './page-memo';
import { presentReadPost } from './present';
import { findPostKeys, postsOf } from './reads';
import { searchMatches } from './search-match';
import { languageOf } from '../../i18n';

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
  const { version, count, bounded, keys } = await findPostKeys(db, filter, ordering, page, readerId);
  const build = async () => {
    const posts = await postsOf(db, version, keys);
    const presented = posts.map((p) => presentReadPost(req, p));
    if (filter.search) {
      const found = await searchMatches(db, filter.search, posts.map((p) => p.row), languageOf(req.headers['accept-language']));
      presented.forEach((p) => {
        const match = found.get(p.id);
        if (match) p.match = match;
      });
    }
    return paged(req, page, count, presented, bounded);
  };
  if (readerId !== null) {
    cacheForReader(req, reply);
    return build();
  }

  const memo = pageMemo(db);
  const address = baseUrl(req) + req.url;
  // The answer to a search is in the reader's language (its excerpts): one kept answer per language.
  const signature = pageSignature(version, count, keys) + (filter.search ? `|${languageOf(req.headers['accept-language'])}` : '') + (bounded ? '|bounded' : '');
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
