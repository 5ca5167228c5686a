import fp from 'fastify-plugin';
import { FeedsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    feeds: FeedsService;
  }
}

export default fp(
  async (app) => {
    app.decorate('feeds', new FeedsService(app.db));
  },
  { name: 'feeds', decorators: { fastify: ['db'] } },
);
