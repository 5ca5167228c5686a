import type { ErrorObject } from 'ajv';
import localize from 'ajv-i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, translate, type Lang } from '../i18n';
import { applyApiHeaders } from './api-headers';
import { integrityRefusal } from './db-errors';
import { isDatabaseUnreachable, sendKeptCopy, serviceUnavailable } from './db-unavailable';
import { HttpError } from './errors';
import { REQUEST_ID_HEADER } from './request-id';
import { setSecurityHeaders } from './security-headers';

type Fields = Record<string, string[]>;

const fieldMessages: Record<Lang, Record<string, (e: ErrorObject) => string>> = {
  en: {
    required: () => 'This field is required.',
    minLength: (e) =>
      e.params.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${e.params.limit} characters.`,
    maxLength: (e) => `Ensure this field has no more than ${e.params.limit} characters.`,
    minimum: (e) => `Ensure this value is greater than or equal to ${e.params.limit}.`,
    maximum: (e) => `Ensure this value is less than or equal to ${e.params.limit}.`,
    enum: (e) => `Choose one of: ${(e.params.allowedValues as unknown[]).join(', ')}.`,
    type: (e) => (e.params.type === 'integer' || e.params.type === 'number' ? 'A valid number is required.' : 'Not a valid value.'),
    format: (e) => (e.params.format === 'email' ? 'Enter a valid email address.' : 'Not a valid value.'),
    pattern: () => 'Not a valid value.',
  },
  ar: {
    required: () => 'هذا الحقل مطلوب.',
    minLength: (e) =>
      e.params.limit === 1 ? 'لا يمكن ترك هذا الحقل فارغاً.' : `يجب ألا يقل هذا الحقل عن ${e.params.limit} أحرف.`,
    maxLength: (e) => `يجب ألا يزيد هذا الحقل على ${e.params.limit} حرف.`,
    minimum: (e) => `يجب أن تكون القيمة أكبر من أو تساوي ${e.params.limit}.`,
    maximum: (e) => `يجب أن تكون القيمة أصغر من أو تساوي ${e.params.limit}.`,
    enum: (e) => `اختر إحدى القيم: ${(e.params.allowedValues as unknown[]).join('، ')}.`,
    type: (e) => (e.params.type === 'integer' || e.params.type === 'number' ? 'يجب إدخال رقم صحيح.' : 'قيمة غير صالحة.'),
    format: (e) => (e.params.format === 'email' ? 'أدخل بريداً إلكترونياً صالحاً.' : 'قيمة غير صالحة.'),
    pattern: () => 'قيمة غير صالحة.',
  },
};

/**
 * An error answer's body with the request's id (`request_id`, after the messages), which the
 * server's log lines carry as `reqId`: what a reader reports can be found in the log.
 */
export function errorBody(req: FastifyRequest, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, request_id: req.id };
}

/** Ajv's errors as `{field: [message]}` in the reader's language. */
function validationFields(errors: ErrorObject[], lang: Lang): Fields {
  const fallback = errors.map((e) => ({ ...e }));
  localize[lang](fallback);
  const fields: Fields = {};
  errors.forEach((e, i) => {
    const field =
      e.keyword === 'required'
        ? String(e.params.missingProperty)
        : e.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    const make = fieldMessages[lang][e.keyword];
    const message = make ? make(e) : (fallback[i].message ?? translate(lang, 'badRequest'));
    if (!(fields[field] ??= []).includes(message)) fields[field].push(message);
  });
  return fields;
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, req: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(req.headers['accept-language']);

    // fastify-openapi-glue wraps what a security handler threw.
    if (Array.isArray(error.errors) && error.errors[0] instanceof HttpError) {
      return sendHttpError(req, error.errors[0], lang, reply);
    }
    if (error instanceof HttpError) return sendHttpError(req, error, lang, reply);
    // The database is away for now: a public read from the copy kept, else 503 (db-unavailable.ts).
    if (isDatabaseUnreachable(error)) return sendKeptCopy(req, reply, lang, error) ?? sendHttpError(req, serviceUnavailable(), lang, reply);

    if (error.validation) {
      return reply.code(400).send(errorBody(req, validationFields(error.validation as ErrorObject[], lang)));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(errorBody(req, { detail: translate(lang, 'malformedJson') }));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .code(415)
          .send(errorBody(req, { detail: translate(lang, 'unsupportedMediaType', { type: String(req.headers['content-type'] ?? '') }) }));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(errorBody(req, { detail: translate(lang, 'bodyTooLarge') }));
      // Files come as a profile picture or as a post's attachment (the workspace's calls).
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply.code(413).send(errorBody(req, { detail: translate(lang, req.url.includes('/studio/') ? 'attachmentTooLarge' : 'imageTooLarge') }));
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
      case 'FST_PROTO_VIOLATION':
        return reply.code(400).send(errorBody(req, { detail: translate(lang, 'badRequest') }));
    }
    // busboy rejects a malformed multipart body (no boundary, cut short) with plain errors.
    if (!error.statusCode && !error.code && /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')) {
      return reply.code(400).send(errorBody(req, { detail: translate(lang, 'badRequest') }));
    }
    // Another client error raised by Fastify or a plugin (a bad URL, an aborted upload…).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody(req, { detail: translate(lang, 'badRequest') }));
    }
    // The disk under DATA_DIR is full (or will not be written): nothing half-written is kept
    // (files are written aside and renamed), and the request may be made again once there is room.
    if (STORAGE_FULL.has(String(error.code))) {
      req.log.error({ err: error, reqId: req.id }, 'storage full');
      return sendHttpError(req, new HttpError(503, 'storageFull', { code: 'storage_full', headers: { 'retry-after': '60' } }), lang, reply);
    }
    // A constraint the database enforced: the client's request, refused (4xx), never a 500.
    const refused = integrityRefusal(error, req);
    if (refused) return sendHttpError(req, refused, lang, reply);
    req.log.error({ err: error, reqId: req.id }, 'unexpected error');
    return reply.code(500).send(errorBody(req, { detail: translate(lang, 'unexpected') }));
  });
}

/** Errors of a file system that takes no more writes: full, over quota, read-only; and the database's own disk_full (SQLSTATE 53100). */
const STORAGE_FULL = new Set(['ENOSPC', 'EDQUOT', 'EROFS', '53100']);

function sendHttpError(req: FastifyRequest, error: HttpError, lang: Lang, reply: FastifyReply) {
  const { fields, params, code, headers } = error.options;
  if (headers) reply.headers(headers);
  reply.code(error.statusCode);
  if (fields) {
    const body: Fields = {};
    for (const [field, keys] of Object.entries(fields)) body[field] = keys.map((k) => translate(lang, k, params));
    return reply.send(errorBody(req, body));
  }
  const detail = translate(lang, error.key, params);
  return reply.send(errorBody(req, code ? { detail, code } : { detail }));
}

/**
 * Fastify's `frameworkErrors`: what the router answers before any route or hook runs. A path
 * whose percent-encoding is not UTF-8 (`/content/posts/%FF/`), or whose segment is longer than
 * any slug or name can be, is a 400 like every other malformed request: `{detail}` in the
 * reader's language, not Fastify's own body.
 */
export function frameworkErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = languageOf(req.headers['accept-language']);
  setSecurityHeaders(req, reply);
  reply.header(REQUEST_ID_HEADER, req.id);
  if (req.url.startsWith('/api/')) applyApiHeaders(req, reply);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(400).send(errorBody(req, { detail: translate(lang, 'badUrl') }));
    return;
  }
  req.log.error({ err: error, reqId: req.id }, 'unexpected error');
  reply.code(500).send(errorBody(req, { detail: translate(lang, 'unexpected') }));
}
