import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { isUserId, isUuid, type AccessClaims } from './context';

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

async function insertRefresh(db: Queryable, sessionId: string, ttlSeconds: number, refresh = newOpaqueToken()): Promise<string> {
  await db.query(
    `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash(refresh), sessionId, ttlSeconds],
  );
  return refresh;
}

/**
 * How long after an exchange the same refresh token may be presented again and get the same
 * answer instead of ending the session: two tabs (or a retried request) renewing together.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * The token that follows a refresh token when it is exchanged: an HMAC of it under the server's
 * secret. Only hashes are stored, so this is what lets the server give a second exchange within
 * the grace window the same new token as the first; without the secret it cannot be derived.
 */
export function successorOf(app: FastifyInstance, refresh: string): string {
  return createHmac('sha256', app.config.jwtSecret).update(`qarar refresh successor\0${refresh}`).digest('base64url');
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
 * Exchanges a refresh token for a new pair. The token's row is locked first, so two exchanges
 * of the same token take turns. The first marks it used and stores its successor (successorOf);
 * one within REFRESH_REUSE_GRACE_SECONDS of that, while the successor is still unused, gets the
 * same successor again (and an access token of the same session). Any other use of a spent token
 * (later, or after the successor was exchanged in turn) is taken for a stolen copy: its whole
 * session is ended. Null when the token cannot be exchanged.
 */
export async function rotateRefresh(app: FastifyInstance, refresh: string): Promise<TokenPair | null> {
  const hash = tokenHash(refresh);
  const next = successorOf(app, refresh);
  const granted = await app.db.transaction(async (tx) => {
    const [token] = await tx.query<{ session_id: string; user_id: number; used: boolean; recent: boolean; live: boolean; open: boolean }>(
      `SELECT t.session_id, s.user_id, t.used_at IS NOT NULL AS used,
              coalesce(t.used_at > now() - make_interval(secs => $2), false) AS recent,
              t.expires_at > now() AS live, s.revoked_at IS NULL AND u.is_active AS open
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
        WHERE t.token_hash = $1
          FOR UPDATE OF t`,
      [hash, REFRESH_REUSE_GRACE_SECONDS],
    );
    if (!token || !token.open) return null;
    if (!token.used) {
      if (!token.live) return null;
      await tx.query('UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1', [hash]);
      await tx.query('UPDATE sessions SET last_used = now() WHERE id = $1', [token.session_id]);
      await insertRefresh(tx, token.session_id, app.config.refreshTokenTtlSeconds, next);
      return token;
    }
    if (token.recent) {
      // Still the session's newest token: the first exchange's answer, once more.
      const [successor] = await tx.query(
        'SELECT 1 FROM refresh_tokens WHERE token_hash = $1 AND session_id = $2 AND used_at IS NULL AND expires_at > now()',
        [tokenHash(next), token.session_id],
      );
      if (successor) return token;
    }
    await tx.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [token.session_id]);
    return null;
  });
  return granted ? { access: signAccess(app, granted.user_id, granted.session_id), refresh: next } : null;
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
  if (claims.typ !== 'access' || typeof claims.sid !== 'string' || !isUserId(userId)) return false;
  // A sid that is not a uuid would make PostgreSQL raise rather than find nothing.
  if (!isUuid(claims.sid)) return false;
  const rows = await app.db.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.is_active`,
    [claims.sid, userId],
  );
  return rows.length > 0;
}
