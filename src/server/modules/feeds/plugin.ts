import fp from 'fastify-plugin';
import { FeedsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    feeds: FeedsService;
  }
}

export default fp(
  async (app) => {
    app.decorate('feeds', new FeedsService(app.db, app.posts));
  },
  { name: 'feeds', dependencies: ['posts'], decorators: { fastify: ['db', 'posts'] } },
);
