import { normalizeArabic } from '../../../shared/arabic';
import { hashtagIdentity } from '../../../shared/hashtags';
import type { Db } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { findHashtagPage } from '../hashtags/repository';
import { findOrganizationPage } from '../organizations/repository';
import type { CachedReads, ReadPost } from './cached-reads';
import { postSearchOf } from './search-index';

/** Shorter queries find nothing: too much would match to be of use. */
const MIN_QUERY_LENGTH = 2;

export interface SiteSearchResult {
  posts: ReadPost[];
  postsCount: number;
  hashtags: Schemas['Hashtag'][];
  organizations: Schemas['Organization'][];
}

/** The best matches of each kind: the most relevant published posts, most used hashtags, organizations by name. */
export async function siteSearch(db: Db, reads: CachedReads, query: string, limit: number, readerId: number | null): Promise<SiteSearchResult> {
  const text = normalizeArabic(query);
  if ([...text].length < MIN_QUERY_LENGTH) return { posts: [], postsCount: 0, hashtags: [], organizations: [] };
  const first = { page: 1, pageSize: limit, offset: 0 };
  const search = postSearchOf(query);
  const [posts, hashtags, organizations] = await Promise.all([
    search
      ? reads.findPosts({ status: 'published', search }, 'relevance', first, readerId)
      : { posts: [], count: 0 },
    findHashtagPage(db, { search: hashtagIdentity(query) }, first),
    findOrganizationPage(db, { search: text }, first),
  ]);
  return { posts: posts.posts, postsCount: posts.count, hashtags: hashtags.results, organizations: organizations.results };
}
