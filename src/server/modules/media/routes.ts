import type { FastifyInstance } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { HttpError, notFound } from '../../http/errors';
import { ImagesBusy } from './image-work';
import { renditionWidths } from './renditions';

/** Every stored media name carries a content hash or an id: a changed file gets a new name. */
export const CACHE = { maxAge: '365d', immutable: true } as const;

/**
 * An attachment's Content-Disposition: its (often Arabic) name as RFC 6266 and RFC 5987 spell
 * it — a name outside ISO-8859-1 only as `filename*`, every character RFC 5987 leaves out of
 * attr-char percent-encoded (encodeURIComponent keeps ' ( ) * as they are).
 */
export const dispositionOf = (name: string, type: 'inline' | 'attachment') => contentDisposition(name, { type, fallback: false });

/**
 * Attachments by id under their own file name, inline or, with ?download=1, as a download that
 * keeps that name; an image attachment's WebP renditions, made on first request (only the widths
 * the answers offer: a client cannot make the server render arbitrary sizes).
 */
export function mediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { id: string; filename: string }; Querystring: { download?: string } }>('/media/attachments/:id/:filename', async (req, reply) => {
    const row = await app.media.servedAttachment(Number(req.params.id));
    if (!row) throw notFound();
    const name = `${row.title}.${row.file_extension}`;
    reply.type(row.file_type);
    if (req.query.download !== undefined && req.query.download !== '0') {
      // The plugin's types omit `root`, which download() needs to find files outside its own root.
      return reply.download(row.storage_key, name, { root: app.media.root, ...CACHE } as never);
    }
    reply.header('content-disposition', dispositionOf(name, 'inline'));
    return reply.sendFile(row.storage_key, CACHE);
  });

  app.get<{ Params: { id: string; file: string } }>('/media/renditions/:id/:file', async (req, reply) => {
    const width = Number(/^(\d{1,5})\.webp$/.exec(req.params.file)?.[1]);
    const row = width ? await app.media.servedAttachment(Number(req.params.id)) : undefined;
    if (!row || !row.file_type.startsWith('image/') || !renditionWidths(row.width).includes(width)) throw notFound();
    let key: string;
    try {
      key = await app.media.rendition(row.storage_key, width);
    } catch (err) {
      // Too many images waiting for the image thread: a moment later it will be made.
      if (err instanceof ImagesBusy) throw new HttpError(503, 'imagesBusy', { headers: { 'retry-after': '5' } });
      req.log.warn({ err, id: req.params.id, width }, 'rendition failed');
      throw notFound();
    }
    return reply.type('image/webp').sendFile(key, CACHE);
  });
}
