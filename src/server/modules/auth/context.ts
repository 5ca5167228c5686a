import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentRoute } from '../../db/read-routing';
import { unauthorized } from '../../http/errors';

/** Who is calling: set from a valid bearer access token whose session is still open. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  username: string;
  isStaff: boolean;
}

/** Claims of an access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
  typ: 'access';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value can be compared with a uuid column (anything else makes PostgreSQL raise). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
/** Whether a number can be a users.id (an integer column: a larger one makes PostgreSQL raise). */
export const isUserId = (value: number): boolean => Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

/**
 * Reads the bearer token on every API call. A missing token means a visitor; a token that is
 * malformed, expired or belongs to an ended session is a 401 (as Django REST framework answers),
 * so the client knows to renew it.
 */
export function installAuthContext(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (!header || !req.url.startsWith('/api/')) return;
    const match = BEARER.exec(header);
    if (!match) throw unauthorized('tokenInvalid', 'token_not_valid');
    let claims: AccessClaims;
    try {
      claims = app.jwt.verify<AccessClaims>(match[1]);
    } catch {
      throw unauthorized('tokenInvalid', 'token_not_valid');
    }
    // Signed by us yet unusable (a sid that is no uuid, a sub that is no id) is as invalid as a
    // forged token: checked here, since the database would raise on them (a 500).
    const userId = Number(claims.sub);
    if (claims.typ !== 'access' || !isUuid(claims.sid) || !isUserId(userId)) throw unauthorized('tokenInvalid', 'token_not_valid');
    // On the primary where reads go to replicas: a session ended a moment ago is ended, one
    // opened a moment ago is open. There it also says whether the reader wrote or signed in
    // within READ_YOUR_WRITES_MS: then all of this request's reads are made on the primary.
    const route = currentRoute();
    const [row] = await app.db.query<{ id: number; username: string; is_staff: boolean; recent?: boolean }>(
      route
        ? `SELECT u.id, u.username, u.is_staff,
                  greatest(s.created_at, u.wrote_at) > now() - make_interval(secs => $3::float8 / 1000) AS recent
             FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = $1 AND s.revoked_at IS NULL AND u.is_active AND u.id = $2`
        : `SELECT u.id, u.username, u.is_staff
             FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = $1 AND s.revoked_at IS NULL AND u.is_active AND u.id = $2`,
      route ? [claims.sid, userId, app.config.readYourWritesMs] : [claims.sid, userId],
      { primary: true },
    );
    if (!row) throw unauthorized('sessionEnded', 'token_not_valid');
    if (route && row.recent) route.primary = true;
    req.auth = { userId: row.id, sessionId: claims.sid, username: row.username, isStaff: row.is_staff };
  });
}

/** The contract's bearerAuth requirement: operations that need a signed-in reader. */
export const securityHandlers = {
  async bearerAuth(req: FastifyRequest) {
    if (!req.auth) throw unauthorized('notAuthenticated', 'not_authenticated');
  },
};
