import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../http/errors';
import { DATA_PATH } from './service';

/** Any site may read the open data (a verifier in a browser, a notebook). */
const openToAll = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*');

/**
 * The open data, GET /data/…: the index (JSON), the latest manifest and its signature
 * (manifest.json, manifest.sig.json), and each day's files by name — with ETag, Last-Modified,
 * range requests and caching (the files are sent by @fastify/static's sendFile, which media
 * decorates). A name that is none of the open data's files is a 404 like any unknown address.
 */
export function openDataRoutes(app: FastifyInstance): void {
  app.get('/data', async (_req, reply) => reply.redirect(DATA_PATH, 301));

  app.get(DATA_PATH, async (_req, reply) => {
    openToAll(reply).header('cache-control', 'public, max-age=300');
    return reply.type('application/json; charset=utf-8').send(await app.opendata.index());
  });

  app.get<{ Params: { file: string } }>(`${DATA_PATH}:file`, async (req, reply) => {
    openToAll(reply);
    const file = await app.opendata.servedFile(req.params.file);
    if (!file) throw notFound('pathNotFound');
    if (file.download) reply.header('content-disposition', contentDisposition(file.name, { type: 'attachment' }));
    // Its type (application/gzip, application/json; charset=utf-8), range requests, ETag and
    // Last-Modified are sendFile's; the caching is ours (media's year, immutable, is its default).
    return reply.sendFile(file.name, app.opendata.dir, { maxAge: file.maxAgeSeconds * 1000, immutable: false });
  });
}
