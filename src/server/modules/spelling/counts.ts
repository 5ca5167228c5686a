import type { Queryable } from '../../db/db';
import { postFilterFromQuery } from '../posts/filters';
import { COUNT_BOUND } from '../posts/repository';
import type { PostsService } from '../posts/service';
import type { CountSearches } from './correct';
import { countPublishedMatches } from './repository';

/** The first page the explore list asks for a search. */
const FIRST_PAGE = { page: 1, pageSize: 10, offset: 0 };

/**
 * How many posts each search finds, as the explore list (GET /content/posts/?search=) counts it
 * on its first page, all at once (in parallel on PostgreSQL's pool). A search of published posts
 * by words alone is counted as the list counts it (findPostPageKeys: up to COUNT_BOUND, from the
 * narrow copy of the terms) without reading a page; any other (a phrase, a language) goes through
 * the list's own reads (the posts service: the same filter, kept per content version).
 */
export function searchCounter(db: Queryable, posts: PostsService, language: 'ar' | 'en' | undefined): CountSearches {
  const countOne = async (search: string): Promise<number> => {
    const filter = postFilterFromQuery({ search, language }, null);
    const words = filter.search;
    if (words?.tsquery && words.loose === null && filter.language === undefined) {
      return Math.min(await countPublishedMatches(db, words.tsquery, words.alone, COUNT_BOUND), COUNT_BOUND);
    }
    return (await posts.reads.findPostKeys(filter, '-published_at', FIRST_PAGE, null)).count;
  };
  return (searches) => Promise.all(searches.map(countOne));
}
