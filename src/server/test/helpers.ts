import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/db';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { contractProblems } from './contract-validator';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /**
   * app.inject, then a check that the answer keeps to the contract (throws if not), and that an
   * error answer names its request (see withoutRequestId).
   */
  inject(options: InjectOptions): Promise<LightMyRequestResponse & { json<T = any>(): T }>;
  close(): Promise<void>;
}

export interface TestOptions {
  config?: Partial<Config>;
  /** Runs after migrations, before the app is built: fixtures or the demo seed. */
  prepare?(db: Db, config: Config): Promise<void>;
  /**
   * PostgreSQL only: reads routed to these replicas of TEST_DATABASE_URL's server (URLs of their
   * server; the test's database name is put in), as DATABASE_REPLICA_URLS does.
   */
  replicaUrls?: string[];
  /** The app's logger (none by default): for tests of what is logged. */
  logger?: AppOptions['logger'];
  /**
   * PostgreSQL only: the URL the app connects with, given the test database's (e.g. through a
   * TcpProxy that a test of an outage cuts); the test's database is made and dropped as ever.
   */
  connectVia?: (databaseUrl: string) => Promise<string>;
}

/**
 * A real server over a real, empty, migrated database: PGlite in memory by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a database made for this test file and
 * dropped after it.
 */
export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-test-'));
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    {
      dataDir,
      jwtSecret: randomBytes(32).toString('hex'),
      webDir: path.join(dataDir, 'no-web'),
      authRateLimit: { max: 1000, windowMs: 60_000 },
      // A test asks for the pages it means to see drawn (pages/drawn-pages.test.ts draws ahead).
      pageDrawAhead: false,
      ...options.config,
    },
  );
  const { db, drop } = await openTestDb(options.replicaUrls, options.connectVia);
  await migrate(db);
  if (options.prepare) await options.prepare(db, config);
  // Schemas compiled when a route is first asked: a file asks a few (http/lazy-schemas.ts).
  const app = await buildApp({ db, config, logger: options.logger, compileSchemasOnFirstUse: true });
  await app.ready();

  return {
    app,
    db,
    config,
    async inject(opts) {
      const res = await app.inject(opts);
      const method = (opts.method ?? 'GET').toString().toUpperCase();
      const problems = contractProblems(method, String((opts.url as string | undefined) ?? '/'), res.statusCode, res.body, res.headers['content-type'] as string);
      if (problems.length) throw new Error(`The answer breaks the contract:\n${problems.join('\n')}`);
      return withoutRequestId(res);
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every JSON error answer carries `request_id`, its X-Request-Id header's value: checked here for
 * each of them, then left out of `json()` (not `body`) so that tests compare the messages alone.
 */
function withoutRequestId(res: LightMyRequestResponse): LightMyRequestResponse {
  if (res.statusCode < 400 || !String(res.headers['content-type'] ?? '').startsWith('application/json')) return res;
  const body = JSON.parse(res.body);
  if (typeof body !== 'object' || body === null || body.request_id !== res.headers['x-request-id'] || typeof body.request_id !== 'string') {
    throw new Error(`An error answer without its request id (x-request-id ${String(res.headers['x-request-id'])}): ${res.body.slice(0, 200)}`);
  }
  res.json = () => {
    const { request_id: _, ...rest } = JSON.parse(res.body);
    return rest;
  };
  return res;
}

async function openTestDb(replicaUrls: string[] = [], connectVia?: TestOptions['connectVia']): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { db: await openDb({ loadDataDir: await migratedTemplate() }), drop: async () => undefined };
  const name = `qarar_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const replicas = replicaUrls.map((r) => {
    const replica = new URL(r);
    replica.pathname = `/${name}`;
    return replica.toString();
  });
  const databaseUrl = connectVia ? await connectVia(url.toString()) : url.toString();
  const db = await openDb({ databaseUrl, replicaUrls: replicas, poolSize: 4 });
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The embedded database of a test starts from a copy of one migrated database instead of
 * PGlite's initdb and every migration: about 1.5 s less per test file. The copy is PGlite's own
 * dump, kept in the system's temporary folder under a name that hashes the migrations and
 * PGlite's version, so a changed migration makes a new one; whoever makes it first writes it
 * whole, then renames it into place, so a test running at the same moment never reads half.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  const pglite = require.resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(pglite.slice(0, pglite.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json')));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  const file = path.join(os.tmpdir(), `qarar-test-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(file)) {
    const db = await openDb({});
    try {
      await migrate(db);
      const dump = Buffer.from(await (await db.dumpData!()).arrayBuffer());
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    } finally {
      await db.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/** Request headers for a signed-in reader. */
export const bearer = (access: string, lang: 'ar' | 'en' = 'en') => ({ authorization: `Bearer ${access}`, 'accept-language': lang });
