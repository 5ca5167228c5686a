import { HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/context';

/**
 * Published and archived posts are public; a draft is its author's and staff's. Anyone else
 * signed in is told it is forbidden; a visitor is not told that it exists.
 */
export function assertCanSee(post: { status: string; author_id: number }, auth: AuthContext | null): void {
  if (post.status !== 'draft' || (auth && (auth.isStaff || auth.userId === post.author_id))) return;
  if (!auth) throw notFound('postNotFound');
  throw new HttpError(403, 'postForbidden');
}
