import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import { notFound } from '../../http/errors';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import { baseUrl } from '../../http/urls';
import type { AuthContext } from '../auth/context';
import { postVersions } from '../studio/posts';
import { assertCanSee } from './access';
import { CachedReads, type ReadPost } from './cached-reads';
import type { PostFilter, PostOrdering } from './filters';
import { sendPostPage } from './list-answers';
import { PageMemo } from './page-memo';
import { decodedParam } from './params';
import { atOrigin, docsOf } from './post-docs';
import { PresentedPosts } from './present';
import { findPostAccess, findPostVersion, type PostAccessKey, type PostKey } from './repository';
import { siteSearch } from './site-search';
import { ViewCounter } from './views';

/**
 * What the posts module offers the app (app.posts, made by plugin.ts): reads of posts and lists
 * through the caches it owns — rows, pages and list sizes at the current content version
 * (`reads`), visitors' encoded list and feed answers (`answers`), presented posts — and the
 * view counter. Every cache lives here, one set per app, and is dropped when the app closes.
 */
export class PostsService {
  readonly reads: CachedReads;
  readonly answers = new PageMemo();
  readonly views: ViewCounter;
  private readonly presented = new PresentedPosts();

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
  ) {
    this.reads = new CachedReads(db);
    this.views = new ViewCounter(db, (err) => log.error({ err }, 'could not count a post view'));
  }

  /** A list's paged answer (list-answers.ts). */
  sendPostPage(req: FastifyRequest, reply: FastifyReply, filter: PostFilter, ordering: PostOrdering, page: PageRequest): Promise<unknown> {
    return sendPostPage(req, reply, filter, ordering, page);
  }

  /** A post by its slug as sent or decoded, if the reader may see it; 404 otherwise. */
  async readablePost(slug: string, auth: AuthContext | null): Promise<ReadPost<PostAccessKey>> {
    const readerId = auth?.userId ?? null;
    let post = await this.reads.findPost(slug, readerId);
    const decoded = decodedParam(slug);
    if (!post && decoded !== slug) post = await this.reads.findPost(decoded, readerId);
    if (!post) throw notFound('postNotFound');
    assertCanSee(post.key, auth);
    return post;
  }

  /** A post read for this request as the contract's Post (presented once per kept row). */
  present(req: FastifyRequest, post: ReadPost): Schemas['Post'] {
    return this.presented.of(req, post);
  }

  /** The posts of some keys as kept for answers, at an origin (post-docs.ts). */
  docsOf(keys: PostKey[], base: string): Promise<Map<number, string>> {
    return docsOf(this.db, keys, base);
  }

  /** The saved versions of a post readers may see. */
  async versions(slug: string): Promise<Schemas['PostVersionSummary'][]> {
    const post = await this.publicPost(slug);
    return postVersions(this.db, post.id);
  }

  /** One saved version of a post readers may see, the post as it was then at the reader's origin. */
  async version(req: FastifyRequest, slug: string, version: number): Promise<Schemas['PostVersion']> {
    const post = await this.publicPost(slug);
    const row = await findPostVersion(this.db, post.id, version);
    if (!row) throw notFound('postVersionNotFound');
    return {
      version: row.version,
      kind: row.kind,
      note: row.note,
      note_ar: row.note_ar,
      created_at: new Date(row.created_at).toISOString(),
      current_version: row.current,
      post: { ...(JSON.parse(atOrigin(row.body, baseUrl(req))) as Schemas['Post']), view_count: 0, is_bookmarked: false, bookmark_id: null },
      signed:
        row.signed_payload && row.digest && row.kid && row.signature && row.signed_at
          ? { payload: row.signed_payload, alg: 'EdDSA', kid: row.kid, digest: row.digest, signature: row.signature, signed_at: new Date(row.signed_at).toISOString() }
          : null,
    };
  }

  /** The site search's best matches of each kind, its posts presented. */
  async search(req: FastifyRequest, query: string, limit: number): Promise<Schemas['SearchResult']> {
    const result = await siteSearch(this.db, this.reads, query, limit, req.auth?.userId ?? null);
    return {
      query,
      posts: result.posts.map((post) => this.present(req, post)),
      posts_count: result.postsCount,
      hashtags: result.hashtags,
      organizations: result.organizations,
    };
  }

  /** Writes the views waiting (and lets the statement under way finish), and forgets what is kept. */
  async close(): Promise<void> {
    await this.views.close();
    this.reads.clear();
    this.answers.clear();
    this.presented.clear();
  }

  /** A post readers may see (published or withdrawn) by its slug as sent or decoded; 404 otherwise. */
  private async publicPost(slug: string): Promise<{ id: number }> {
    const decoded = decodedParam(slug);
    const post = (await findPostAccess(this.db, slug)) ?? (decoded === slug ? undefined : await findPostAccess(this.db, decoded));
    if (!post || post.status === 'draft') throw notFound('postNotFound');
    return post;
  }
}
