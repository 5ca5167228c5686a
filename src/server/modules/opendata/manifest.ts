/**
 * A day's manifest: what its export holds (each file's name, size, SHA-256 and rows), as RFC 8785
 * canonical JSON (`canonicalize`), signed with Ed25519 by the key that signs the versions, the
 * signature beside it (`qarar-manifest-DAY.sig.json`). The manifest's text is a function of the
 * day's export alone (no clock, no host, paths without an origin), and Ed25519 signatures are
 * deterministic: every process holding the same files writes the same two files, byte for byte.
 *
 * Checking needs nothing but node:crypto and the published keys (what `npm run verify --
 * manifest.json` does, and README's "Open data" by hand).
 */
import { createPublicKey, sign, verify } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { PublishedKey } from '../signing/jwks';
import { SIGNING_ALG, type SigningKey } from '../signing/keys';
import { sha256Hex } from '../signing/verify';

/** Names the manifest's shape; a new shape is a new name. */
export const MANIFEST_FORMAT = 'qarar-opendata/1';

/** What is known of a file of a day's export once written (kept with the day's row). */
export interface FileFacts {
  /** Its name under /data/. */
  name: string;
  format: 'jsonl' | 'csv';
  /** What the file holds once gunzipped. */
  media_type: 'application/x-ndjson' | 'text/csv';
  compression: 'gzip';
  /** Its size as served (compressed), and the SHA-256 (hex) of those bytes. */
  bytes: number;
  sha256: string;
  /** Versions it holds (the CSV's header line not counted). */
  rows: number;
}

/** One file of a day's export, as the manifest lists it. */
export interface ExportFile extends FileFacts {
  date: string;
  generated_at: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  /** The UTC day of the export. */
  date: string;
  /** When its files were first made; the versions it holds are those signed before `cutoff`. */
  generated_at: string;
  cutoff: string;
  /** Where the keys that verify the manifest and every version are published. */
  keys: string;
  files: ExportFile[];
}

/** The manifest's detached signature: Ed25519 over the manifest file's exact bytes. */
export interface ManifestSignature {
  alg: typeof SIGNING_ALG;
  kid: string;
  /** The file signed, and the SHA-256 (hex) of its bytes. */
  signed: string;
  digest: string;
  /** base64url. */
  signature: string;
}

/** A day's manifest; `keys`: where the keys are published (/.well-known/qarar-keys.json). */
export function manifestOf(day: string, generatedAt: Date, cutoff: Date, files: FileFacts[], keys: string): Manifest {
  const generated_at = generatedAt.toISOString();
  return {
    format: MANIFEST_FORMAT,
    date: day,
    generated_at,
    cutoff: cutoff.toISOString(),
    keys,
    files: files.map((f) => ({ ...f, date: day, generated_at })),
  };
}

/** The manifest file's text: its RFC 8785 canonical form. */
export function manifestText(manifest: Manifest): string {
  const text = canonicalize(manifest);
  if (!text) throw new Error('the manifest has no JSON form');
  return text;
}

export function signManifest(name: string, text: string, key: SigningKey): ManifestSignature {
  const bytes = Buffer.from(text, 'utf8');
  return { alg: SIGNING_ALG, kid: key.kid, signed: name, digest: sha256Hex(bytes), signature: sign(null, bytes, key.privateKey).toString('base64url') };
}

export type ManifestVerdict =
  | { valid: true; key: PublishedKey; manifest: Manifest }
  | { valid: false; reason: 'unknownKey' | 'badAlgorithm' | 'digestMismatch' | 'badSignature' | 'badManifest'; key?: PublishedKey };

/** Whether the manifest's bytes were signed by one of `keys` (retired ones too), and its content if so. */
export function verifyManifest(bytes: Buffer, signature: ManifestSignature, keys: { keys: PublishedKey[] }): ManifestVerdict {
  const key = keys.keys.find((k) => k.kid === signature.kid);
  if (!key) return { valid: false, reason: 'unknownKey' };
  if (signature.alg !== SIGNING_ALG || key.kty !== 'OKP' || key.crv !== 'Ed25519') return { valid: false, reason: 'badAlgorithm', key };
  if (sha256Hex(bytes) !== signature.digest) return { valid: false, reason: 'digestMismatch', key };
  let holds = false;
  try {
    holds = verify(null, bytes, createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x }, format: 'jwk' }), Buffer.from(signature.signature, 'base64url'));
  } catch {
    holds = false;
  }
  if (!holds) return { valid: false, reason: 'badSignature', key };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    return { valid: false, reason: 'badManifest', key };
  }
  if (manifest.format !== MANIFEST_FORMAT || !Array.isArray(manifest.files)) return { valid: false, reason: 'badManifest', key };
  return { valid: true, key, manifest };
}

/** How a file's bytes stand against its entry: the same, or what differs. */
export function checkFile(entry: Pick<ExportFile, 'bytes' | 'sha256'>, bytes: Buffer): 'ok' | 'size' | 'sha256' {
  if (bytes.length !== entry.bytes) return 'size';
  return sha256Hex(bytes) === entry.sha256 ? 'ok' : 'sha256';
}
