/**
 * Signed versions as a Fastify plugin: the signer as `app.signer` (its key published before it first
 * signs or the keys are read) and the published keys, GET /.well-known/qarar-keys.json (a JSON Web Key Set).
 */
import fp from 'fastify-plugin';
import { publishedKeys } from './jwks';
import { VersionSigner } from './signer';

declare module 'fastify' {
  interface FastifyInstance {
    signer: VersionSigner;
  }
}

/** Where the keys are published (RFC 8615's well-known URIs). */
export const KEYS_PATH = '/.well-known/qarar-keys.json';

export default fp(
  async (app) => {
    const signer = new VersionSigner(app.db, app.config.signingKey, app.config.dataDir, (err) => app.log.error({ err }, 'a version could not be signed'));
    app.decorate('signer', signer);
    app.get(KEYS_PATH, async (_req, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        // Any verifier may read them, from any site.
        .header('access-control-allow-origin', '*')
        .type('application/jwk-set+json')
        .send(await signer.ensurePublished().then(() => publishedKeys(app.db))),
    );
  },
  { name: 'signing', decorators: { fastify: ['db', 'config'] } },
);
