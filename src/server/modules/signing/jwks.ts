/** The published keys: every key that has signed, the one signing now first, retired ones marked. */
import type { Queryable } from '../../db/db';
import { SIGNING_ALG, type PublicJwk } from './keys';

/** A published key: an Ed25519 JWK with its id, and whether it still signs. */
export interface PublishedKey extends PublicJwk {
  kid: string;
  alg: typeof SIGNING_ALG;
  use: 'sig';
  /** `active` signs what is published now; `retired` no longer signs, and what it signed still verifies. */
  status: 'active' | 'retired';
  created_at: string;
  retired_at?: string;
}

export async function publishedKeys(db: Queryable): Promise<{ keys: PublishedKey[] }> {
  const rows = await db.query<{ kid: string; public_jwk: PublicJwk; created_at: Date; retired_at: Date | null }>(
    'SELECT kid, public_jwk, created_at, retired_at FROM signing_keys ORDER BY retired_at DESC NULLS FIRST, created_at DESC',
  );
  return {
    keys: rows.map(({ kid, public_jwk: jwk, created_at, retired_at }) => ({
      kty: jwk.kty,
      crv: jwk.crv,
      x: jwk.x,
      kid,
      alg: SIGNING_ALG,
      use: 'sig',
      status: retired_at ? 'retired' : 'active',
      created_at: new Date(created_at).toISOString(),
      ...(retired_at ? { retired_at: new Date(retired_at).toISOString() } : {}),
    })),
  };
}
