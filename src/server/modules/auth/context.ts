import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    if (claims.typ !== 'access' || !claims.sid) throw unauthorized('tokenInvalid', 'token_not_valid');
    const [row] = await app.db.query<{ id: number; username: string; is_staff: boolean }>(
      `SELECT u.id, u.username, u.is_staff
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.revoked_at IS NULL AND u.is_active AND u.id = $2`,
      [claims.sid, Number(claims.sub)],
    );
    if (!row) throw unauthorized('sessionEnded', 'token_not_valid');
    req.auth = { userId: row.id, sessionId: claims.sid, username: row.username, isStaff: row.is_staff };
  });
}

/** The contract's bearerAuth requirement: operations that need a signed-in reader. */
export const securityHandlers = {
  async bearerAuth(req: FastifyRequest) {
    if (!req.auth) throw unauthorized('notAuthenticated', 'not_authenticated');
  },
};
