import { hashtagIdentity } from '../../../shared/hashtags';
import type { Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import type { PageRequest } from '../../http/pagination';
import type { Schemas } from '../../http/routes';
import { findHashtagByParam, findHashtagPage, popularHashtags, relatedHashtags, trendingHashtags, type HashtagOrdering } from './repository';

type Hashtag = Schemas['Hashtag'];

/** Shorter searches (after the `#`) find nothing: too many tags would match to be of use. */
const MIN_SEARCH_LENGTH = 2;

export interface HashtagQuery {
  /** As the reader typed it, with or without `#`. */
  search?: string;
  isTrending?: boolean;
  ordering?: HashtagOrdering;
}

/** Hashtags: lists, suggestions and the tag a path names. */
export class HashtagsService {
  constructor(private readonly db: Queryable) {}

  async page(q: HashtagQuery, page: PageRequest): Promise<{ count: number; results: Hashtag[] }> {
    let search: string | undefined;
    if (q.search !== undefined) {
      search = hashtagIdentity(q.search);
      if ([...search].length < MIN_SEARCH_LENGTH) return { count: 0, results: [] };
    }
    return findHashtagPage(this.db, { search, isTrending: q.isTrending, ordering: q.ordering }, page);
  }

  trending(limit: number): Promise<Hashtag[]> {
    return trendingHashtags(this.db, limit);
  }

  popular(limit: number): Promise<Hashtag[]> {
    return popularHashtags(this.db, limit);
  }

  /** The tag a path names (by slug or name, with or without `#`); a 404 when there is none. */
  async byParam(slug: string): Promise<Hashtag> {
    const tag = await findHashtagByParam(this.db, slug);
    if (!tag) throw notFound('hashtagNotFound');
    return tag;
  }

  /**
   * Tags used with this one, the most shared first. A tag never used with another (or no such
   * tag) still gets suggestions: the most used.
   */
  async related(slug: string, limit: number): Promise<Hashtag[]> {
    const tag = await findHashtagByParam(this.db, slug);
    const related = tag ? await relatedHashtags(this.db, tag.id, limit) : [];
    return related.length ? related : popularHashtags(this.db, limit, tag?.id ?? null);
  }
}
