import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { MIGRATIONS_DIR } from '../db/migrate';
import { lifecycle } from '../lifecycle';

/** How long /readyz waits for the database, in all, before saying it is not ready. */
export const READY_TIMEOUT_MS = 2000;

/** Probes' answers are about this moment: no cache may keep them. */
const NO_STORE = 'no-store';

export type Readiness = { ready: true } | { ready: false; reason: string; err?: unknown };

class TimedOut extends Error {}

/** The promise, or TimedOut once `ms` have passed (the work itself goes on, unawaited). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The migrations of this release (the numbered files of migrations/, named as migrate.ts
 * records them in schema_migrations) that the database has not recorded as applied.
 */
export async function pendingMigrations(db: Queryable, dir = MIGRATIONS_DIR): Promise<string[]> {
  const versions = readdirSync(dir)
    .filter((f) => /^\d{3,}_[\w-]+\.sql$/.test(f))
    .map((f) => f.replace(/\.sql$/, ''))
    .sort();
  const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.version));
  return versions.filter((v) => !applied.has(v));
}

/**
 * Whether this process can serve: the database answers (within READY_TIMEOUT_MS) and holds
 * every migration of this release. The reason names no host or error text (the probe is
 * public); the error goes to the log.
 */
export async function readiness(db: Queryable, timeoutMs = READY_TIMEOUT_MS, dir = MIGRATIONS_DIR): Promise<Readiness> {
  const until = Date.now() + timeoutMs;
  try {
    await within(db.query('SELECT 1'), timeoutMs);
  } catch (err) {
    return { ready: false, reason: err instanceof TimedOut ? `database: no answer within ${timeoutMs} ms` : 'database: not reachable', err };
  }
  let pending: string[];
  try {
    pending = await within(pendingMigrations(db, dir), Math.max(1, until - Date.now()));
  } catch (err) {
    return { ready: false, reason: err instanceof TimedOut ? `database: no answer within ${timeoutMs} ms` : 'migrations: not readable', err };
  }
  if (pending.length) return { ready: false, reason: `migrations not applied: ${pending.join(', ')}` };
  return { ready: true };
}

/**
 * GET /healthz: the process is alive and answering (nothing else is asked: a database outage
 * must not make an orchestrator restart every process). GET /readyz: it can serve (readiness),
 * and is not draining before it closes (lifecycle.ts, set on SIGTERM by server.ts), else 503,
 * so a load balancer sends it nothing meanwhile. Never cached, never counted in the request
 * metrics, open to all.
 */
export function registerHealth(app: FastifyInstance): void {
  const config = { metered: false };
  app.get('/healthz', { config }, async (_req, reply) => {
    reply.header('cache-control', NO_STORE);
    return { status: 'ok' };
  });
  app.get('/readyz', { config }, async (req, reply) => {
    reply.header('cache-control', NO_STORE);
    const state: Readiness = lifecycle.draining ? { ready: false, reason: 'closing' } : await readiness(app.db);
    if (state.ready) return { status: 'ready' };
    // Closing is said once by server.ts; anything else is a fault to look at.
    if (!lifecycle.draining) req.log.warn({ err: state.err, reason: state.reason }, 'not ready');
    return reply.code(503).send({ status: 'not ready', reason: state.reason });
  });
}
