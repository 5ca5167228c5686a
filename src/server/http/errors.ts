import type { MessageKey } from '../i18n';

/**
 * An error a handler throws on purpose. The error handler turns it into the answer in the
 * reader's language: `{detail}` for `key`, or `{field: [messages]}` for `fields`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly options: {
      params?: Record<string, string | number>;
      /** Per-field message keys: a validation error. */
      fields?: Record<string, MessageKey[]>;
      code?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(key);
    this.name = 'HttpError';
  }
}

export const notFound = (key: MessageKey = 'notFound', params?: Record<string, string | number>) =>
  new HttpError(404, key, { params });
export const forbidden = (key: MessageKey = 'permissionDenied') => new HttpError(403, key);
export const unauthorized = (key: MessageKey = 'notAuthenticated', code?: string) =>
  new HttpError(401, key, { code });
/** A 400 naming the fields at fault. */
export const invalid = (fields: Record<string, MessageKey[]>) => new HttpError(400, 'badRequest', { fields });
