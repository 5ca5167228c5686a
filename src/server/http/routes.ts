import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../api-types.gen';

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
