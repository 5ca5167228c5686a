import fp from 'fastify-plugin';
import { BookmarksService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    bookmarks: BookmarksService;
  }
}

export default fp(
  async (app) => {
    app.decorate('bookmarks', new BookmarksService(app.db));
  },
  { name: 'bookmarks', decorators: { fastify: ['db'] } },
);
