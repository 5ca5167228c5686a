import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from '../../http/errors';
import type { RouteMap } from '../../http/routes';
import type { MessageKey } from '../../i18n';
import { hasNul, withoutNul } from '../../text/control-characters';

// PostgreSQL text cannot hold U+0000. As the auth module does: text only looked for (query
// parameters) has it ignored; text to be stored (a body) is refused with a 400; a path names
// nothing that holds it, so lookups answer "not found" (see storable() in sql.ts).

function clean(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(clean);
  return value;
}

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string' ? hasNul(value) : Array.isArray(value) && value.some(holdsNul);

type AnyHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function guard(handler: AnyHandler): AnyHandler {
  return async (req, reply) => {
    if (req.body && typeof req.body === 'object') {
      const fields = Object.entries(req.body).filter(([, v]) => holdsNul(v)).map(([k]) => k);
      if (fields.length) throw invalid(Object.fromEntries(fields.map((f): [string, MessageKey[]] => [f, ['nullCharacters']])));
    }
    if (req.query && typeof req.query === 'object') {
      const query = req.query as Record<string, unknown>;
      for (const [name, value] of Object.entries(query)) if (holdsNul(value)) query[name] = clean(value);
    }
    return handler(req, reply);
  };
}

/** A module's handlers, each first dealing with text the database cannot store. */
export function refusingNul(routes: RouteMap): RouteMap {
  const guarded: Record<string, unknown> = {};
  for (const [operation, def] of Object.entries(routes)) {
    guarded[operation] =
      typeof def === 'function' ? guard(def as AnyHandler) : { ...def, handler: guard((def as { handler: AnyHandler }).handler) };
  }
  return guarded;
}
