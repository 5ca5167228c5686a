/**
 * Checking a signed version with nothing but the published keys (node:crypto only): what
 * `npm run verify` does, and what anyone can do by hand (README, "Checking a document").
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { PublishedKey } from './jwks';
import { PAYLOAD_FORMAT, SIGNING_ALG } from './keys';

/** A version's signature as answers carry it (the contract's SignedVersion). */
export interface Signed {
  payload: string;
  alg: string;
  kid: string;
  digest: string;
  signature: string;
}

/** A file of a signed version, as its payload lists it. */
export interface SignedFile {
  id: number;
  file?: string;
  title: string | null;
  title_ar?: string;
  file_type?: string;
  size?: number;
  sha256: string;
}

/** The payload's content, once its signature holds. */
export interface SignedPayload {
  format: string;
  post: { id: number; slug: string; title?: string; title_ar?: string; document_number?: string | null; [field: string]: unknown };
  version: number;
  kind: string;
  made_at: string;
  files: SignedFile[];
}

export type Verdict =
  | { valid: true; key: PublishedKey; payload: SignedPayload }
  | { valid: false; reason: 'unknownKey' | 'badAlgorithm' | 'digestMismatch' | 'badSignature' | 'badPayload'; key?: PublishedKey };

export const sha256Hex = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/** Whether `signed` was signed by one of `keys` (retired ones included), and its payload if so. */
export function verifySigned(signed: Signed, keys: { keys: PublishedKey[] }): Verdict {
  const key = keys.keys.find((k) => k.kid === signed.kid);
  if (!key) return { valid: false, reason: 'unknownKey' };
  if (signed.alg !== SIGNING_ALG || key.kty !== 'OKP' || key.crv !== 'Ed25519') return { valid: false, reason: 'badAlgorithm', key };
  const bytes = Buffer.from(signed.payload, 'utf8');
  if (sha256Hex(bytes) !== signed.digest) return { valid: false, reason: 'digestMismatch', key };
  const publicKey = createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x }, format: 'jwk' });
  let holds = false;
  try {
    holds = verify(null, bytes, publicKey, Buffer.from(signed.signature, 'base64url'));
  } catch {
    holds = false;
  }
  if (!holds) return { valid: false, reason: 'badSignature', key };
  let payload: SignedPayload;
  try {
    payload = JSON.parse(signed.payload) as SignedPayload;
  } catch {
    return { valid: false, reason: 'badPayload', key };
  }
  if (payload.format !== PAYLOAD_FORMAT || !Array.isArray(payload.files)) return { valid: false, reason: 'badPayload', key };
  return { valid: true, key, payload };
}

/** The file of a verified payload with these bytes, if it is one of its files. */
export function fileOf(payload: SignedPayload, bytes: Buffer): SignedFile | undefined {
  const digest = sha256Hex(bytes);
  return payload.files.find((f) => f.sha256 === digest);
}
