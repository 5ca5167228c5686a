import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publisher, slugsOf } from './chaos/client';
import * as cases from './chaos/cases';
import type { CaseResult, Ctx } from './chaos/cases';
import { createDatabase, dropDatabase } from './chaos/postgres';
import { ChaosServer, freePort, ROOT } from './chaos/server';
import { ChaosSmtp } from './chaos/smtp';

/**
 * `npm run chaos`: the fault suite. The real server (as `npm start` runs it) over a seeded
 * database, readers and a writer as load, a real SMTP server, and faults: the database
 * restarted, SMTP down then back, kill -9 while publishing, sending alerts and uploading, a full
 * disk under DATA_DIR, a replica stopped and started. Each case prints the requests made, the
 * writes the server confirmed, those lost (must be 0), duplicate e-mails (must be 0) and the
 * seconds to recover (≤ 5). On the embedded database, and on PostgreSQL when one is given
 * (CHAOS_DATABASE_URL or TEST_DATABASE_URL: a server this process may make databases on;
 * CHAOS_REPLICA_URL or TEST_REPLICA_URL: its streaming replica).
 *
 *   npm run chaos [-- --db pglite|postgres|both] [--case restart,smtp,publish,alerts,upload,disk,replica] [--smtp-down-s 10] [--posts 300]
 */
const RECOVERY_LIMIT_S = 5;

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    case: { type: 'string' },
    'smtp-down-s': { type: 'string' },
    posts: { type: 'string' },
  },
});
const arg = (name: keyof typeof args): string | undefined => args[name];

const ALL = ['restart', 'smtp', 'publish', 'alerts', 'upload', 'disk', 'replica'] as const;

