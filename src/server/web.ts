import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { languageOf, translate } from './i18n';
import { CONTRACT_PATH } from './http/contract';

/**
 * The contract browsable at /api/docs, and the built single-page application: hashed assets
 * cached for a year, index.html never cached, and index.html for every deep link.
 */
export async function registerWeb(app: FastifyInstance) {
  await app.register(swagger, {
    mode: 'static',
    specification: { path: CONTRACT_PATH, baseDir: path.dirname(CONTRACT_PATH) },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const webDir = app.config.webDir;
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      wildcard: false,
      preCompressed: true,
      // The rules below decide caching, not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|webp|jpg)(\.gz|\.br)?$/.test(filePath);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage =
      hasWeb &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/media/') &&
      !path.extname(req.url.split('?')[0]);
    if (wantsPage) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', webDir, { cacheControl: false });
    }
    return reply.code(404).send({ detail: translate(languageOf(req.headers['accept-language']), 'pathNotFound') });
  });
}
