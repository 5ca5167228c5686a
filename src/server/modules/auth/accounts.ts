import type { Queryable } from '../../db/db';
import { withoutBidiControls } from '../../text/control-characters';

/** What signing in and changing a password need to know about an account. */
export interface Credentials {
  id: number;
  username: string;
  first_name: string;
  email: string;
  password_hash: string;
  is_active: boolean;
}

export interface NewUser {
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
}

export async function insertUser(db: Queryable, u: NewUser): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, first_name, last_name, user_type)
     VALUES ($1, $2, $3, $4, $5, 'regular') RETURNING id`,
    // The service has stripped them already (before checking for blanks); this keeps the rule
    // for every caller.
    [u.username, u.email, u.password_hash, withoutBidiControls(u.first_name), withoutBidiControls(u.last_name)],
  );
  return row.id;
}

/** Which of a username and an e-mail are already in use, without regard to case. */
export async function takenIdentifiers(db: Queryable, username: string, email: string) {
  const [row] = await db.query<{ username: boolean; email: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS username,
            EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS email`,
    [username, email],
  );
  return row;
}

const CREDENTIALS = 'id, username, first_name, email, password_hash, is_active';

/**
 * Accounts a sign-in name may mean: the one with that username, then the one with that
 * e-mail (usernames may contain @, so one text can name two accounts).
 */
export function findForLogin(db: Queryable, login: string): Promise<Credentials[]> {
  return db.query<Credentials>(
    `SELECT ${CREDENTIALS} FROM users
      WHERE lower(username) = lower($1) OR lower(email) = lower($1)
      ORDER BY lower(username) = lower($1) DESC LIMIT 2`,
    [login],
  );
}

export async function credentialsOf(db: Queryable, id: number): Promise<Credentials | null> {
  const [row] = await db.query<Credentials>(`SELECT ${CREDENTIALS} FROM users WHERE id = $1`, [id]);
  return row ?? null;
}

export async function activeUserByEmail(db: Queryable, email: string): Promise<Credentials | null> {
  const [row] = await db.query<Credentials>(`SELECT ${CREDENTIALS} FROM users WHERE lower(email) = lower($1) AND is_active`, [email]);
  return row ?? null;
}

export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);
}

/** Profile columns a user may change themselves. */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'bio',
  'location',
  'website',
  'twitter',
  'facebook',
  'instagram',
  'linkedin',
  'profile_picture',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileChanges = Partial<Record<ProfileField, string | null>>;

/**
 * Applies the changes in one statement, with the row locked first so the picture it replaces is
 * known for certain. Answers the previous picture's key.
 */
export async function updateProfile(db: Queryable, id: number, changes: ProfileChanges): Promise<{ previousPicture: string | null }> {
  const [current] = await db.query<{ profile_picture: string | null }>('SELECT profile_picture FROM users WHERE id = $1 FOR UPDATE', [id]);
  const fields = PROFILE_FIELDS.filter((f) => changes[f] !== undefined);
  if (fields.length) {
    await db.query(
      `UPDATE users SET ${fields.map((f, i) => `${f} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...fields.map((f) => (f === 'profile_picture' ? changes[f] : changes[f] && withoutBidiControls(changes[f])))],
    );
  }
  return { previousPicture: current?.profile_picture ?? null };
}

// ------------------------------------------------------------------ password reset tokens

export async function insertResetToken(db: Queryable, userId: number, hash: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hash, userId, ttlSeconds],
  );
}

/** The account an unused, unexpired reset token is for (the account must still be active). */
export async function resetTokenOwner(db: Queryable, hash: string): Promise<Credentials | null> {
  const [row] = await db.query<Credentials>(
    `SELECT u.id, u.username, u.first_name, u.email, u.password_hash, u.is_active
       FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.is_active`,
    [hash],
  );
  return row ?? null;
}

/**
 * Uses up a reset token, atomically, so that two requests with one link cannot both succeed;
 * with it, every other link sent to that user stops working (the password they were for is gone).
 */
export async function consumeResetToken(db: Queryable, hash: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>(
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [hash],
  );
  if (!row) return null;
  await db.query('UPDATE password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [row.user_id]);
  return row.user_id;
}
