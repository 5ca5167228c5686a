import { notFound } from '../../http/errors';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { cachePublicly, HASHTAGS_MAX_AGE_SECONDS } from '../posts/cache-control';
import { sendPostPage } from '../posts/list-answers';
import { hashtagIdentity } from '../../../shared/hashtags';
import { refusingNul } from '../posts/nul-guard';
import { findHashtagByParam, findHashtagPage, popularHashtags, relatedHashtags, trendingHashtags } from './repository';

/** Shorter searches (after the `#`) find nothing: too many tags would match to be of use. */
const MIN_SEARCH_LENGTH = 2;


export const hashtagsRoutes: RouteMap = refusingNul({
  async listHashtags(req, reply) {
    const page = pageOf(req.query, 20);
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    let search: string | undefined;
    if (req.query.search !== undefined) {
      search = hashtagIdentity(req.query.search);
      if ([...search].length < MIN_SEARCH_LENGTH) return paged(req, page, 0, []);
    }
    const { count, results } = await findHashtagPage(
      req.server.db,
      { search, isTrending: req.query.is_trending, ordering: req.query.ordering },
      page,
    );
    return paged(req, page, count, results);
  },

  async listTrendingHashtags(req, reply) {
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return trendingHashtags(req.server.db, req.query.limit ?? 10);
  },

  async listPopularHashtags(req, reply) {
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return popularHashtags(req.server.db, req.query.limit ?? 10);
  },

  async getHashtag(req, reply) {
    const tag = await findHashtagByParam(req.server.db, req.params.slug);
    if (!tag) throw notFound('hashtagNotFound');
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return tag;
  },

  async listRelatedHashtags(req, reply) {
    const limit = req.query.limit ?? 10;
    const tag = await findHashtagByParam(req.server.db, req.params.slug);
    const related = tag ? await relatedHashtags(req.server.db, tag.id, limit) : [];
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    // A tag never used with another (or no such tag) still gets suggestions: the most used.
    return related.length ? related : popularHashtags(req.server.db, limit, tag?.id ?? null);
  },

  async listHashtagPosts(req, reply) {
    const tag = await findHashtagByParam(req.server.db, req.params.slug);
    if (!tag) throw notFound('hashtagNotFound');
    return sendPostPage(req, reply, { status: 'published', hashtagId: tag.id }, '-published_at', pageOf(req.query, 20));
  },
});
