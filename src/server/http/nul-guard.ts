import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { MessageKey } from '../i18n';
import { hasNul, withoutNul } from '../text/control-characters';
import { invalid } from './errors';

/**
 * PostgreSQL text cannot hold U+0000 (nor can jsonb): one guard, on every route of the API, deals
 * with it before any handler runs, so that no operation — a new one included — can pass a NUL
 * to the database (where it is refused, or answered as an unexpected error).
 *
 * - Every string of a body (JSON, form-encoded or multipart fields; in nested objects and arrays,
 *   keys included) and every path parameter holding one: a 400 naming each such field by its
 *   path (`list.organization_code`, `tags.1`, `token`), message `nullCharacters`, in the reader's
 *   language.
 * - Text only looked for (query parameters): the NUL is dropped.
 *
 * It runs as the route's last preHandler: after the contract's validation (a request the contract
 * refuses is answered as such first) and after the security handler (a caller is known).
 */

/** The paths of the strings (and keys) holding a NUL in a value, in document order. */
export function nulFields(value: unknown): string[] {
  const found = new Set<string>();
  // Walked with a stack of its own: a body may nest deeper than the call stack goes.
  const stack: [unknown, string][] = [[value, '']];
  const at = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasNul(item)) found.add(path || 'non_field_errors');
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], at(path, String(i))]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i];
        if (hasNul(key)) found.add(at(path, withoutNul(key)));
        stack.push([inner, at(path, withoutNul(key))]);
      }
    }
  }
  return [...found];
}

function withoutNulIn(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(withoutNulIn);
  return value;
}

const refuseNul: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
  const params = req.params && typeof req.params === 'object' ? Object.entries(req.params).filter(([, v]) => typeof v === 'string' && hasNul(v)).map(([k]) => k) : [];
  const fields = [...params, ...nulFields(req.body)];
  if (fields.length) throw invalid(Object.fromEntries(fields.map((f): [string, MessageKey[]] => [f, ['nullCharacters']])));
  if (req.query && typeof req.query === 'object') {
    const query = req.query as Record<string, unknown>;
    for (const [name, value] of Object.entries(query)) if (nulFields(value).length) query[name] = withoutNulIn(value);
  }
};

/** Puts the guard on every API route added after it (the contract's, under `/api/`). */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const before = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...before, refuseNul] as typeof route.preHandler;
  });
}
