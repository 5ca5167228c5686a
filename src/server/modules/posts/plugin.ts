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
    // Views are recorded after the answer is sent: those under way finish before the app closes.
    app.addHook('onClose', async () => service.close());
  },
  { name: 'posts', dependencies: [], decorators: { fastify: ['db', 'config'] } },
);
