import type { FastifyInstance } from 'fastify';
import { backupFileName, writeBackup } from '../backup';
import { HttpError } from './errors';
import { operatorAccess } from './metrics';

/**
 * POST /internal/backup: the serving process writes a backup of its embedded database and media
 * into DATA_DIR/backups (src/server/backup.ts) and answers its file and manifest — how
 * `npm run db:backup` backs up a folder a server has open. For operators only (as /metrics:
 * METRICS_TOKEN, or this machine), one at a time; a PostgreSQL server answers 404 (pg_dump).
 */
export function registerBackupRoute(app: FastifyInstance): void {
  let running: Promise<unknown> | undefined;
  app.post('/internal/backup', { config: { metered: false } }, async (req, reply) => {
    const access = operatorAccess(req, app.config.metricsToken);
    if (access === 'refused') throw new HttpError(401, 'notAuthenticated', { headers: { 'www-authenticate': 'Bearer realm="backup"' } });
    if (access === 'hidden' || !app.db.dumpData) return reply.callNotFound();
    if (running) throw new HttpError(409, 'backupRunning');
    const file = backupFileName(app.config.dataDir);
    const work = writeBackup(app.db, app.config.dataDir, file);
    running = work;
    try {
      const manifest = await work;
      req.log.info({ file, tables: Object.keys(manifest.tables).length, media: manifest.media.length }, 'backup written');
      return reply.header('cache-control', 'no-store').send({ file, ...manifest });
    } finally {
      running = undefined;
    }
  });
}
