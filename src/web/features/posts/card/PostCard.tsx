import type { Post } from '../../../api/posts';

/** STUB (interface agreed): one post in any list. Replaced by the card helper. */
export function PostCard({ post }: { post: Post }) {
  return <article aria-label={post.title_ar || post.title}>{post.title_ar || post.title}</article>;
}
