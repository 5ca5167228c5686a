import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/context';

/**
 * Published and archived posts are public; a draft is its author's and staff's. Anyone else,
 * visitor or signed-in reader, is told there is no such post: a 403 would tell them that a
 * draft with that slug exists.
 */
export function assertCanSee(post: { status: string; author_id: number }, auth: AuthContext | null): void {
  if (post.status !== 'draft' || (auth && (auth.isStaff || auth.userId === post.author_id))) return;
  throw notFound('postNotFound');
}
