import fp from 'fastify-plugin';
import { AlertsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsService;
  }
}

/** E-mail alerts, sent with the auth module's mailer (one per app). */
export default fp(
  async (app) => {
    app.decorate('alerts', new AlertsService(app.db, app.auth.mailer));
  },
  { name: 'alerts', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
