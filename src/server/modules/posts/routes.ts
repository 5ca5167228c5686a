import { notFound } from '../../http/errors';
import { pageOf } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { assertCanSee } from './access';
import { cacheForReader } from './cache-control';
import { postFilterFromQuery } from './filters';
import { decodedParam } from './params';
import { sendPostPage } from './post-list';
import { presentReadPost } from './present';
import { findPost } from './reads';
import { siteSearch } from './site-search';
import { refusingNul } from './text-guard';
import { readerKey, viewCounter } from './views';

export const postsRoutes: RouteMap = refusingNul({
  async listPosts(req, reply) {
    const filter = postFilterFromQuery(req.query, req.auth);
    return sendPostPage(req, reply, filter, req.query.ordering ?? '-published_at', pageOf(req.query, 10));
  },

  async getPost(req, reply) {
    const readerId = req.auth?.userId ?? null;
    const { slug } = req.params;
    let post = await findPost(req.server.db, slug, readerId);
    const decoded = decodedParam(slug);
    if (!post && decoded !== slug) post = await findPost(req.server.db, decoded, readerId);
    if (!post) throw notFound('postNotFound');
    assertCanSee(post.key, req.auth);
    // Views of drafts (their author and staff previewing them) are not readers' views.
    if (post.key.status !== 'draft') viewCounter(req).record(post.key.id, readerKey(req));
    cacheForReader(req, reply);
    return presentReadPost(req, post);
  },

  async searchContent(req, reply) {
    const result = await siteSearch(req.server.db, req.query.q, req.query.limit ?? 5, req.auth?.userId ?? null);
    cacheForReader(req, reply);
    return {
      query: req.query.q,
      posts: result.posts.map((post) => presentReadPost(req, post)),
      posts_count: result.postsCount,
      hashtags: result.hashtags,
      organizations: result.organizations,
    };
  },
});
