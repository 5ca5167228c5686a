import fp from 'fastify-plugin';
import { PostsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Posts and lists as readers read them, their caches, and the view counter (service.ts). */
    posts: PostsService;
  }
}

/** The posts module: decorates `posts`; its caches and view writes end with the app. */
export default fp(
  async (app) => {
    const service = new PostsService(app.db, app.log);
    app.decorate('posts', service);
    // Views are written in batches after their answers: those waiting are written before the
    // app closes (SIGTERM: server.ts closes the app before the database).
    app.addHook('onClose', async () => service.close());
  },
  { name: 'posts', dependencies: [], decorators: { fastify: ['db', 'config'] } },
);
