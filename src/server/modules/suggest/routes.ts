import type { RouteMap } from '../../http/routes';
import { cachePublicly } from '../posts/cache-control';
import { suggest } from './suggest';

/** Suggestions are the same for every reader; a minute old is fresh enough while typing. */
export const SUGGEST_MAX_AGE_SECONDS = 60;

export const suggestRoutes: RouteMap = {
  async suggestContent(req, reply) {
    const answer = await suggest(req.server.db, req.query.q, req.query.limit ?? 10, req.query.only);
    cachePublicly(reply, SUGGEST_MAX_AGE_SECONDS);
    return answer;
  },
};
