import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../http/errors';
import { ImagesBusy } from './image-work';
import { ensureRendition, renditionWidths } from './renditions';

/** Every stored media name carries a content hash or an id: a changed file gets a new name. */
const CACHE = { maxAge: '365d', immutable: true } as const;

/** Where uploaded and imported files live: DATA_DIR/media. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/**
 * Serves media files: attachments by id under their own (often Arabic) file name, inline or,
 * with ?download=1, as a download that keeps that name; an image attachment's WebP renditions
 * (renditions.ts), made on first request; everything else (thumbnails, avatars) as static
 * files. All with correct types, range requests and a year of caching.
 */
export async function registerMedia(app: FastifyInstance) {
  const root = mediaRoot(app.config.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: true,
    index: false,
    list: false,
    ...CACHE,
  });

  app.get<{ Params: { id: string; filename: string }; Querystring: { download?: string } }>(
    '/media/attachments/:id/:filename',
    async (req: FastifyRequest<{ Params: { id: string; filename: string }; Querystring: { download?: string } }>, reply) => {
      const id = Number(req.params.id);
      if (!Number.isSafeInteger(id) || id < 1) throw notFound();
      const [row] = await app.db.query<{ storage_key: string; title: string; file_extension: string; file_type: string }>(
        `SELECT a.storage_key, a.title_ar AS title, a.file_extension, a.file_type
           FROM attachments a JOIN posts p ON p.id = a.post_id
          WHERE a.id = $1 AND p.status IN ('published', 'archived')`,
        [id],
      );
      if (!row) throw notFound();
      const name = `${row.title}.${row.file_extension}`;
      reply.type(row.file_type);
      if (req.query.download !== undefined && req.query.download !== '0') {
        // The plugin's types omit `root`, which download() needs to find files outside its own root.
        return reply.download(row.storage_key, name, { root, ...CACHE } as never);
      }
      reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`);
      return reply.sendFile(row.storage_key, CACHE);
    },
  );

  app.get<{ Params: { id: string; file: string } }>('/media/renditions/:id/:file', async (req, reply) => {
    const id = Number(req.params.id);
    const width = Number(/^(\d{1,5})\.webp$/.exec(req.params.file)?.[1]);
    if (!Number.isSafeInteger(id) || id < 1 || !width) throw notFound();
    const [row] = await app.db.query<{ storage_key: string; file_type: string; width: number | null }>(
      `SELECT a.storage_key, a.file_type, a.width
         FROM attachments a JOIN posts p ON p.id = a.post_id
        WHERE a.id = $1 AND p.status IN ('published', 'archived')`,
      [id],
    );
    // Only the widths the answers offer: a client cannot make the server render arbitrary sizes.
    if (!row || !row.file_type.startsWith('image/') || !renditionWidths(row.width).includes(width)) throw notFound();
    let key: string;
    try {
      key = await ensureRendition(app.config.dataDir, row.storage_key, width);
    } catch (err) {
      // Too many images waiting for the image thread: a moment later it will be made.
      if (err instanceof ImagesBusy) throw new HttpError(503, 'imagesBusy', { headers: { 'retry-after': '5' } });
      req.log.warn({ err, id, width }, 'rendition failed');
      throw notFound();
    }
    return reply.type('image/webp').sendFile(key, CACHE);
  });
}

/** Absolute path of a stored media file. */
export function mediaPath(dataDir: string, key: string): string {
  return path.join(mediaRoot(dataDir), key);
}
