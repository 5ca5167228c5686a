import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PORTAL_TIME_ZONE } from '../shared/drawnPage';
import { ROOT } from './paths';
import { processCountOf } from './process-count';
import { loadSigningKey, type SigningKey } from './modules/signing/keys';

export interface Config {
  port: number;
  host: string;
  /** Believe X-Forwarded-For/-Proto (only behind a reverse proxy you run; else clients could pick their own address). */
  trustProxy: boolean;
  /** Where PGlite's files, uploaded and seeded media, the mail outbox and the secret live. */
  dataDir: string;
  /** postgres://… switches from embedded PGlite to a PostgreSQL server. */
  databaseUrl?: string;
  /**
   * Streaming replicas of that server (DATABASE_REPLICA_URLS, comma-separated postgres://…):
   * requests' reads go to them, writes and a reader's reads just after writing to the primary.
   */
  replicaUrls: string[];
  /**
   * For how long after a signed-in reader writes (or signs in) their reads go to the primary
   * (READ_YOUR_WRITES_MS): longer than a replica's lag behind the primary.
   */
  readYourWritesMs: number;
  /** SEED_DEMO (default on): a database without posts gets the demo content at start. Off in production. */
  seedDemo: boolean;
  /** Built single-page application (index.html and hashed assets), served from the same port. */
  webDir: string;
  /**
   * The portal's origin (PUBLIC_URL), for absolute links in answers and e-mails when the
   * request's own origin is not one of `allowedOrigins`. Never taken from a request header.
   */
  publicUrl?: string;
  /**
   * Origins the portal is served under (ALLOWED_ORIGINS, comma-separated): a request's own
   * origin (its Host, or X-Forwarded-Host/-Proto behind TRUST_PROXY) names links only when it
   * is one of these. Without PUBLIC_URL and ALLOWED_ORIGINS, outside production, the local
   * origins of PORT (see `devOrigins`); in production that is an error (`originProblem`).
   */
  allowedOrigins: string[];
  /** NODE_ENV=production: the origins must be configured. */
  production: boolean;
  jwtSecret: string;
  /** The Ed25519 key published versions are signed with (SIGNING_KEY, else made once into DATA_DIR). */
  signingKey: SigningKey;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordResetTtlSeconds: number;
  /** Attempts per client and window on sign-in, registration and password calls. */
  authRateLimit: { max: number; windowMs: number };
  smtpUrl?: string;
  /**
   * SMTP_TIMEOUT_MS: how long a message waits for the SMTP server — to connect, to greet, and
   * between any two of its replies — before it counts as not sent (and is tried again later).
   * nodemailer's own defaults reach ten minutes: a stalled server would hold the alerts job.
   */
  smtpTimeoutMs: number;
  mailFrom: string;
  logLevel: string;
  /** Maximum size of a profile picture, in bytes. */
  maxAvatarBytes: number;
  /** The zone dates are drawn in on pages the server draws (the app adjusts them to the reader's). */
  portalTimeZone: string;
  /** Worker threads drawing pages (src/server/pages/); 0 draws none: every reader gets the app's page. */
  pageWorkers: number;
  /** Pages that may wait for a worker; a reader past it gets the app's page at once. */
  pageQueue: number;
  /**
   * The page workers' nice value, 0–19 (the API's thread runs at 0): under load the scheduler
   * gives the API that much more of a shared core, so its answers keep their latency.
   */
  pageWorkerNice: number;
  /** A reader whose page is not drawn within this long gets the app's page (the drawing goes on, and is kept). */
  pageDeadlineMs: number;
  /** Memory for kept drawn pages (all their encodings), in bytes. */
  pageCacheBytes: number;
  /** A kept page is drawn again after this long, even if nothing it shows changed (relative dates move). */
  pageCacheMaxAgeSeconds: number;
  /** The same for a post's own page, which shows no relative date: kept longer. */
  pagePostMaxAgeSeconds: number;
  /** Disk for kept drawn pages under DATA_DIR/pages, in bytes (0: none): they survive a restart. */
  pageStoreBytes: number;
  /**
   * Pages drawn ahead of readers, in the workers' spare time (src/server/pages/warmer.ts): a post
   * published, corrected or withdrawn, the lists that show it, and the newest posts' pages.
   */
  pageDrawAhead: boolean;
  /** How many of the newest posts have their pages drawn ahead, in both languages. */
  pageWarmPosts: number;
  /** How far behind the view counts on a kept page may be before it is drawn again, in seconds. */
  pageViewsLagSeconds: number;
  /**
   * METRICS_TOKEN: /metrics asks for `Authorization: Bearer <token>`. Unset, it answers only
   * requests made on this machine (loopback, not forwarded by a proxy) and is a 404 to others.
   */
  metricsToken?: string;
  /**
   * Days an ended session is kept (RETAIN_ENDED_SESSIONS_DAYS, 30) and a visitor's alert waits for
   * its confirmation (ALERT_CONFIRM_DAYS, 7): src/server/retention.ts.
   */
  retention: { endedSessionDays: number; alertConfirmDays: number };
}

/**
 * Pages waiting for a worker by default, per worker: about what one draws within the default
 * deadline (a page takes 0.05–0.15 s of a core). A reader further back would get the app's
 * page all the same, only a second later.
 */
