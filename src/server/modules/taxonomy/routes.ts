import type { RouteMap } from '../../http/routes';
import {
  cachePublicly,
  CATEGORIES_MAX_AGE_SECONDS,
  POST_TYPES_MAX_AGE_SECONDS,
} from '../posts/cache-control';

export const taxonomyRoutes: RouteMap = {
  async listCategories(req, reply) {
    cachePublicly(reply, CATEGORIES_MAX_AGE_SECONDS);
    return req.server.taxonomy.categories();
  },

  async getCategory(req, reply) {
    const category = await req.server.taxonomy.category(req.params.id);
    cachePublicly(reply, CATEGORIES_MAX_AGE_SECONDS);
    return category;
  },

  async listPostTypes(req, reply) {
    cachePublicly(reply, POST_TYPES_MAX_AGE_SECONDS);
    return req.server.taxonomy.postTypes();
  },

  async getPostType(req, reply) {
    const type = await req.server.taxonomy.postType(req.params.id);
    cachePublicly(reply, POST_TYPES_MAX_AGE_SECONDS);
    return type;
  },
};
