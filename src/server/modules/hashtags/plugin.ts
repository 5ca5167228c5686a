import fp from 'fastify-plugin';
import { HashtagsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    hashtags: HashtagsService;
  }
}

export default fp(
  async (app) => {
    app.decorate('hashtags', new HashtagsService(app.db));
  },
  { name: 'hashtags', decorators: { fastify: ['db'] } },
);
