import type { FastifyRequest } from 'fastify';
import type { MessageKey } from '../i18n';
import { HttpError } from './errors';

/**
 * The database refusing a write is the client's doing, not the server's failure: a reference to
 * something that does not exist (or was removed a moment ago by someone else), a duplicate that
 * a concurrent request made first, a value outside a column's rule. Services check what they
 * can before writing; whatever slips past them (a race, a check forgotten) is answered here as a
 * 4xx — never a 500 — so that there is one rule in one place instead of a try/catch per write.
 *
 * PGlite and node-postgres both raise PostgreSQL's error fields as they are (`code` the
 * SQLSTATE, `column`, `constraint`, `table`, `detail`), so one reading serves both.
 */
interface PgError {
  code?: unknown;
  column?: unknown;
  constraint?: unknown;
  table?: unknown;
  detail?: unknown;
}

/** Data exceptions (class 22) only a client's value can cause: too long, out of range, unreadable. */
const DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '2201B', '22025']);

const sqlState = (err: unknown): string => {
  const code = typeof err === 'object' && err !== null ? (err as PgError).code : undefined;
  return typeof code === 'string' ? code : '';
};

/**
 * The columns at fault: the one a not-null refusal names, those of a key's detail
 * (`Key (a, b)=(…)`), or the column of a one-column check by PostgreSQL's own naming
 * (`<table>_<column>_check`).
 */
function columnsOf(err: PgError): string[] {
  if (typeof err.column === 'string' && err.column) return [err.column];
  const key = typeof err.detail === 'string' ? /^Key \(([^)]+)\)=/.exec(err.detail) : null;
  if (key) return key[1].split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
  if (typeof err.constraint === 'string' && typeof err.table === 'string') {
    const named = new RegExp(`^${err.table}_(\\w+)_check$`).exec(err.constraint);
    if (named) return [named[1]];
  }
  return [];
}

/** The client's fields among `columns`: only a field the request's body holds is named. */
function fieldsSent(req: FastifyRequest, columns: string[]): string[] {
  const body = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) return [];
  return columns.filter((c) => Object.hasOwn(body, c));
}

function refusal(req: FastifyRequest, err: PgError, code: string): HttpError | null {
  const fieldError = (key: MessageKey) => {
    const fields = fieldsSent(req, columnsOf(err));
    return fields.length ? new HttpError(400, 'badRequest', { fields: Object.fromEntries(fields.map((f) => [f, [key]])) }) : new HttpError(400, key);
  };
  switch (code) {
    case '23505':
      // A document number is a field the writer chose (migration 025): said on that field.
      if (err.constraint === 'posts_document_number') return new HttpError(400, 'badRequest', { fields: { document_number: ['documentNumberTaken'] } });
      return new HttpError(409, 'alreadyExists');
    case '23001':
      return new HttpError(409, 'stillReferenced');
    case '23503':
      // A delete or update of a row others still point at, or a row pointing at one that is not there.
      return typeof err.detail === 'string' && /still referenced/.test(err.detail) ? new HttpError(409, 'stillReferenced') : fieldError('referenceNotFound');
    case '23502':
      return fieldError('valueRequired');
  }
  if (code.startsWith('23') || DATA_EXCEPTIONS.has(code)) return fieldError('valueNotAllowed');
  return null;
}

/**
 * The 4xx for an integrity violation or a client's value the database refused, or null for any
 * other error. Logged as a warning with the constraint: a violation that reaches here is a check
 * a service does not make (or a race it cannot), worth knowing of without a 500.
 */
export function integrityRefusal(error: unknown, req: FastifyRequest): HttpError | null {
  const code = sqlState(error);
  if (!/^2[23]/.test(code)) return null;
  const err = error as PgError;
  const answer = refusal(req, err, code);
  if (answer) {
    req.log.warn({ reqId: req.id, sqlState: code, constraint: err.constraint, table: err.table, column: err.column, status: answer.statusCode }, 'database refused a write');
  }
  return answer;
}
