import { notFound } from '../../http/errors';
import type { RouteMap } from '../../http/routes';
import {
  cachePublicly,
  CATEGORIES_MAX_AGE_SECONDS,
  POST_TYPES_MAX_AGE_SECONDS,
} from '../posts/cache-control';
import { refusingNul } from '../posts/nul-guard';
import { findCategories, findCategory, findPostType, findPostTypes } from './repository';

export const taxonomyRoutes: RouteMap = refusingNul({
  async listCategories(req, reply) {
    cachePublicly(reply, CATEGORIES_MAX_AGE_SECONDS);
    return findCategories(req.server.db);
  },

  async getCategory(req, reply) {
    const category = await findCategory(req.server.db, req.params.id);
    if (!category) throw notFound('categoryNotFound', { slug: req.params.id });
    cachePublicly(reply, CATEGORIES_MAX_AGE_SECONDS);
    return category;
  },

  async listPostTypes(req, reply) {
    cachePublicly(reply, POST_TYPES_MAX_AGE_SECONDS);
    return findPostTypes(req.server.db);
  },

  async getPostType(req, reply) {
    const type = await findPostType(req.server.db, req.params.id);
    if (!type) throw notFound('postTypeNotFound');
    cachePublicly(reply, POST_TYPES_MAX_AGE_SECONDS);
    return type;
  },
});
