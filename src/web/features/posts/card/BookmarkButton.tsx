import type { Post } from '../../../api/posts';

/** STUB (interface agreed): bookmark toggle (visitor: §4 message and /login). */
export function BookmarkButton(_props: { post: Pick<Post, 'id' | 'slug' | 'is_bookmarked' | 'bookmark_id' | 'title' | 'title_ar'>; variant?: 'icon' | 'button' }) {
  return null;
}
