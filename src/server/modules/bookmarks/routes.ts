import type { FastifyRequest } from 'fastify';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap, Schemas } from '../../http/routes';
import { t } from '../../i18n';
import type { AuthContext } from '../auth/context';
import { presentPost } from '../posts/present';
import { notesFrom } from './notes';
import type { BookmarkRow } from './repository';

/** The signed-in reader: these operations require one (the contract's bearerAuth). */
function readerOf(req: FastifyRequest): AuthContext {
  return req.auth!;
}

function presentBookmark(req: FastifyRequest, row: BookmarkRow): Schemas['Bookmark'] {
  return {
    id: row.bm_id,
    post: presentPost(req, row),
    notes: row.bm_notes,
    created_at: row.bm_created_at.toISOString(),
    updated_at: row.bm_updated_at.toISOString(),
  };
}

export const bookmarksRoutes: RouteMap = {
  async bookmarkPost(req, reply) {
    const notes = notesFrom(req.body) ?? '';
    const { created, bookmark } = await req.server.bookmarks.save(readerOf(req), req.params.slug, notes);
    reply.code(created ? 201 : 200);
    return {
      message: t(req, created ? 'bookmarkCreated' : 'bookmarkExists'),
      bookmark: { ...bookmark, created_at: new Date(bookmark.created_at).toISOString(), updated_at: new Date(bookmark.updated_at).toISOString() },
    };
  },

  async listBookmarks(req, reply) {
    const page = pageOf(req.query, 10);
    const { count, rows } = await req.server.bookmarks.page(readerOf(req), req.query.search, page);
    reply.header('cache-control', 'private, no-cache');
    return paged(req, page, count, rows.map((row) => presentBookmark(req, row)));
  },

  async getBookmark(req, reply) {
    const row = await req.server.bookmarks.get(readerOf(req), req.params.id);
    reply.header('cache-control', 'private, no-cache');
    return presentBookmark(req, row);
  },

  async updateBookmark(req, reply) {
    const row = await req.server.bookmarks.update(readerOf(req), req.params.id, notesFrom(req.body));
    reply.header('cache-control', 'private, no-cache');
    return presentBookmark(req, row);
  },

  async deleteBookmark(req, reply) {
    await req.server.bookmarks.delete(readerOf(req), req.params.id);
    return reply.code(204).send();
  },
};
