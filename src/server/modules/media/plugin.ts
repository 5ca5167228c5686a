import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { CACHE, mediaRoutes } from './routes';
import { MediaService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaService;
  }
}

/**
 * Serves media files: attachments and their renditions (routes.ts), and everything else
 * (thumbnails, avatars) as static files — all with correct types, range requests and a year of
 * caching.
 */
export default fp(
  async (app) => {
    const service = new MediaService(app.db, app.config.dataDir);
    app.decorate('media', service);
    app.addHook('onClose', async () => service.close());
    await app.register(fastifyStatic, {
      root: service.root,
      prefix: '/media/',
      decorateReply: true,
      index: false,
      list: false,
      ...CACHE,
    });
    mediaRoutes(app);
  },
  { name: 'media', decorators: { fastify: ['db', 'config'] } },
);
