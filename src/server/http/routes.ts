import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../api-types.gen';
import type { MessageKey } from '../i18n';
import { HttpError } from './errors';

/** The contract's operations and schemas, generated from openapi/openapi.yaml. */
export type OperationId = keyof operations;
export type Schemas = components['schemas'];

type Parameters<Op extends OperationId> = operations[Op]['parameters'];
type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody?: { content: infer C } }
  ? C[keyof C]
  : unknown;

export type RouteRequest<Op extends OperationId> = FastifyRequest<{
  Querystring: NonNullable<Parameters<Op>['query']>;
  Params: NonNullable<Parameters<Op>['path']>;
  Body: BodyOf<Op>;
}>;

export type Handler<Op extends OperationId> = (req: RouteRequest<Op>, reply: FastifyReply) => Promise<unknown>;

export interface RouteDef<Op extends OperationId> {
  handler: Handler<Op>;
  /** Counts against the per-client limit on sign-in, registration and password calls. */
  rateLimited?: boolean;
}

/** What a module provides: the handlers of some of the contract's operations. */
export type RouteMap = { [Op in OperationId]?: Handler<Op> | RouteDef<Op> };

/**
 * A limit of an operation's own, counted per signed-in user rather than per client address (a
 * user may change networks; many users may share one address), in the same database-kept
 * counters as the sign-in limit. Scaled from the sign-in limit (AUTH_RATE_LIMIT and
 * AUTH_RATE_WINDOW_MS), so one setting loosens or tightens them all.
 */
export interface PerUserLimit {
  /** Names the counters, apart from every other operation's. */
  name: string;
  /** Calls allowed per window: this many times the sign-in limit's. */
  maxTimesAuth: number;
  /** The window: this many times the sign-in limit's. */
  windowTimesAuth: number;
  /** The 429's message, given `{seconds}` until the window ends. */
  message: MessageKey;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limiters = new WeakMap<FastifyInstance, Map<string, Limiter>>();

function limiterFor(app: FastifyInstance, limit: PerUserLimit): Limiter {
  let byName = limiters.get(app);
  if (!byName) limiters.set(app, (byName = new Map<string, Limiter>()));
  let limiter = byName.get(limit.name);
  if (!limiter) {
    const { max, windowMs } = app.config.authRateLimit;
    limiter = app.createRateLimit({
      max: max * limit.maxTimesAuth,
      timeWindow: windowMs * limit.windowTimesAuth,
      keyGenerator: (req) => `${limit.name}|user:${req.auth?.userId ?? `ip:${req.ip}`}`,
    });
    byName.set(limit.name, limiter);
  }
  return limiter;
}

/**
 * A handler counted against a per-user limit before it runs (for an operation that needs a
 * signed-in user): past the limit a 429 with Retry-After and the limit's message.
 */
export function limitedPerUser<Op extends OperationId>(limit: PerUserLimit, handler: Handler<Op>): Handler<Op> {
  return async (req, reply) => {
    const res = await limiterFor(req.server, limit)(req);
    if (!res.isAllowed && res.isExceeded) {
      const seconds = Math.max(1, res.ttlInSeconds);
      throw new HttpError(429, limit.message, { params: { seconds }, headers: { 'retry-after': String(seconds) } });
    }
    return handler(req, reply);
  };
}
