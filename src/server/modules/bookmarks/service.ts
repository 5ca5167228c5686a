import { normalizeArabic } from '../../../shared/arabic';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import type { AuthContext } from '../auth/context';
import { assertCanSee } from '../posts/access';
import { decodedParam } from '../posts/params';
import { findPostAccess } from '../posts/repository';
import { deleteBookmark, findBookmark, findBookmarkPage, saveBookmark, updateNotes, type BookmarkRow } from './repository';

/** A reader's bookmarks of posts they may see, with their notes. */
export class BookmarksService {
  constructor(private readonly db: Queryable) {}

  /** Bookmarks the post a path names (as sent, or decoded once more) unless it is already; says which happened. */
  async save(reader: AuthContext, slug: string, notes: string): Promise<{ created: boolean; bookmark: Schemas['BookmarkSummary'] }> {
    const decoded = decodedParam(slug);
    const post = (await findPostAccess(this.db, slug)) ?? (decoded === slug ? undefined : await findPostAccess(this.db, decoded));
    if (!post) throw notFound('postNotFound');
    assertCanSee(post, reader);
    return saveBookmark(this.db, reader.userId, post.id, notes);
  }

  /** A page of them, newest first; `search` as typed, normalised here (src/shared/arabic.ts). */
  page(reader: AuthContext, search: string | undefined, page: PageRequest): Promise<{ count: number; rows: BookmarkRow[] }> {
    const normalized = search === undefined ? undefined : normalizeArabic(search) || undefined;
    return findBookmarkPage(this.db, reader, normalized, page);
  }

  async get(reader: AuthContext, id: number): Promise<BookmarkRow> {
    const row = await findBookmark(this.db, reader, id);
    if (!row) throw notFound('bookmarkNotFound');
    return row;
  }

  /** Changes the note when one is sent (undefined: unchanged), and answers the bookmark as it is now. */
  async update(reader: AuthContext, id: number, notes: string | undefined): Promise<BookmarkRow> {
    if (notes !== undefined && !(await updateNotes(this.db, reader, id, notes))) throw notFound('bookmarkNotFound');
    return this.get(reader, id);
  }

  async delete(reader: AuthContext, id: number): Promise<void> {
    if (!(await deleteBookmark(this.db, reader.userId, id))) throw notFound('bookmarkNotFound');
  }
}
