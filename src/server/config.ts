import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORTAL_TIME_ZONE } from '../shared/drawnPage';

export interface Config {
  port: number;
  host: string;
  /** Believe X-Forwarded-For/-Proto (only behind a reverse proxy you run; else clients could pick their own address). */
  trustProxy: boolean;
  /** Where PGlite's files, uploaded and seeded media, the mail outbox and the secret live. */
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a PostgreSQL server. */
  databaseUrl?: string;
  /** Built single-page application (index.html and hashed assets), served from the same port. */
  webDir: string;
  /** Absolute origin for links in answers and e-mails; by default taken from each request. */
  publicUrl?: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordResetTtlSeconds: number;
  /** Attempts per client and window on sign-in, registration and password calls. */
  authRateLimit: { max: number; windowMs: number };
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** Maximum size of a profile picture, in bytes. */
  maxAvatarBytes: number;
  /** The zone dates are drawn in on pages the server draws (the app adjusts them to the reader's). */
  portalTimeZone: string;
}

const ROOT = path.resolve(__dirname, '..', '..');

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * The signing secret: JWT_SECRET when set; otherwise one made once and kept in DATA_DIR, so
 * that sessions survive restarts without a secret ever being committed.
 */
function loadSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A time zone name the runtime knows, else undefined. */
function validZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(ROOT, 'data'));
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    webDir: path.resolve(env.WEB_DIR ?? path.join(ROOT, 'dist', 'web')),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    jwtSecret: overrides.jwtSecret ?? loadSecret(dataDir, env.JWT_SECRET),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 14 * 24 * 3600),
    passwordResetTtlSeconds: 3600,
    authRateLimit: { max: int(env.AUTH_RATE_LIMIT, 10), windowMs: int(env.AUTH_RATE_WINDOW_MS, 60_000) },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Qarar <no-reply@qarar.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    maxAvatarBytes: 5 * 1024 * 1024,
    portalTimeZone: validZone(env.PORTAL_TIME_ZONE) ?? DEFAULT_PORTAL_TIME_ZONE,
    ...overrides,
  };
}
