import type { FastifyRequest } from 'fastify';
import { normalizeArabic } from '../../../shared/arabic';
import { notFound } from '../../http/errors';
import { pageOf, paged } from '../../http/pagination';
import type { RouteMap, Schemas } from '../../http/routes';
import { t } from '../../i18n';
import type { AuthContext } from '../auth/context';
import { assertCanSee } from '../posts/access';
import { decodedParam } from '../posts/params';
import { presentPost } from '../posts/present';
import { findPostAccess } from '../posts/repository';
import { refusingNul } from '../posts/nul-guard';
import { notesFrom } from './notes';
import {
  deleteBookmark,
  findBookmark,
  findBookmarkPage,
  saveBookmark,
  updateNotes,
  type BookmarkRow,
} from './repository';

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

export const bookmarksRoutes: RouteMap = refusingNul({
  async bookmarkPost(req, reply) {
    const reader = readerOf(req);
    const notes = notesFrom(req.body) ?? '';
    const { slug } = req.params;
    const decoded = decodedParam(slug);
    const post =
      (await findPostAccess(req.server.db, slug)) ?? (decoded === slug ? undefined : await findPostAccess(req.server.db, decoded));
    if (!post) throw notFound('postNotFound');
    assertCanSee(post, reader);
    const { created, bookmark } = await saveBookmark(req.server.db, reader.userId, post.id, notes);
    reply.code(created ? 201 : 200);
    return {
      message: t(req, created ? 'bookmarkCreated' : 'bookmarkExists'),
      bookmark: { ...bookmark, created_at: new Date(bookmark.created_at).toISOString(), updated_at: new Date(bookmark.updated_at).toISOString() },
    };
  },

  async listBookmarks(req, reply) {
    const page = pageOf(req.query, 10);
    const search = req.query.search === undefined ? undefined : normalizeArabic(req.query.search) || undefined;
    const { count, rows } = await findBookmarkPage(req.server.db, readerOf(req), search, page);
    reply.header('cache-control', 'private, no-cache');
    return paged(req, page, count, rows.map((row) => presentBookmark(req, row)));
  },

  async getBookmark(req, reply) {
    const row = await findBookmark(req.server.db, readerOf(req), req.params.id);
    if (!row) throw notFound('bookmarkNotFound');
    reply.header('cache-control', 'private, no-cache');
    return presentBookmark(req, row);
  },

  async updateBookmark(req, reply) {
    const reader = readerOf(req);
    const notes = notesFrom(req.body);
    if (notes !== undefined && !(await updateNotes(req.server.db, reader, req.params.id, notes))) {
      throw notFound('bookmarkNotFound');
    }
    const row = await findBookmark(req.server.db, reader, req.params.id);
    if (!row) throw notFound('bookmarkNotFound');
    reply.header('cache-control', 'private, no-cache');
    return presentBookmark(req, row);
  },

  async deleteBookmark(req, reply) {
    if (!(await deleteBookmark(req.server.db, readerOf(req).userId, req.params.id))) throw notFound('bookmarkNotFound');
    return reply.code(204).send();
  },
});
