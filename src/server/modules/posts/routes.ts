import { notFound } from '../../http/errors';
import { baseUrl } from '../../http/urls';
import { postVersions } from '../studio/posts';
import { atOrigin } from './post-docs';
import { findPostAccess } from './repository';
import { pageOf } from '../../http/pagination';
import type { RouteMap } from '../../http/routes';
import { assertCanSee } from './access';
import { cacheForReader } from './cache-control';
import { postFilterFromQuery } from './filters';
import { decodedParam } from './params';
import { sendPostPage } from './post-list';
import { presentReadPost } from './present';
import { findPost } from './reads';
import { siteSearch } from './site-search';
import { refusingNul } from './text-guard';
import { readerKey, viewCounter } from './views';

export const postsRoutes: RouteMap = refusingNul({
  async listPosts(req, reply) {
    const filter = postFilterFromQuery(req.query, req.auth);
    return sendPostPage(req, reply, filter, req.query.ordering ?? '-published_at', pageOf(req.query, 10));
  },

  async getPost(req, reply) {
    const readerId = req.auth?.userId ?? null;
    const { slug } = req.params;
    let post = await findPost(req.server.db, slug, readerId);
    const decoded = decodedParam(slug);
    if (!post && decoded !== slug) post = await findPost(req.server.db, decoded, readerId);
    if (!post) throw notFound('postNotFound');
    assertCanSee(post.key, req.auth);
    // Views of drafts (their author and staff previewing them) are not readers' views.
    if (post.key.status !== 'draft') viewCounter(req).record(post.key.id, readerKey(req));
    cacheForReader(req, reply);
    return presentReadPost(req, post);
  },

  async listPostVersions(req, reply) {
    const post = await publicPost(req.server.db, req.params.slug);
    cacheForReader(req, reply);
    return postVersions(req.server.db, post.id);
  },

  async getPostVersion(req, reply) {
    const post = await publicPost(req.server.db, req.params.slug);
    const [row] = await req.server.db.query<{ version: number; kind: 'first' | 'minor' | 'major'; note: string; note_ar: string; created_at: Date; body: string; current: number }>(
      `SELECT v.version, v.kind, v.note, v.note_ar, v.created_at, v.body::text AS body, p.version AS current
         FROM post_versions v JOIN posts p ON p.id = v.post_id WHERE v.post_id = $1 AND v.version = $2`,
      [post.id, req.params.version],
    );
    if (!row) throw notFound('postVersionNotFound');
    cacheForReader(req, reply);
    return {
      version: row.version,
      kind: row.kind,
      note: row.note,
      note_ar: row.note_ar,
      created_at: new Date(row.created_at).toISOString(),
      current_version: row.current,
      post: { ...(JSON.parse(atOrigin(row.body, baseUrl(req))) as object), view_count: 0, is_bookmarked: false, bookmark_id: null },
    };
  },

  async searchContent(req, reply) {
    const result = await siteSearch(req.server.db, req.query.q, req.query.limit ?? 5, req.auth?.userId ?? null);
    cacheForReader(req, reply);
    return {
      query: req.query.q,
      posts: result.posts.map((post) => presentReadPost(req, post)),
      posts_count: result.postsCount,
      hashtags: result.hashtags,
      organizations: result.organizations,
    };
  },
});

/** A post readers may see (published or withdrawn) by its slug as sent or decoded; 404 otherwise. */
async function publicPost(db: Parameters<typeof findPostAccess>[0], slug: string): Promise<{ id: number }> {
  const decoded = decodedParam(slug);
  const post = (await findPostAccess(db, slug)) ?? (decoded === slug ? undefined : await findPostAccess(db, decoded));
  if (!post || post.status === 'draft') throw notFound('postNotFound');
  return post;
}
