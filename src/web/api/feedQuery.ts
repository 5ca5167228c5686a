import type { ListPostsApiArg } from './posts';

/** Spec §9: the main feed asks 10 posts per page. */
export const FEED_PAGE_SIZE = 10;

/**
 * The home feed's query: published posts, newest first, optionally of one category. Apart from
 * the screen so that the entry can ask for the first page while the screen's code loads.
 */
export const feedArg = (category: string | undefined): Omit<ListPostsApiArg, 'page'> => ({
  status: 'published',
  ordering: '-published_at',
  pageSize: FEED_PAGE_SIZE,
  category,
});
