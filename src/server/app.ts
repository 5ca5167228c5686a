import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import formbody from '@fastify/formbody';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { originProblem, type Config } from './config';
import type { Db } from './db/db';
import { isRouted } from './db/read-routing';
import { installReadRouting } from './http/read-routing';
import { contract } from './http/contract';
import { frameworkErrorHandler, installErrorHandling } from './http/error-handler';
import { installApiHeaders } from './http/api-headers';
import { installKeptAnswers } from './http/db-unavailable';
import { compilersOnFirstUse } from './http/lazy-schemas';
import { HttpError } from './http/errors';
import { registerBackupRoute } from './http/backup-route';
import { registerHealth } from './http/health';
import { installMetrics } from './http/metrics';
import { installNulGuard } from './http/nul-guard';
import { installSecretUrlHeaders, withLogRedaction } from './http/log-redaction';
import { installRequestIds, requestIdOf } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { installPerUserLimits, type RouteDef, type OperationId } from './http/routes';
import { securityHandlers } from './modules/auth/context';
import { routes } from './modules';
import alertsPlugin from './modules/alerts/plugin';
import authPlugin from './modules/auth/plugin';
import bookmarksPlugin from './modules/bookmarks/plugin';
import feedsPlugin from './modules/feeds/plugin';
import hashtagsPlugin from './modules/hashtags/plugin';
import mediaPlugin from './modules/media/plugin';
import organizationsPlugin from './modules/organizations/plugin';
import taxonomyPlugin from './modules/taxonomy/plugin';
import usersPlugin from './modules/users/plugin';
import postsPlugin from './modules/posts/plugin';
import { MAX_ATTACHMENT_BYTES } from './modules/studio/attachments';
import opendataPlugin from './modules/opendata/plugin';
import signingPlugin from './modules/signing/plugin';
import studioPlugin from './modules/studio/plugin';
import { registerWeb } from './web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  db: Db;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  /**
   * Each route's validators and serializers compiled when the route is first asked, not at start
   * (http/lazy-schemas.ts): for the tests, which build the whole app and ask a few routes.
   */
  compileSchemasOnFirstUse?: boolean;
}

