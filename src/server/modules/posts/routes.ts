import { pageOf } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { cacheForReader } from './cache-control';
import { postFilterFromQuery } from './filters';
import { isDrawing } from '../../ssr';
import { readerKey } from './views';

export const postsRoutes: RouteMap = {
  async listPosts(req, reply) {
    const filter = postFilterFromQuery(req.query, req.auth);
    return req.server.posts.sendPostPage(req, reply, filter, req.query.ordering ?? '-published_at', pageOf(req.query, 10));
  },

  async getPost(req, reply) {
    const posts = req.server.posts;
    const post = await posts.readablePost(req.params.slug, req.auth);
    // Views of drafts (their author and staff previewing them) are not readers' views, nor is a
    // page drawing's request (its readers are counted as it is served: src/server/pages/).
    if (post.key.status !== 'draft' && !isDrawing(req)) posts.views.record(post.key.id, readerKey(req));
    cacheForReader(req, reply);
    // The current version's signature: in a post's own answer, not in lists (issue 30).
    return { ...posts.present(req, post), signature: post.key.signature ?? null };
  },

  async listPostVersions(req, reply) {
    const versions = await req.server.posts.versions(req.params.slug);
    cacheForReader(req, reply);
    return versions;
  },

  async getPostVersion(req, reply) {
    const version = await req.server.posts.version(req, req.params.slug, req.params.version);
    cacheForReader(req, reply);
    return version;
  },

  async searchContent(req, reply) {
    const result = await req.server.posts.search(req, req.query.q, req.query.limit ?? 5);
    cacheForReader(req, reply);
    return result;
  },
};
