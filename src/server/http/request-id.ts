import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id given by a client or a proxy may be: short, and nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the `X-Request-Id` a proxy (or the client) sent when it is a sane token,
 * so one id follows a request through the proxy's log and ours; otherwise a new UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request's id (`X-Request-Id`), errors in their body too (see
 * error-handler.ts): a reader's report, a proxy's log and ours then point at the same request.
 * Fastify's request logger puts it (`reqId`) in every line logged for the request.
 */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
