import type { Db } from '../../db/db';
import type { Schemas } from '../../http/routes';
import type { Lang } from '../../lang';
import { postFilterFromQuery, type ListPostsQuery } from '../posts/filters';
import { signatureEtag } from '../posts/page-memo';
import { parsedDoc } from '../posts/post-docs';
import type { PostsService } from '../posts/service';
import { feedTitle, listPagePath } from './describe';
import { atomFeed, entryOf, rssFeed, type FeedData } from './feed';

/** Entries in a feed: the newest of the list (feed readers keep what they saw). */
export const FEED_ENTRIES = 50;

export type FeedFormat = 'atom' | 'rss';

/** A feed's bytes and validators, as kept (posts/page-memo.ts). */
export interface KeptFeed {
  body: Buffer;
  etag: string;
  modified?: Date;
}

/** Atom and RSS feeds of post lists. */
export class FeedsService {
  constructor(
    private readonly db: Db,
    private readonly posts: PostsService,
  ) {}

  /**
   * The feed of a list: the list's filters as listPosts takes them, published posts only, the
   * newest FEED_ENTRIES in the list's ordering. What a feed is made of is read on each request
   * (the content version and the entries' ids, from the kept page when nothing changed), and the
   * bytes are made once for it and kept (page-memo.ts) under its address (`path`, the request's
   * path and query, at `origin`).
   */
  async feed(format: FeedFormat, query: ListPostsQuery, lang: Lang, origin: string, path: string): Promise<KeptFeed> {
    const db = this.db;
    const filter = { ...postFilterFromQuery(query, null), status: 'published' as const };
    const ordering = query.ordering ?? '-published_at';
    const { version, keys } = await this.posts.reads.findPostKeys(filter, ordering, { page: 1, pageSize: FEED_ENTRIES, offset: 0 }, null, true);

    const address = `${format}|${origin}${path}`;
    // Views are not in a feed: only the content and the list's members make its bytes.
    const signature = `${version}|${keys.map((k) => k.id).join(',')}`;
    const memo = this.posts.answers;
    const kept = memo.get(address, signature);
    if (kept) return kept;
    const docs = await this.posts.docsOf(keys, origin);
    const posts = keys.filter((k) => docs.has(k.id)).map((k) => parsedDoc<Schemas['Post']>(docs.get(k.id)!));
    const entries = posts.map((post) => entryOf(post, lang, origin));
    const { title, description } = await feedTitle(db, filter, query.search, lang);
    const feed: FeedData = {
      lang,
      title,
      description,
      selfUrl: `${origin}${path}`,
      pageUrl: `${origin}${listPagePath(query)}`,
      updated: new Date(Math.max(0, ...entries.map((e) => e.updated.getTime()))),
      entries,
    };
    const body = Buffer.from(format === 'atom' ? atomFeed(feed) : rssFeed(feed));
    const made = { signature, body, etag: signatureEtag(address, signature), modified: feed.updated };
    memo.keep(address, made);
    return made;
  }
}