/** Builds the whole server: plugins, then the contract's routes, then media and the web app. */
export async function buildApp({ db, config, logger = false, compileSchemasOnFirstUse = false }: AppOptions): Promise<FastifyInstance> {
  // Links in e-mails and answers never name an origin a client picked (src/server/http/urls.ts).
  const noOrigin = originProblem(config);
  if (noOrigin) throw new Error(noOrigin);
  const app = Fastify({
    // No secret of a URL (an e-mail link's token) in any line logged (http/log-redaction.ts).
    logger: withLogRedaction(logger),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A proxy's X-Request-Id when it is a sane token, else a new UUID (http/request-id.ts).
    genReqId: requestIdOf,
    // Percent-encoded Arabic slugs are long: every letter takes six characters.
    routerOptions: { maxParamLength: 2000 },
    ajv: { customOptions: { allErrors: true } },
    ...(compileSchemasOnFirstUse ? { schemaController: { compilersFactory: compilersOnFirstUse() } } : {}),
    // A path that is not UTF-8 or too long: a {detail} error like any other (http/error-handler.ts).
    frameworkErrors: frameworkErrorHandler,
    // A request that reaches a closing process on a connection it had already accepted is
    // answered (closing its connection: server.ts drains first), not refused with a 503 that a
    // proxy may not pass to another process when the request is a write.
    return503OnClosing: false,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  // Reads on replicas (DATABASE_REPLICA_URLS): each request's routing, and a signed-in reader's
  // writes remembered so that their next reads are made on the primary (db/read-routing.ts).
  if (isRouted(db)) await installReadRouting(app);
  installErrorHandling(app);
  // X-Request-Id on every answer (and request_id in error bodies, http/error-handler.ts).
  installRequestIds(app);
  // Request counts and durations for every route, and GET /metrics.
  installMetrics(app);
  // Vary: Accept-Language and private caching of personal answers on every API answer.
  installApiHeaders(app);
  // Visitors' API answers as sent, served (marked stale) while the database cannot be reached.
  installKeptAnswers(app);
  // CSP, nosniff, Referrer-Policy, frame-ancestors, Permissions-Policy, HSTS over https: on every answer.
  await registerSecurityHeaders(app);
  // No Referer sent on, and no answer stored, for a URL that carries a secret.
  installSecretUrlHeaders(app);

  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/|json|yaml/,
    // Answers are compressed on the fly: a middling brotli level keeps that cheap.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(etag, { weak: true });
  await app.register(jwt, { secret: config.jwtSecret });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, 'tooManyRequests', { params: { seconds: Math.ceil(ctx.ttl / 1000) } }),
  });
  await app.register(multipart, {
    // The largest file accepted anywhere (a post's PDF); each call checks its own limit too.
    limits: { fileSize: Math.max(config.maxAvatarBytes, MAX_ATTACHMENT_BYTES), files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    // Fields become the body, validated by the contract like JSON; an uploaded file's bytes are
    // kept aside (request.uploads) and its field holds the file name.
    attachFieldsToBody: 'keyValues',
    async onFile(part) {
      const bytes = await part.toBuffer();
      (this.uploads ??= {})[part.fieldname] = { bytes, filename: part.filename, mimetype: part.mimetype };
      (part as unknown as { value: string }).value = part.filename || part.fieldname;
    },
  });
  // Form-encoded bodies: a mail client's one-click unsubscribe (RFC 8058) posts one.
  await app.register(formbody);
  app.decorateRequest('uploads', null);
  installPerUserLimits(app);

  // The modules: each a plugin that decorates the app with its service and declares the modules
  // it needs (modules/<name>/plugin.ts), registered after those. The contract's routes below
  // call those services (req.server.<module>).
  await app.register(postsPlugin);
  await app.register(authPlugin);
  await app.register(usersPlugin);
  await app.register(taxonomyPlugin);
  await app.register(hashtagsPlugin);
  await app.register(organizationsPlugin);
  await app.register(bookmarksPlugin);
  await app.register(feedsPlugin);
  await app.register(alertsPlugin);
  await app.register(mediaPlugin);
  await app.register(signingPlugin);
  // The day's open data under /data/ (issue 30): needs media and signing.
  await app.register(opendataPlugin);
  await app.register(studioPlugin);

  rejectUndeclaredBodies(app);
  // No NUL (U+0000, which PostgreSQL text cannot hold) in any body or path of the API: a 400
  // naming the field; dropped from queries (http/nul-guard.ts). Before the routes it guards.
  installNulGuard(app);

  const limit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowMs };
  await app.register(openapiGlue, {
    specification: contract().document,
    prefix: '/api/v1',
    securityHandlers,
    operationResolver: (operationId: string) => {
      const def = routes[operationId as OperationId] as RouteDef<OperationId> | RouteDef<OperationId>['handler'] | undefined;
      // Every operation has a handler (modules/index.test.ts checks it); this is the safety net.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- an async handler: Fastify awaits it
      if (!def) return (async () => { throw new HttpError(501, 'unexpected'); });
      if (typeof def === 'function') return def as never;
      return { handler: def.handler, config: def.rateLimited ? { rateLimit: limit } : undefined } as never;
    },
  });

  // GET /healthz (alive) and /readyz (database reachable, migrations applied).
  registerHealth(app);
  // POST /internal/backup (the embedded database, for npm run db:backup while serving).
  registerBackupRoute(app);
  app.get('/api/v1/openapi.yaml', async (_req, reply) => reply.type('application/yaml; charset=utf-8').send(contract().text));
  await registerWeb(app);
  return app;
}

/**
 * A body must come in one of the content types the contract declares for the operation
 * (JSON, or multipart for the profile update); anything else is a 415, never a handler's guess.
 */
function rejectUndeclaredBodies(app: FastifyInstance) {
  const declared = new Map<string, string[]>();
  app.addHook('onRoute', (route) => {
    const body = (route.schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body;
    if (body?.content) declared.set(`${String(route.method)}:${route.url}`, Object.keys(body.content));
  });
  app.addHook('preValidation', async (req) => {
    const type = req.headers['content-type'];
    if (!type && req.body === undefined) return;
    const allowed = declared.get(`${req.method}:${req.routeOptions.url}`);
    if (!allowed) return;
    const essence = String(type ?? '').split(';')[0].trim().toLowerCase();
    if (!allowed.includes(essence)) throw Object.assign(new Error('unsupported'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    uploads: Record<string, { bytes: Buffer; filename: string; mimetype: string }> | null;
  }
}
