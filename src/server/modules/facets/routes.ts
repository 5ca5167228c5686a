import type { RouteMap } from '../../http/routes';
import { cacheForReader } from '../posts/cache-control';
import { postFilterFromQuery } from '../posts/filters';
import { postFacets } from './facets';

export const facetsRoutes: RouteMap = {
  async postFacets(req, reply) {
    // The listPosts filters without paging, ordering or status: published posts, as explore lists them.
    const filter = postFilterFromQuery(req.query, req.auth);
    const answer = await postFacets(req.server.db, filter);
    cacheForReader(req, reply);
    return answer;
  },
};
