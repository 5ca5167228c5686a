import type { RouteMap } from '../../http/routes';
import { cachePublicly } from '../posts/cache-control';
import { correctSearch } from './correct';
import { searchCounter } from './counts';

/** The same for every reader; a minute old is fresh enough (the vocabulary itself follows within the scheduled work's interval). */
export const SPELLING_MAX_AGE_SECONDS = 60;

export const spellingRoutes: RouteMap = {
  async correctSearch(req, reply) {
    const { db, posts } = req.server;
    const answer = await correctSearch(db, req.query.q, searchCounter(db, posts, req.query.language));
    cachePublicly(reply, SPELLING_MAX_AGE_SECONDS);
    return answer;
  },
};
