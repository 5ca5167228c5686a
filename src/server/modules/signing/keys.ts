/**
 * The portal's signing key (Ed25519, node:crypto) and its public half as a JSON Web Key.
 *
 * In production the key is given by the environment (SIGNING_KEY: an Ed25519 private key as
 * PKCS #8 PEM, e.g. from `openssl genpkey -algorithm ed25519`); otherwise one is made on the first
 * start and kept in DATA_DIR/signing-key.pem (mode 600), as the JWT secret is. Its key id is the
 * RFC 7638 thumbprint of its public key: anyone can compute it from the published key, and a new
 * key is a new id. The private key is a KeyObject: printed or logged, it shows no key material.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The only algorithm: Ed25519 signatures, as JOSE names them. */
export const SIGNING_ALG = 'EdDSA';

/** Names the shape of a version's signed payload; a new shape is a new name, the old ones still verify. */
export const PAYLOAD_FORMAT = 'qarar-version/1';

/** An Ed25519 public key as a JWK (RFC 8037). */
export interface PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: PublicJwk;
}

/** RFC 7638: the SHA-256 of the key's required members, in lexical order, without spaces. */
export function keyIdOf(jwk: PublicJwk): string {
  return createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).digest('base64url');
}

/** The public half of an Ed25519 private key, as a JWK. */
export function publicJwkOf(privateKey: KeyObject): PublicJwk {
  const { kty, crv, x } = createPublicKey(privateKey).export({ format: 'jwk' });
  return { kty: kty as 'OKP', crv: crv as 'Ed25519', x: x! };
}

/** A KeyObject from a PKCS #8 PEM, refused unless it is an Ed25519 private key (the message names no key material). */
export function parseSigningKey(pem: string, from: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem.replace(/\\n/g, '\n'), format: 'pem' });
  } catch {
    throw new Error(`${from} is not a private key in PEM (PKCS #8): give an Ed25519 key, e.g. from \`openssl genpkey -algorithm ed25519\`.`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${from} is a ${key.asymmetricKeyType ?? 'secret'} key: the portal signs with Ed25519.`);
  return key;
}

/** SIGNING_KEY when given; otherwise DATA_DIR/signing-key.pem, made on the first start. */
export function loadSigningKey(dataDir: string, fromEnv?: string): SigningKey {
  const privateKey = fromEnv?.trim() ? parseSigningKey(fromEnv, 'SIGNING_KEY') : keyInDataDir(dataDir);
  const publicJwk = publicJwkOf(privateKey);
  return { kid: keyIdOf(publicJwk), privateKey, publicJwk };
}

function keyInDataDir(dataDir: string): KeyObject {
  const file = path.join(dataDir, 'signing-key.pem');
  if (existsSync(file)) return parseSigningKey(readFileSync(file, 'utf8'), file);
  mkdirSync(dataDir, { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
  try {
    // Made only if no one else has made it meanwhile (two processes starting on one new folder).
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return parseSigningKey(readFileSync(file, 'utf8'), file);
  }
  return parseSigningKey(pem, file);
}
