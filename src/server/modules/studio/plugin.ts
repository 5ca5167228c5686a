/** The workspace as a Fastify plugin: its service, made with the app's database and data folder, as `app.studio`. */
import fp from 'fastify-plugin';
import { StudioService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    studio: StudioService;
  }
}

export default fp(
  async (app) => {
    app.decorate('studio', new StudioService(app.db, app.config, app.signer, (err) => app.log.error({ err }, 'versions just made could not be signed: the scheduled work signs them')));
  },
  { name: 'studio', decorators: { fastify: ['db', 'config', 'signer'] } },
);
