/**
 * Whether an error says the database could not be reached — stopped, restarting, cut off, or
 * this process's own handle closed — rather than that a statement was wrong. Such a failure
 * passes by itself: a request that met it is answered 503 with Retry-After, a public read from
 * the copy kept meanwhile (http/db-unavailable.ts), and a read meant for a replica is run on
 * the primary (read-routing.ts).
 *
 * - SQLSTATE class 08 (connection exception); 57P01 admin_shutdown (a fast or smart stop ends
 *   every session), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting, in recovery or
 *   shutting down); 53300 too_many_connections (a restart's backlog, or another process's pool).
 * - The socket's errors when connecting or talking to the server: refused (stopped), reset,
 *   unreachable, no such host (DNS), a broken pipe; a Unix socket's file gone is ENOENT, but only
 *   when connecting (any other ENOENT is a missing file).
 * - node-postgres's own: the connection ended mid-statement ("Connection terminated
 *   unexpectedly"), a client that met such an error, a pool that could not connect within
 *   connectionTimeoutMillis, a pool already ended (a closing process).
 * - PGlite, in-process: a database already closed or closing (a request late in a shutdown).
 *   A crash of PGlite's WebAssembly is not among them: it does not pass by itself, it is a 500.
 * What caused a wrapped error (`cause`) is looked at too.
 */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  if (err instanceof DatabaseUnreachable) return true;
  const { code, syscall, message, cause } = err as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
  const c = typeof code === 'string' ? code : '';
  if (/^08[0-9A-Z]{3}$/.test(c) || SERVER_GONE.has(c)) return true;
  if (SOCKET.has(c) || (c === 'ENOENT' && syscall === 'connect')) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  return cause !== undefined && cause !== err && isDatabaseUnreachable(cause, depth + 1);
}

const SERVER_GONE = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const DRIVER_MESSAGES =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool|PGlite is clos(ed|ing))$/;

/**
 * A failure known to come from the database being away where no driver error is at hand: a
 * drawn page whose API answers were 503s or kept copies (pages/pool.ts).
 */
export class DatabaseUnreachable extends Error {
  constructor(message = 'the database could not be reached') {
    super(message);
    this.name = 'DatabaseUnreachable';
  }
}
