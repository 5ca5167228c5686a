import type { RouteMap } from '../../http/routes';
import { cacheForReader } from '../posts/cache-control';
import { verifyDocument } from './verification';

export const signingRoutes: RouteMap = {
  async verifyDocument(req, reply) {
    const answer = await verifyDocument(req.server.db, req, req.query);
    cacheForReader(req, reply);
    return answer;
  },
};
