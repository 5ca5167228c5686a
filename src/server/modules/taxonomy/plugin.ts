import fp from 'fastify-plugin';
import { TaxonomyService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    taxonomy: TaxonomyService;
  }
}

export default fp(
  async (app) => {
    app.decorate('taxonomy', new TaxonomyService(app.db));
  },
  { name: 'taxonomy', decorators: { fastify: ['db'] } },
);
