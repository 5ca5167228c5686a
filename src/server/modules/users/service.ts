import type { Db } from '../../db/db';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/context';
import { hasNul } from '../../text/control-characters';
import * as repo from './repository';

/** Follows or unfollows; one's own account cannot be followed. */
export async function toggleFollow(db: Db, reader: AuthContext, targetId: number) {
  if (targetId === reader.userId) throw new HttpError(400, 'cannotFollowSelf');
  return db.transaction(async (tx) => {
    if (!(await repo.isActiveUser(tx, targetId))) throw notFound('userNotFound');
    return repo.toggleFollow(tx, reader.userId, targetId);
  });
}

/** Marks a user as verified: staff only. */
export async function verifyUser(db: Db, reader: AuthContext, targetId: number): Promise<repo.PublicUserRow> {
  if (!reader.isStaff) throw forbidden();
  if (!(await repo.setVerified(db, targetId))) throw notFound('userNotFound');
  return (await repo.publicUser(db, targetId, reader.userId))!;
}

/** A page of a user's followers or followees; the user must exist. */
export async function followsOf(db: Db, userId: number, direction: 'followers' | 'following', viewer: number | null, w: repo.Window) {
  if (!(await repo.isActiveUser(db, userId))) throw notFound('userNotFound');
  return repo.follows(db, userId, direction, viewer, w);
}

/** Adds an interest, trimmed; a blank name is refused. */
export async function addInterest(db: Db, userId: number, name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw new HttpError(400, 'badRequest', { fields: { name: ['fieldBlank'] } });
  if (hasNul(trimmed)) throw new HttpError(400, 'badRequest', { fields: { name: ['nullCharacters'] } });
  return repo.addInterest(db, userId, trimmed);
}
