import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import type { AccessClaims } from './context';

/** A new unguessable token for a link or a refresh: 256 random bits. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token, so that a leaked table grants nothing. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export function signAccess(app: FastifyInstance, userId: number, sessionId: string): string {
  const claims: AccessClaims = { sub: String(userId), sid: sessionId, typ: 'access' };
  return app.jwt.sign(claims, { expiresIn: app.config.accessTokenTtlSeconds });
}

async function insertRefresh(db: Queryable, sessionId: string, ttlSeconds: number): Promise<string> {
  const refresh = newOpaqueToken();
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash(refresh), sessionId, ttlSeconds],
  );
  return refresh;
}

/**
 * Signs the user in: a new session and its first pair of tokens. Inside the caller's
 * transaction when given one (registration creates the account and its session together).
 */
export async function openSession(app: FastifyInstance, userId: number, userAgent = '', tx?: Queryable): Promise<TokenPair> {
  const sessionId = randomUUID();
  const open = async (q: Queryable) => {
    await q.query('INSERT INTO sessions (id, user_id, user_agent) VALUES ($1, $2, $3)', [sessionId, userId, userAgent.slice(0, 500)]);
    return insertRefresh(q, sessionId, app.config.refreshTokenTtlSeconds);
  };
  const refresh = tx ? await open(tx) : await app.db.transaction(open);
  return { access: signAccess(app, userId, sessionId), refresh };
}

/**
 * Exchanges a refresh token for a new pair. The token is claimed by one conditional UPDATE, so
 * of two concurrent exchanges only one can win. A token that was already exchanged is taken
 * for a stolen copy: its whole session is ended. Null when the token cannot be exchanged.
 */
export async function rotateRefresh(app: FastifyInstance, refresh: string): Promise<TokenPair | null> {
  const hash = tokenHash(refresh);
  const rotated = await app.db.transaction(async (tx) => {
    const [claimed] = await tx.query<{ session_id: string; user_id: number }>(
      `UPDATE refresh_tokens t SET used_at = now()
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
          AND s.id = t.session_id AND s.revoked_at IS NULL AND u.is_active
      RETURNING t.session_id, s.user_id`,
      [hash],
    );
    if (!claimed) return null;
    await tx.query('UPDATE sessions SET last_used = now() WHERE id = $1', [claimed.session_id]);
    const next = await insertRefresh(tx, claimed.session_id, app.config.refreshTokenTtlSeconds);
    return { ...claimed, refresh: next };
  });
  if (rotated) return { access: signAccess(app, rotated.user_id, rotated.session_id), refresh: rotated.refresh };

  await app.db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE revoked_at IS NULL
        AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL)`,
    [hash],
  );
  return null;
}

/** Ends the session a refresh token belongs to (any of its tokens will do); unknown tokens are ignored. */
export async function closeSessionOf(db: Queryable, refresh: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE revoked_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)`,
    [tokenHash(refresh)],
  );
}

/** Ends every open session of a user but one (none when keep is undefined). */
export async function closeSessionsOfUser(db: Queryable, userId: number, keep?: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [userId, keep ?? null],
  );
}

/** Whether an access token is genuine, unexpired and of an open session of an active user. */
export async function accessTokenIsLive(app: FastifyInstance, token: string): Promise<boolean> {
  let claims: AccessClaims;
  try {
    claims = app.jwt.verify<AccessClaims>(token);
  } catch {
    return false;
  }
  const userId = Number(claims.sub);
  if (claims.typ !== 'access' || typeof claims.sid !== 'string' || !Number.isSafeInteger(userId)) return false;
  // A sid that is not a uuid would make PostgreSQL raise rather than find nothing.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sid)) return false;
  const rows = await app.db.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.is_active`,
    [claims.sid, userId],
  );
  return rows.length > 0;
}

/**
 * Deletes refresh and reset tokens past their expiry: they can no longer be exchanged, and
 * rotation would otherwise leave one row behind every few minutes of every session.
 */
export async function purgeExpiredTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM refresh_tokens WHERE expires_at < now()');
  await db.query('DELETE FROM password_reset_tokens WHERE expires_at < now()');
}
