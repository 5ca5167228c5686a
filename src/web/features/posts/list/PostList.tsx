import type { Post } from '../../../api/posts';
import type { InfinitePages } from './useInfinitePages';

/** STUB (interface agreed): a list of post cards — infinite scroll or a load-more button. */
export function PostList(_props: {
  pages: InfinitePages<Post>;
  /** Accessible name of the feed. */
  label: string;
  /** Shown when the list is empty (defaults to the home feed's text). */
  emptyMessage?: string;
  /** 'infinite' (feed, explore; 300 px before the end) or 'button' (organization, type, hashtag pages). */
  mode?: 'infinite' | 'button';
}) {
  return null;
}
