/**
 * Open data as a Fastify plugin: the daily export as `app.opendata` (its step run by the
 * scheduled work, server.ts), and its files served under /data/ (routes.ts).
 */
import fp from 'fastify-plugin';
import { openDataRoutes } from './routes';
import { OpenDataService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    opendata: OpenDataService;
  }
}

export interface OpenDataPluginOptions {
  /** Days whose exports are kept (7 by default). */
  keepDays?: number;
}

export default fp<OpenDataPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const service = new OpenDataService({
      db: app.db,
      dataDir: config.dataDir,
      key: config.signingKey,
      // The versions' addresses in the files: the portal's own, never a request's.
      origin: config.publicUrl ?? config.allowedOrigins[0] ?? '',
      keepDays: options.keepDays,
      // The key that signs the manifest published first (as before a version is signed).
      beforeExport: () => app.signer.ensurePublished(),
      onOutcome: (outcome) => {
        if (outcome.done === 'exported') app.log.info({ day: outcome.day, rows: outcome.rows, ms: outcome.ms }, 'open data exported');
        if (outcome.done === 'copied') {
          app.log[outcome.same ? 'info' : 'warn']({ day: outcome.day, rows: outcome.rows, ms: outcome.ms, same: outcome.same }, outcome.same ? 'open data made again in this DATA_DIR' : 'open data made again in this DATA_DIR, with other bytes than the day’s first export');
        }
      },
      onError: (err) => app.log.error({ err }, 'the open data export failed'),
    });
    app.decorate('opendata', service);
    app.addHook('onClose', () => service.close());
    openDataRoutes(app);
  },
  { name: 'opendata', dependencies: ['media', 'signing'], decorators: { fastify: ['db', 'config', 'signer'], reply: ['sendFile'] } },
);
