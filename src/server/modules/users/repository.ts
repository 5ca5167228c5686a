import type { Queryable } from '../../db/db';

/** A user as everyone may see them, with the counts profiles show. */
export interface PublicUserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  user_type: 'regular' | 'staff' | 'publisher';
  is_verified: boolean;
  date_joined: Date;
  profile_picture: string | null;
  bio: string;
  location: string;
  website: string;
  twitter: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  following_count: number;
  followers_count: number;
  posts_count: number;
  /** Whether the reader follows this user; null for visitors. */
  is_following: boolean | null;
}

/** The signed-in user's own view: adds what only they may see. */
export interface CurrentUserRow extends Omit<PublicUserRow, 'is_following'> {
  email: string;
  is_staff: boolean;
  bookmarks_count: number;
}

const PROFILE = `u.id, u.username, u.first_name, u.last_name, u.user_type, u.is_verified, u.date_joined,
  u.profile_picture, u.bio, u.location, u.website, u.twitter, u.facebook, u.instagram, u.linkedin,
  (SELECT count(*) FROM follows f JOIN users x ON x.id = f.followed_id AND x.is_active WHERE f.follower_id = u.id)::int AS following_count,
  (SELECT count(*) FROM follows f JOIN users x ON x.id = f.follower_id AND x.is_active WHERE f.followed_id = u.id)::int AS followers_count`;

/** Columns of PublicUserRow; `viewer` is the SQL parameter holding the reader's id or null. */
const publicColumns = (viewer: string) => `${PROFILE},
  (SELECT count(*) FROM posts p WHERE p.author_id = u.id AND p.status IN ('published', 'archived'))::int AS posts_count,
  CASE WHEN ${viewer}::int IS NULL THEN NULL
       ELSE EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewer}::int AND f.followed_id = u.id) END AS is_following`;

/** Text a user search looks in; the users_name_trgm index is built over exactly this. */
const SEARCHABLE = `lower(u.username || ' ' || u.first_name || ' ' || u.last_name)`;

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export interface Window {
  limit: number;
  offset: number;
}

export async function currentUser(db: Queryable, id: number): Promise<CurrentUserRow | null> {
  const [row] = await db.query<CurrentUserRow>(
    `SELECT ${PROFILE}, u.email, u.is_staff,
            -- The owner counts every post they wrote, drafts included; others see only public ones.
            (SELECT count(*) FROM posts p WHERE p.author_id = u.id)::int AS posts_count,
            (SELECT count(*) FROM bookmarks b WHERE b.user_id = u.id)::int AS bookmarks_count
       FROM users u WHERE u.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function publicUser(db: Queryable, id: number, viewer: number | null): Promise<PublicUserRow | null> {
  const [row] = await db.query<PublicUserRow>(
    `SELECT ${publicColumns('$2')} FROM users u WHERE u.id = $1 AND u.is_active`,
    [id, viewer],
  );
  return row ?? null;
}

export async function publicUserByUsername(db: Queryable, username: string, viewer: number | null): Promise<PublicUserRow | null> {
  const [row] = await db.query<PublicUserRow>(
    `SELECT ${publicColumns('$2')} FROM users u WHERE lower(u.username) = lower($1) AND u.is_active`,
    [username, viewer],
  );
  return row ?? null;
}

export async function isActiveUser(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id = $1 AND is_active', [id])).length > 0;
}

/** The user directory, newest first, optionally narrowed by name and verification. */
export async function listUsers(
  db: Queryable,
  filter: { search?: string; isVerified?: boolean },
  viewer: number | null,
  w: Window,
): Promise<{ count: number; rows: PublicUserRow[] }> {
  const where = ['u.is_active'];
  const params: unknown[] = [];
  if (filter.search) {
    params.push(containsPattern(filter.search));
    where.push(`${SEARCHABLE} LIKE $${params.length}`);
  }
  if (filter.isVerified !== undefined) {
    params.push(filter.isVerified);
    where.push(`u.is_verified = $${params.length}`);
  }
  const condition = where.join(' AND ');
  const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users u WHERE ${condition}`, params);
  const rows = await db.query<PublicUserRow>(
    `SELECT ${publicColumns(`$${params.length + 1}`)} FROM users u WHERE ${condition}
      ORDER BY u.date_joined DESC, u.id DESC LIMIT $${params.length + 2} OFFSET $${params.length + 3}`,
    [...params, viewer, w.limit, w.offset],
  );
  return { count, rows };
}

