import { pageOf, paged } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { cachePublicly, HASHTAGS_MAX_AGE_SECONDS } from '../posts/cache-control';
import { sendPostPage } from '../posts/list-answers';

export const hashtagsRoutes: RouteMap = {
  async listHashtags(req, reply) {
    const page = pageOf(req.query, 20);
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    const { count, results } = await req.server.hashtags.page(
      { search: req.query.search, isTrending: req.query.is_trending, ordering: req.query.ordering },
      page,
    );
    return paged(req, page, count, results);
  },

  async listTrendingHashtags(req, reply) {
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return req.server.hashtags.trending(req.query.limit ?? 10);
  },

  async listPopularHashtags(req, reply) {
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return req.server.hashtags.popular(req.query.limit ?? 10);
  },

  async getHashtag(req, reply) {
    const tag = await req.server.hashtags.byParam(req.params.slug);
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return tag;
  },

  async listRelatedHashtags(req, reply) {
    const related = await req.server.hashtags.related(req.params.slug, req.query.limit ?? 10);
    cachePublicly(reply, HASHTAGS_MAX_AGE_SECONDS);
    return related;
  },

  async listHashtagPosts(req, reply) {
    const tag = await req.server.hashtags.byParam(req.params.slug);
    return sendPostPage(req, reply, { status: 'published', hashtagId: tag.id }, '-published_at', pageOf(req.query, 20));
  },
};
