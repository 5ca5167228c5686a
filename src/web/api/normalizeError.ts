import i18next from 'i18next';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Every failed call, as the screens see it (spec §8 normalisation). */
export interface NormalizedError {
  status: number;
  /** Already translated into the chosen language. */
  message: string;
  /** The translation key when the message is one of ours rather than the server's. */
  messageKey?: string;
  /** Field-by-field messages of a validation error. */
  fields?: Record<string, string[]>;
  /**
   * The server's own text when a fixed text replaced it (401, 403, 404): the sign-in screen
   * shows "no active account with these credentials" rather than 'Authentication required'.
   */
  serverMessage?: string;
}

export type Translate = (key: string) => string;

/** The English texts of §8, used when the translation is missing or i18n is not initialised. */
export const ERROR_FALLBACKS: Record<string, string> = {
  'errors.unexpected': 'An unexpected error occurred',
  'errors.notFound': 'Resource not found',
  'errors.accessDenied': 'Access denied',
  'errors.authRequired': 'Authentication required',
  'errors.validation': 'Validation error',
};

/**
 * Translates with the app's i18next instance (src/web/i18n initialises the default instance),
 * falling back to §8's English text so a message is never a bare key.
 */
export const defaultTranslate: Translate = (key) => {
  const fallback = ERROR_FALLBACKS[key] ?? key;
  if (!i18next.isInitialized) return fallback;
  const out = i18next.t(key, { defaultValue: fallback });
  return typeof out === 'string' && out && out !== key ? out : fallback;
};

const FIXED_BY_STATUS: Record<number, string> = {
  404: 'errors.notFound',
  403: 'errors.accessDenied',
  401: 'errors.authRequired',
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Keys beside field lists that name no field: the messages, and the request's id every error carries. */
const NOT_FIELDS = new Set(['message', 'detail', 'error', 'code', 'request_id']);

/** `{field: ["message", …]}` → fields; a lone string beside lists counts as a one-message list. */
function fieldLists(body: Record<string, unknown>): Record<string, string[]> | undefined {
  const entries = Object.entries(body);
  if (!entries.some(([, v]) => Array.isArray(v))) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [key, value] of entries) {
    if (Array.isArray(value)) fields[key] = value.map((m) => (typeof m === 'string' ? m : JSON.stringify(m)));
    else if (typeof value === 'string' && !NOT_FIELDS.has(key)) fields[key] = [value];
  }
  return fields;
}

function isNormalized(error: unknown): error is NormalizedError {
  return isRecord(error) && typeof error.status === 'number' && typeof error.message === 'string' && !('data' in error);
}

/**
 * Spec §8, in order: status defaults to 500 with 'An unexpected error occurred'; 404, 403 and
 * 401 have fixed texts; otherwise the message comes from a text body, then the body's
 * `message`, `detail` or `error`; a body of per-field lists is 'Validation error' with its fields.
 * Network failures and timeouts have no status and so are the 500 default.
 */
export function normalizeError(error: unknown, t: Translate = defaultTranslate): NormalizedError {
  if (isNormalized(error)) return error;

  let status = 500;
  let body: unknown;
  if (isRecord(error)) {
    const e = error as Partial<FetchBaseQueryError> & Record<string, unknown>;
    if (typeof e.status === 'number') {
      status = e.status;
      body = e.data;
    } else if (e.status === 'PARSING_ERROR' && typeof e.originalStatus === 'number') {
      // A non-JSON answer (HTML error page, plain text): keep its status and its text.
      status = e.originalStatus;
      body = e.data;
    }
    // FETCH_ERROR, TIMEOUT_ERROR, CUSTOM_ERROR: no answer from the server → the 500 default.
  }

  const fixed = FIXED_BY_STATUS[status];
  if (fixed) {
    const own = isRecord(body) ? ['message', 'detail', 'error'].map((key) => body[key]).find(nonEmptyString) : undefined;
    return own ? { status, message: t(fixed), messageKey: fixed, serverMessage: own } : { status, message: t(fixed), messageKey: fixed };
  }

  if (nonEmptyString(body)) return { status, message: body.trim() };

  if (isRecord(body)) {
    const fields = fieldLists(body);
    for (const key of ['message', 'detail', 'error'] as const) {
      const value = body[key];
      if (nonEmptyString(value)) return fields ? { status, message: value, fields } : { status, message: value };
    }
    if (fields) return { status, message: t('errors.validation'), messageKey: 'errors.validation', fields };
  }

  return { status, message: t('errors.unexpected'), messageKey: 'errors.unexpected' };
}
