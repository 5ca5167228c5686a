import fp from 'fastify-plugin';
import { OrganizationsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    organizations: OrganizationsService;
  }
}

export default fp(
  async (app) => {
    app.decorate('organizations', new OrganizationsService(app.db));
  },
  { name: 'organizations', decorators: { fastify: ['db'] } },
);
