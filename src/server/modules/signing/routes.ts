import type { RouteMap } from '../../http/routes';
import { cacheForReader } from '../posts/cache-control';
import { refusingNul } from '../posts/nul-guard';
import { verifyDocument } from './verification';

export const signingRoutes: RouteMap = refusingNul({
  async verifyDocument(req, reply) {
    const answer = await verifyDocument(req.server.db, req, req.query);
    cacheForReader(req, reply);
    return answer;
  },
});
