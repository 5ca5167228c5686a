import fp from 'fastify-plugin';
import { installAuthContext } from './context';
import { createMailer } from './mailer';
import { AuthService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

/**
 * Accounts and sessions (AuthService, with the app's one mailer), and `req.auth` on every API
 * call from its bearer token (context.ts).
 */
export default fp(
  async (app) => {
    const service = new AuthService(app, createMailer(app.config, app.log));
    app.decorate('auth', service);
    app.addHook('onClose', async () => service.close());
    installAuthContext(app);
  },
  { name: 'auth', decorators: { fastify: ['db', 'config', 'jwt'] } },
);