async function runOn(db: 'pglite' | 'postgres', which: Set<string>, adminUrl: string | undefined): Promise<CaseResult[]> {
  const run = Date.now().toString(36).slice(-5);
  const dataDir = mkdtempSync(path.join(tmpdir(), `qarar-chaos-${db}-`));
  const smtp = new ChaosSmtp(await freePort());
  await smtp.up();
  const port = await freePort();
  const dbName = `qarar_chaos_${run}`;
  const databaseUrl = db === 'postgres' ? await createDatabase(adminUrl!, dbName) : undefined;
  const webDir = path.join(ROOT, 'dist', 'web');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    WEB_DIR: existsSync(path.join(webDir, 'index.html')) ? webDir : path.join(dataDir, 'no-web'),
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
    AUTH_RATE_LIMIT: '100000',
    PUBLISH_POLL_MS: '250',
    SHUTDOWN_DRAIN_MS: '0',
    SMTP_TIMEOUT_MS: '5000',
    NODE_ENV: 'development',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_REPLICA_URLS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const log = path.join(ROOT, 'test-results', `chaos-${db}-${run}.log`);
  const ctx: Ctx = {
    db,
    server: new ChaosServer(port, env, log),
    reconfigure(more) {
      ctx.server = new ChaosServer(port, { ...env, ...more }, log);
      return ctx.server;
    },
    smtp,
    dataDir,
    slugs: [],
    publisher: undefined as never,
    databaseUrl,
    replicaUrl: process.env.CHAOS_REPLICA_URL ?? process.env.TEST_REPLICA_URL,
    subscribers: [],
    published: [],
    run,
  };
  const results: CaseResult[] = [];
  try {
    // A smaller demo than npm start's (the faults do not need 2,000 posts), seeded before the server starts.
    const seeding = Date.now();
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', '--posts', String(Number(arg('posts') ?? 300))], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const ms = await ctx.server.start(600_000);
    console.log(`chaos (${db}): seeded in ${((Date.now() - seeding - ms) / 1000).toFixed(1)} s, serving in ${(ms / 1000).toFixed(1)} s; server log ${path.relative(ROOT, log)}`);
    ctx.publisher = await publisher(ctx.server.baseURL);
    ctx.slugs = await slugsOf(ctx.server.baseURL);
    await cases.subscribe(ctx);
    const downMs = Number(arg('smtp-down-s') ?? 10) * 1000;
    const steps: Array<[string, () => Promise<CaseResult>]> = [
      ['restart', () => cases.databaseRestart(ctx)],
      ['smtp', () => cases.smtpOutage(ctx, downMs)],
      ['publish', () => cases.killDuringPublishing(ctx)],
      ['alerts', () => cases.killDuringAlerts(ctx)],
      ['upload', () => cases.killDuringUpload(ctx)],
      ['replica', () => cases.replicaRestart(ctx)],
      // Last: it moves the data to a small file system of its own.
      ['disk', () => cases.fullDisk(ctx)],
    ];
    for (const [key, step] of steps) {
      if (!which.has(key)) continue;
      const started = Date.now();
      let r: CaseResult;
      try {
        if (!ctx.server.running) await ctx.server.start();
        r = await step();
      } catch (err) {
        r = { name: key, db, requests: 0, confirmed: 0, lost: 0, duplicates: 0, recoverS: null, serverErrors: 0, bare503: 0, stale: 0, note: `failed to run: ${(err as Error).message}` };
        (r as CaseResult & { crashed?: boolean }).crashed = true;
      }
      console.log(line(r), `(${((Date.now() - started) / 1000).toFixed(0)} s)`);
      results.push(r);
    }
  } finally {
    await ctx.server.close();
    await smtp.down();
    if (db === 'postgres') await dropDatabase(adminUrl!, dbName).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

function failures(r: CaseResult): string[] {
  if (r.skipped) return [];
  const out: string[] = [];
  if ((r as CaseResult & { crashed?: boolean }).crashed) out.push('did not run');
  if (!r.confirmed) out.push('no write confirmed');
  if (r.lost) out.push(`${r.lost} lost`);
  if (r.duplicates) out.push(`${r.duplicates} duplicated`);
  if (r.recoverS === null || r.recoverS > RECOVERY_LIMIT_S) out.push(`recovery ${r.recoverS === null ? 'not measured' : `${r.recoverS} s`} > ${RECOVERY_LIMIT_S} s`);
  if (r.serverErrors) out.push(`${r.serverErrors} answers 5xx other than 503`);
  if (r.bare503) out.push(`${r.bare503} answers 503 without Retry-After or a message`);
  return out;
}

function line(r: CaseResult): string {
  if (r.skipped) return `  ${r.db.padEnd(8)} ${r.name.padEnd(30)} skipped: ${r.skipped}`;
  const rec = r.recoverS === null ? '—' : Number.isFinite(r.recoverS) ? `${r.recoverS.toFixed(2)} s` : 'never';
  const bad = failures(r);
  return (
    `  ${r.db.padEnd(8)} ${r.name.padEnd(30)} requests ${String(r.requests).padStart(6)}  confirmed ${String(r.confirmed).padStart(5)}  lost ${r.lost}  duplicated ${r.duplicates}  recovered in ${rec}` +
    `${r.stale ? `  stale answers ${r.stale}` : ''}  ${bad.length ? `FAIL (${bad.join('; ')})` : 'ok'}${r.note ? `  — ${r.note}` : ''}`
  );
}

async function main() {
  const adminUrl = process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const dbArg = arg('db') ?? (adminUrl ? 'both' : 'pglite');
  const dbs = (dbArg === 'both' ? ['pglite', 'postgres'] : [dbArg]) as Array<'pglite' | 'postgres'>;
  if (dbs.includes('postgres') && !adminUrl) throw new Error('PostgreSQL: set CHAOS_DATABASE_URL (or TEST_DATABASE_URL), e.g. from `bash scripts/postgres-up.sh`.');
  const which = new Set((arg('case') ?? ALL.join(',')).split(','));
  if (!existsSync(path.join(ROOT, 'dist', 'server', 'server.js'))) console.log('chaos: dist/server is not built; the server runs from the sources (npm run build for the compiled one)');
  const all: CaseResult[] = [];
  for (const db of dbs) all.push(...(await runOn(db, which, adminUrl)));
  console.log('\nchaos: the fault suite');
  for (const r of all) console.log(line(r));
  const failed = all.filter((r) => failures(r).length).length;
  const passed = all.filter((r) => !r.skipped).length - failed;
  console.log(`\nchaos: ${passed} passed, ${failed} failed, ${all.filter((r) => r.skipped).length} skipped`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
