import { fastifyRequestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import { currentRoute } from '../db/read-routing';

/** Requests that read only: theirs go to a replica unless the reader has just written. */
const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Each request's read routing (db/read-routing.ts) in @fastify/request-context's store, which
 * follows the request through its hooks, handler and every await. A request that is not a read
 * makes all of its statements on the primary. One that wrote, by a signed-in reader, marks the
 * reader (users.wrote_at) before its answer leaves, so that the next request — on this process
 * or another — reads on the primary for READ_YOUR_WRITES_MS (modules/auth/context.ts).
 */
export async function installReadRouting(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (req) => ({ readRoute: { primary: !READING.has(req.method), wrote: false } }),
  });
  app.addHook('onSend', async (req) => {
    const route = currentRoute();
    if (!route?.wrote || !req.auth || READING.has(req.method)) return;
    await app.db.query('UPDATE users SET wrote_at = now() WHERE id = $1', [req.auth.userId]);
  });
}