/** Users whose username or name contains `q`: the exact username first, then usernames starting with it, then newest. */
export async function searchUsers(db: Queryable, q: string, viewer: number | null, w: Window): Promise<{ count: number; rows: PublicUserRow[] }> {
  const pattern = containsPattern(q);
  const [{ count }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users u WHERE u.is_active AND ${SEARCHABLE} LIKE $1`,
    [pattern],
  );
  const rows = await db.query<PublicUserRow>(
    `SELECT ${publicColumns('$3')} FROM users u
      WHERE u.is_active AND ${SEARCHABLE} LIKE $1
      ORDER BY lower(u.username) = lower($2) DESC, ${SEARCHABLE} LIKE $4 DESC, u.date_joined DESC, u.id DESC
      LIMIT $5 OFFSET $6`,
    [pattern, q, viewer, pattern.slice(1), w.limit, w.offset],
  );
  return { count, rows };
}

/** Who follows `userId` (direction 'followers') or whom they follow ('following'), most recent first. */
export async function follows(
  db: Queryable,
  userId: number,
  direction: 'followers' | 'following',
  viewer: number | null,
  w: Window,
): Promise<{ count: number; rows: PublicUserRow[] }> {
  const [mine, theirs] = direction === 'followers' ? ['followed_id', 'follower_id'] : ['follower_id', 'followed_id'];
  const [{ count }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM follows f JOIN users u ON u.id = f.${theirs} AND u.is_active WHERE f.${mine} = $1`,
    [userId],
  );
  const rows = await db.query<PublicUserRow>(
    `SELECT ${publicColumns('$2')} FROM follows f JOIN users u ON u.id = f.${theirs} AND u.is_active
      WHERE f.${mine} = $1
      ORDER BY f.created_at DESC, u.id DESC LIMIT $3 OFFSET $4`,
    [userId, viewer, w.limit, w.offset],
  );
  return { count, rows };
}

/**
 * Follows the user, or stops following when already following. One transaction, so the
 * answered count is the one this toggle produced.
 */
export async function toggleFollow(db: Queryable, follower: number, followed: number) {
  const [stopped] = await db.query('DELETE FROM follows WHERE follower_id = $1 AND followed_id = $2 RETURNING 1', [follower, followed]);
  if (!stopped) {
    await db.query('INSERT INTO follows (follower_id, followed_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [follower, followed]);
  }
  const [{ count }] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM follows f JOIN users x ON x.id = f.follower_id AND x.is_active WHERE f.followed_id = $1`,
    [followed],
  );
  return { following: !stopped, followersCount: count };
}

export async function setVerified(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('UPDATE users SET is_verified = true WHERE id = $1 AND is_active RETURNING 1', [id])).length > 0;
}

// ------------------------------------------------------------------ interests

export interface InterestRow {
  id: number;
  name: string;
  created_at: Date;
}

export function listInterests(db: Queryable, userId: number): Promise<InterestRow[]> {
  return db.query<InterestRow>('SELECT id, name, created_at FROM interests WHERE user_id = $1 ORDER BY created_at, id', [userId]);
}

/** Adds an interest; when one of the same name (ignoring case) exists, answers it instead. */
export async function addInterest(db: Queryable, userId: number, name: string): Promise<{ interest: InterestRow; created: boolean }> {
  const [created] = await db.query<InterestRow>(
    `INSERT INTO interests (user_id, name) VALUES ($1, $2)
     ON CONFLICT (user_id, lower(name)) DO NOTHING
     RETURNING id, name, created_at`,
    [userId, name],
  );
  if (created) return { interest: created, created: true };
  const [existing] = await db.query<InterestRow>(
    'SELECT id, name, created_at FROM interests WHERE user_id = $1 AND lower(name) = lower($2)',
    [userId, name],
  );
  return { interest: existing, created: false };
}

export async function deleteInterest(db: Queryable, userId: number, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM interests WHERE id = $1 AND user_id = $2 RETURNING 1', [id, userId])).length > 0;
}
