import fp from 'fastify-plugin';
import { UsersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersService;
  }
}

export default fp(
  async (app) => {
    app.decorate('users', new UsersService(app.db));
  },
  { name: 'users', decorators: { fastify: ['db'] } },
);
