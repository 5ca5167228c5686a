import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What every personal answer carries: no shared cache keeps it, the browser revalidates it. */
export const PRIVATE_CACHE = 'private, no-cache';

/**
 * Headers every API answer needs, whatever its handler did:
 * - `Vary: Accept-Language`: messages, errors and localized names follow the reader's language,
 *   so a cache must not hand the Arabic answer to an English reader (merged with what is there,
 *   e.g. `accept-encoding` from compression);
 * - a signed-in reader's answer is theirs: `private` (`private, no-cache` unless the handler
 *   chose otherwise; an answer the handler marked `public` is the same for everyone and stays so);
 * - an answer to a call that changes something (sign-in, registration, a token refresh…) is
 *   never stored (`no-store`): it may carry tokens.
 */
export function installApiHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/')) applyApiHeaders(req, reply);
    return payload;
  });
}

export function applyApiHeaders(req: FastifyRequest, reply: FastifyReply): void {
  addVary(reply, 'Accept-Language');
  const current = reply.getHeader('cache-control');
  const directives = typeof current === 'string' ? current.toLowerCase().split(',').map((d) => d.trim()) : [];
  if (req.auth) {
    if (!directives.length) reply.header('cache-control', PRIVATE_CACHE);
    else if (!directives.includes('public') && !directives.includes('private') && !directives.includes('no-store')) {
      reply.header('cache-control', `private, ${String(current)}`);
    }
  } else if (!directives.length && req.method !== 'GET' && req.method !== 'HEAD') {
    reply.header('cache-control', 'no-store');
  }
}

/** Adds a field to Vary unless it is there already (or Vary is `*`). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...list, field].join(', '));
}