const PAGE_QUEUE_PER_WORKER = 8;

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** A whole number not below `min`, else the fallback. */
function count(value: string | undefined, fallback: number, min = 0): number {
  const n = int(value, fallback);
  return Number.isInteger(n) && n >= min ? n : fallback;
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
  try {
    // Made only if no one else has made it meanwhile (two processes starting on one new folder).
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  }
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

/**
 * An origin as the browser writes it (`http://host[:port]`, lowercase, no default port, no
 * path), or undefined for anything else.
 */
export function normalizeOrigin(value: string): string | undefined {
  const text = value.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#@\s]+$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** `npm run dev`'s server (webpack.config.ts), which passes the browser's Host on to the API. */
const DEV_SERVER_ORIGIN = 'http://localhost:3000';

/**
 * Outside production, with no origin configured: this machine's own names on PORT and on the
 * default port 80 (app.inject's requests come with Host localhost:80), and `npm run dev`'s.
 */
export function devOrigins(port: number): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]'];
  const all = [...hosts.map((h) => `http://${h}:${port}`), ...hosts.map((h) => `http://${h}`), DEV_SERVER_ORIGIN];
  return [...new Set(all.map((o) => normalizeOrigin(o)!))];
}

/** Why the server must not start with this configuration (the origins), or undefined. */
export function originProblem(config: Pick<Config, 'production' | 'publicUrl' | 'allowedOrigins'>): string | undefined {
  if (!config.production || config.publicUrl || config.allowedOrigins.length) return undefined;
  return (
    'PUBLIC_URL is not set (nor ALLOWED_ORIGINS): in production the origin that links in e-mails and answers name ' +
    'must be configured, never taken from the Host header a client sends. Set PUBLIC_URL=https://your.domain ' +
    '(and ALLOWED_ORIGINS for any other name the portal is served under).'
  );
}

/** A configured origin list, each checked: a mistyped one is an error at start-up, not a link to nowhere. */
function origins(name: string, value: string | undefined): string[] {
  const out: string[] = [];
  for (const item of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const origin = normalizeOrigin(item);
    if (!origin) throw new Error(`${name}: ${JSON.stringify(item)} is not an origin (http(s)://host[:port], no path)`);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // The cores shared by the processes that serve (WORKERS): each draws pages in its share.
  const processes = processCountOf(env.WORKERS, env.DATABASE_URL || undefined);
  const pageWorkers = count(env.PAGE_WORKERS, Math.max(1, Math.round(os.availableParallelism() / (typeof processes === 'number' ? processes : 1))));
  const replicaUrls = (env.DATABASE_REPLICA_URLS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const url of replicaUrls) {
    if (!/^postgres(ql)?:\/\/./.test(url)) throw new Error(`DATABASE_REPLICA_URLS: ${JSON.stringify(url.replace(/:[^:@/]*@/, ':…@'))} is not a postgres:// address`);
  }
  if (replicaUrls.length && !env.DATABASE_URL) throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL: the replicas\' primary, where writes go.');
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(ROOT, 'data'));
  const port = int(env.PORT, 8080);
  const production = env.NODE_ENV === 'production';
  const publicUrl = origins('PUBLIC_URL', env.PUBLIC_URL)[0];
  const configured = origins('ALLOWED_ORIGINS', env.ALLOWED_ORIGINS);
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    replicaUrls,
    readYourWritesMs: count(env.READ_YOUR_WRITES_MS, 5000),
    seedDemo: !/^(false|0|no|off)$/i.test((env.SEED_DEMO ?? '').trim()),
    webDir: path.resolve(env.WEB_DIR ?? path.join(ROOT, 'dist', 'web')),
    publicUrl,
    allowedOrigins: configured,
    production,
    jwtSecret: overrides.jwtSecret ?? loadSecret(dataDir, env.JWT_SECRET),
    signingKey: overrides.signingKey ?? loadSigningKey(dataDir, env.SIGNING_KEY),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 14 * 24 * 3600),
    passwordResetTtlSeconds: 3600,
    authRateLimit: { max: int(env.AUTH_RATE_LIMIT, 10), windowMs: int(env.AUTH_RATE_WINDOW_MS, 60_000) },
    smtpUrl: env.SMTP_URL || undefined,
    smtpTimeoutMs: count(env.SMTP_TIMEOUT_MS, 30_000, 1),
    mailFrom: env.MAIL_FROM ?? 'Qarar <no-reply@qarar.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    maxAvatarBytes: 5 * 1024 * 1024,
    portalTimeZone: validZone(env.PORTAL_TIME_ZONE) ?? DEFAULT_PORTAL_TIME_ZONE,
    pageWorkers,
    pageQueue: count(env.PAGE_QUEUE, PAGE_QUEUE_PER_WORKER * pageWorkers),
    pageWorkerNice: Math.min(19, count(env.PAGE_WORKER_NICE, 10)),
    pageDeadlineMs: count(env.PAGE_DEADLINE_MS, 1000, 1),
    pageCacheBytes: count(env.PAGE_CACHE_MB, 64) * 1024 * 1024,
    pageCacheMaxAgeSeconds: count(env.PAGE_CACHE_MAX_AGE, 60),
    pagePostMaxAgeSeconds: count(env.PAGE_POST_MAX_AGE, 3600),
    pageStoreBytes: count(env.PAGE_STORE_MB, 256) * 1024 * 1024,
    pageDrawAhead: env.PAGE_DRAW_AHEAD !== '0' && env.PAGE_DRAW_AHEAD !== 'false',
    pageWarmPosts: count(env.PAGE_WARM_POSTS, 500),
    pageViewsLagSeconds: count(env.PAGE_VIEWS_LAG, 300),
    metricsToken: env.METRICS_TOKEN || undefined,
    retention: {
      endedSessionDays: count(env.RETAIN_ENDED_SESSIONS_DAYS, 30),
      alertConfirmDays: count(env.ALERT_CONFIRM_DAYS, 7, 1),
    },
    ...overrides,
  };
  // Outside production with no origin configured (here or by an override): this machine's own.
  if (!overrides.allowedOrigins && !config.allowedOrigins.length && !config.publicUrl && !config.production) {
    config.allowedOrigins = devOrigins(config.port);
  }
  return config;
}
