import type { FastifyReply, FastifyRequest } from 'fastify';
import { paged, type PageRequest } from '../../http/pagination';
import { baseUrl } from '../../http/urls';
import { cacheForReader } from './cache-control';
import type { PostFilter, PostOrdering } from './filters';
import { withResults } from './json-splice';
import { pageSignature, signatureEtag } from './page-memo';
import { docsOf, parsedDoc, postJson } from './post-docs';
import { searchMatches, type MatchSource } from './search-match';
import { languageOf } from '../../i18n';

/**
 * The paged answer of a post list, for the feed and the hashtag and organization lists: the
 * page's posts as kept (post-docs.ts) with what is read fresh for each request — view counts,
 * the reader's bookmarks, a search's matches. A visitor's answer is sent as kept bytes when
 * nothing it is made of has changed; a signed-in reader's (it shows their bookmarks) is built
 * each time and kept out of shared caches.
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
  const { reads, answers: memo } = req.server.posts;
  const address = baseUrl(req) + req.url;
  const lang = languageOf(req.headers['accept-language']);
  reply.type('application/json; charset=utf-8');
  if (readerId === null) {
    // A visitor's answer kept at both versions is the answer while neither has moved.
    const kept = memo.peek(address);
    if (kept?.at && (!filter.search || kept.at.lang === lang)) {
      const now = await reads.versions();
      if (now.version === kept.at.version && now.views === kept.at.views) {
        memo.served();
        reply.header('etag', kept.etag);
        return kept.body;
      }
    }
  }
  // The posts as kept come with the page's keys, unless a visitor's answer at this address is
  // kept (most likely still good: its signature decides).
  const withDocs = readerId !== null || !memo.has(address);
  const { count, bounded, keys, version, views } = await reads.findPostKeys(filter, ordering, page, readerId, withDocs);
  const build = async (): Promise<Buffer> => {
    // The envelope first: an address past the last page is refused before any post is read.
    const { results: _, ...envelope } = paged(req, page, count, [], bounded);
    const docs = await docsOf(db, keys, baseUrl(req));
    // Posts deleted between the two reads are simply no longer in the list.
    const shown = keys.filter((k) => docs.has(k.id));
    const matches = filter.search
      ? await searchMatches(db, filter.search, shown.map((k) => parsedDoc<MatchSource>(docs.get(k.id)!)), lang)
      : null;
    const results = shown.map((k) => postJson(docs.get(k.id)!, k, matches?.get(k.id)));
    return Buffer.from(withResults(envelope, results));
  };
  if (readerId !== null) {
    cacheForReader(req, reply);
    return build();
  }

  // The answer to a search is in the reader's language (its excerpts): one kept answer per language.
  const signature = pageSignature(version, count, keys) + (filter.search ? `|${lang}` : '') + (bounded ? '|bounded' : '');
  // A page counted only to its bound may be counted exactly later at the same versions: its
  // answer is checked by its signature each time.
  const at = views !== null && !bounded ? { version, views, ...(filter.search ? { lang } : {}) } : undefined;
  let kept = memo.get(address, signature);
  if (!kept) {
    const body = await build();
    kept = { signature, body, etag: signatureEtag(address, signature), at };
    memo.keep(address, kept);
  } else {
    // The same answer, now known good at these versions (other posts' views may have moved).
    kept.at = at;
  }
  reply.header('etag', kept.etag);
  return kept.body;
}
