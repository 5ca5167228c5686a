import type { Db } from '../../db/db';
import { forbidden, HttpError, notFound } from '../../http/errors';
import type { Schemas } from '../../http/routes';
import { hasNul, withoutNul } from '../../text/control-characters';
import type { AuthContext } from '../auth/context';
import * as repo from './repository';
import { setTopicFollow, topicFollowsOf } from './topics';

/** Shorter searches match too much to be useful, as for hashtag suggestions. */
const MIN_SEARCH = 2;
/** Usernames are at most this long (the contract's RegisterRequest). */
const USERNAME_MAX = 150;

type Page = { count: number; rows: repo.PublicUserRow[] };
type TopicKind = Parameters<typeof setTopicFollow>[2];

/** The user directory, follows, interests and followed topics. */
export class UsersService {
  constructor(private readonly db: Db) {}

  /** The signed-in user's own row (CurrentUser); null once the account is gone. */
  current(userId: number): Promise<repo.CurrentUserRow | null> {
    return repo.currentUser(this.db, userId);
  }

  list(search: string | undefined, isVerified: boolean | undefined, viewer: number | null, w: repo.Window): Promise<Page> {
    const text = withoutNul(search ?? '').trim() || undefined;
    return repo.listUsers(this.db, { search: text, isVerified }, viewer, w);
  }

  async byId(id: number, viewer: number | null): Promise<repo.PublicUserRow> {
    const user = await repo.publicUser(this.db, id, viewer);
    if (!user) throw notFound('userNotFound');
    return user;
  }

  async byUsername(username: string, viewer: number | null): Promise<repo.PublicUserRow> {
    // No username is longer than 150 characters (or holds a NUL): such a name is simply not found.
    const possible = username.length <= USERNAME_MAX && !hasNul(username);
    const user = possible ? await repo.publicUserByUsername(this.db, username, viewer) : null;
    if (!user) throw notFound('userNotFound');
    return user;
  }

  /** What a search for `q` looks for; null (no search) for fewer than MIN_SEARCH characters. */
  searchText(q: string | undefined): string | null {
    const text = withoutNul(q ?? '').trim();
    return [...text].length < MIN_SEARCH ? null : text;
  }

  /** Users matching a searchText. */
  search(text: string, viewer: number | null, w: repo.Window): Promise<Page> {
    return repo.searchUsers(this.db, text, viewer, w);
  }

  interests(userId: number): Promise<repo.InterestRow[]> {
    return repo.listInterests(this.db, userId);
  }

  /** Adds an interest, trimmed; a blank name is refused. */
  async addInterest(userId: number, name: string) {
    const trimmed = name.trim();
    if (!trimmed) throw new HttpError(400, 'badRequest', { fields: { name: ['fieldBlank'] } });
    if (hasNul(trimmed)) throw new HttpError(400, 'badRequest', { fields: { name: ['nullCharacters'] } });
    return repo.addInterest(this.db, userId, trimmed);
  }

  async deleteInterest(userId: number, id: number): Promise<void> {
    if (!(await repo.deleteInterest(this.db, userId, id))) throw notFound();
  }

  topicFollows(userId: number): Promise<Schemas['TopicFollows']> {
    return topicFollowsOf(this.db, userId);
  }

  followTopic(userId: number, kind: TopicKind, id: number, following: boolean): Promise<Schemas['TopicFollowResult']> {
    return setTopicFollow(this.db, userId, kind, id, following);
  }

  /** Follows or unfollows; one's own account cannot be followed. */
  async toggleFollow(reader: AuthContext, targetId: number) {
    if (targetId === reader.userId) throw new HttpError(400, 'cannotFollowSelf');
    return this.db.transaction(async (tx) => {
      if (!(await repo.isActiveUser(tx, targetId))) throw notFound('userNotFound');
      return repo.toggleFollow(tx, reader.userId, targetId);
    });
  }

  /** A page of a user's followers or followees; the user must exist. */
  async follows(userId: number, direction: 'followers' | 'following', viewer: number | null, w: repo.Window): Promise<Page> {
    if (!(await repo.isActiveUser(this.db, userId))) throw notFound('userNotFound');
    return repo.follows(this.db, userId, direction, viewer, w);
  }

  /** Marks a user as verified: staff only. */
  async verify(reader: AuthContext, targetId: number): Promise<repo.PublicUserRow> {
    if (!reader.isStaff) throw forbidden();
    if (!(await repo.setVerified(this.db, targetId))) throw notFound('userNotFound');
    return (await repo.publicUser(this.db, targetId, reader.userId))!;
  }
}
