import pino from 'pino';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Secrets that travel in URLs, and what keeps them out of every log line (SECURITY.md, "Secrets
 * in addresses").
 *
 * The links of e-mails carry tokens in their address: a password reset
 * (`/reset-password?token=`), an alert's confirmation (`/alerts/confirm?token=`), the address's
 * alerts (`/alerts?token=`) and its unsubscribe screen (`/alerts/unsubscribe?token=`); the API
 * calls those screens make send the manage token in the query (`/api/v1/alerts/subscriptions/…?token=`)
 * and the one-click unsubscribe of a mail client posts to `/api/v1/alerts/unsubscribe/{token}/`.
 * Every request's line names its URL, so each of those would put a live token in the log.
 */

/** A query parameter whose value is a secret: any name that says so (token, manage_token, password…). */
const SECRET_PARAM = /token|secret|passw(?:or)?d|signature|api[-_]?key/i;
/** Path segments that are secrets: the `{token}` of the contract's paths (a test keeps this complete). */
const SECRET_SEGMENT = /(\/alerts\/unsubscribe\/)(?!\[redacted\])[^/?#\s"'\\<>]+/gi;
/** `?name=value` or `&name=value` in any text (a URL, a message, a whole JSON log line). */
const QUERY_PAIR = /([?&;])([^=&#?\s"'\\<>]+)=([^&#\s"'\\<>]*)/g;
/** Cheap test before the replacing: most lines name no secret at all. */
const MAY_HOLD = /token|secret|passw|signature|api[-_]?key|unsubscribe/i;

export const REDACTED = '[redacted]';

/** `text` with the value of every secret query parameter and secret path segment replaced by [redacted]. */
export function redactSecrets(text: string): string {
  if (!MAY_HOLD.test(text)) return text;
  return text
    .replace(QUERY_PAIR, (pair, sep: string, name: string, value: string) =>
      value && value !== REDACTED && SECRET_PARAM.test(safeDecode(name)) ? `${sep}${name}=${REDACTED}` : pair,
    )
    .replace(SECRET_SEGMENT, `$1${REDACTED}`);
}

/** Whether a request's URL carries a secret (its answer then gets no Referer sent on and is never stored). */
export function carriesSecret(url: string): boolean {
  return redactSecrets(url) !== url;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Strings of a serialized value redacted, a few levels down (an error's own fields, its cause's). */
function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, depth + 1);
  return out;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The request and error serializers of every logger the app makes: Fastify's own shape, with a
 * request's URL redacted, and an error's message, stack and own fields (a URL in a message, a
 * `url` or `req.url` field) redacted too.
 */
export const redactingSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: typeof req.url === 'string' ? redactSecrets(req.url) : req.url,
      version: req.headers?.['accept-version'],
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  err(err: unknown) {
    return redactDeep(err instanceof Error ? pino.stdSerializers.err(err) : err);
  },
};

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * `logger` (Fastify's option) with the redaction every line needs: the serializers above for the
 * fields that carry URLs by design, and, for whatever else a line holds (a `url` field, a
 * message, a child's bindings), a last pass over the written line itself (pino's streamWrite
 * hook), which works the same with a stream, a file or the pretty transport.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options: LoggerOptions = logger === true ? {} : logger;
  const streamWrite = options.hooks?.streamWrite;
  return {
    ...options,
    serializers: { ...redactingSerializers, ...options.serializers },
    hooks: { ...options.hooks, streamWrite: (line: string) => redactSecrets(streamWrite ? streamWrite(line) : line) },
  } as LoggerOptions;
}

/**
 * Answers to a URL that carries a secret: no Referer is sent on from the page such a URL opened
 * (its scripts, styles and calls would otherwise name the whole address to this origin, and to a
 * proxy's access log, until the page has removed it from the address bar), and the API's answer
 * to it is never stored by any cache.
 */
export function installSecretUrlHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!carriesSecret(req.url)) return payload;
    reply.header('referrer-policy', 'no-referrer');
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
