import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../db/db';
import { migrate } from '../db/migrate';
import { ROOT } from '../paths';
import { ContentFixtures } from '../test/content-fixtures';
import { freePort } from '../test/free-port';
import { samples, type Sample } from '../test/prometheus';

/**
 * /metrics with WORKERS > 1: whichever worker a scrape reaches answers the metrics of all of
 * them, added up by the primary (cluster-metrics.ts). First the messages between the primary and
 * its workers, in a small cluster of real processes (no database); then the whole server with
 * WORKERS=2 on PostgreSQL (TEST_DATABASE_URL: the embedded database is one process's).
 */

jest.setTimeout(180_000);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'qarar-cluster-metrics-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A sample's value by name and labels (all of them); undefined when the series is not there. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels);
  return all.find((s) => s.name === name && want.length === Object.keys(s.labels).length && want.every(([k, v]) => s.labels[k] === v))?.value;
}

// A primary and two workers, each with a registry of its own: worker n counts 10·n requests,
// and has a gauge summed (n) and one whose greatest value is kept (n). Worker 1 asks, once both
// have said they are ready. SCENARIO: 'sum'; 'hung' (worker 2 stops answering anything);
// 'exits' (worker 2 exits when asked); 'alone' (a primary that does not gather: the worker's
// own wait runs out).
const CLUSTER_SCRIPT = `
import cluster from 'node:cluster';
import { Counter, Gauge, Registry } from ${JSON.stringify(require.resolve('prom-client'))};
import { clusterMetricsSource, serveClusterMetrics } from ${JSON.stringify(path.join(__dirname, 'cluster-metrics.ts'))};

const scenario = process.env.SCENARIO;
if (cluster.isPrimary) {
  if (scenario !== 'alone') serveClusterMetrics({ timeoutMs: 800 });
  const workers = [1, 2].map((n) => cluster.fork({ N: String(n) }));
  let ready = 0;
  let asked = 0;
  cluster.on('message', (_worker, m) => {
    if (m?.type === 'qarar:metrics:ready' && ++ready === 2) {
      asked = Date.now();
      workers[0].send({ go: true });
    }
    if (m?.answer) {
      console.log(JSON.stringify({ ...m.answer, ms: Date.now() - asked, pids: workers.map((w) => w.process.pid) }));
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(0);
    }
  });
} else {
  const n = Number(process.env.N);
  const registers = [new Registry()];
  new Counter({ name: 'test_requests_total', help: 'Requests.', labelNames: ['route'], registers }).inc({ route: '/a' }, 10 * n);
  new Gauge({ name: 'test_in_use', help: 'Summed.', registers }).set(n);
  new Gauge({ name: 'test_limit', help: 'The greatest.', registers, aggregator: 'max' }).set(n);
  new Gauge({ name: 'qarar_workers', help: 'Processes.', registers, aggregator: 'sum' }).set(1);
  if (n === 2 && scenario === 'hung') process.on('message', (m) => { if (m?.type === 'qarar:metrics:collect') for (;;); });
  if (n === 2 && scenario === 'exits') process.on('message', (m) => { if (m?.type === 'qarar:metrics:collect') process.exit(0); });
  const ask = clusterMetricsSource(registers, { timeoutMs: 1500 });
  process.on('message', async (m) => { if (m?.go) process.send!({ answer: await ask() }); });
}
`;

interface Answer {
  text?: string;
  workers?: number;
  error?: string;
  ms: number;
  pids: number[];
}

async function runCluster(scenario: 'sum' | 'hung' | 'exits' | 'alone'): Promise<Answer> {
  const script = path.join(tmp, 'cluster.ts');
  writeFileSync(script, CLUSTER_SCRIPT);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, SCENARIO: scenario }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  if (code !== 0) throw new Error(`the cluster script stopped (${code}):\n${out}\n${err}`);
  return JSON.parse(out.trim().split('\n').pop()!) as Answer;
}

describe('the primary gathering its workers\' metrics (a small cluster)', () => {
  it('adds up every worker\'s registries: counters summed, gauges by their aggregator, qarar_workers as many as answered', async () => {
    const answer = await runCluster('sum');
    expect(answer.error).toBeUndefined();
    expect(answer.workers).toBe(2);
    const all = samples(answer.text!);
    expect(valueOf(all, 'test_requests_total', { route: '/a' })).toBe(30);
    expect(valueOf(all, 'test_in_use')).toBe(3);
    expect(valueOf(all, 'test_limit')).toBe(2);
    expect(valueOf(all, 'qarar_workers')).toBe(2);
    expect(answer.text).toContain('# TYPE test_requests_total counter');
  });

  it('fails the whole answer when a worker does not send its metrics in time, naming it (never a partial sum)', async () => {
    const answer = await runCluster('hung');
    expect(answer.text).toBeUndefined();
    expect(answer.error).toBe(`worker process ${answer.pids[1]} did not send its metrics within 800 ms`);
    expect(answer.ms).toBeLessThan(1500);
  });

  it('leaves out a worker that exits while asked (its counts went with it)', async () => {
    const answer = await runCluster('exits');
    expect(answer.workers).toBe(1);
    const all = samples(answer.text!);
    expect(valueOf(all, 'test_requests_total', { route: '/a' })).toBe(10);
    expect(valueOf(all, 'qarar_workers')).toBe(1);
  });

  it('gives up when the primary does not answer (the worker\'s own wait)', async () => {
    const answer = await runCluster('alone');
    expect(answer.error).toBe('the primary process did not answer within 1500 ms');
    expect(answer.ms).toBeGreaterThanOrEqual(1400);
  });
});

/** A GET on a connection of its own (no keep-alive): the cluster gives each connection to a worker in turn. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
      })
      .on('error', reject);
  });
}

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('GET /metrics of the server with WORKERS=2', () => {
  let dbName = '';
  let child: ChildProcess | undefined;
  let exited: Promise<number | null>;
  let output = '';
  let base = '';
  const SLUG = 'counted-everywhere';
  const route = { method: 'GET', route: '/api/v1/content/posts/:slug/', status_code: '200' };

  /** The pids of the worker processes that logged receiving a request for this address. */
  const servedBy = (url: string) =>
    output
      .split('\n')
      .filter((l) => l.includes('"incoming request"') && l.includes(`"url":"${url}"`))
      .map((l) => (JSON.parse(l) as { pid: number }).pid);

  /**
   * servedBy, once the logs of `count` such requests have come: a worker's log line reaches this
   * process through its pipe, and may come just after the answer it logs (under load it did).
   */
  async function servedByAll(url: string, count: number) {
    for (let i = 0; i < 100 && servedBy(url).length < count; i++) await new Promise((r) => setTimeout(r, 50));
    return servedBy(url);
  }

  async function scrape() {
    const res = await get(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    return samples(res.body);
  }

  beforeAll(async () => {
    dbName = `qarar_cmetrics_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    // A post already: the first worker does not write the demo content first.
    const db = await openDb({ databaseUrl: u.toString(), poolSize: 2 });
    await migrate(db);
    const f = new ContentFixtures(db);
    const types = await f.postTypes();
    await f.post({ slug: SLUG, author_id: await f.user('metrics_writer'), type_id: types.decision });
    await db.close();

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/server.ts')], {
      cwd: ROOT,
      env: {
        ...process.env, DATABASE_URL: u.toString(), WORKERS: '2', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'data'), WEB_DIR: path.join(tmp, 'no-web'),
        LOG_LEVEL: 'info', METRICS_TOKEN: '', PAGE_QUEUE: '5', PUBLISH_POLL_MS: '60000', SHUTDOWN_DRAIN_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    exited = new Promise((resolve) => child!.once('exit', (code) => resolve(code)));
    // The second worker starts once the first listens: both there once both say they serve.
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
      if (i > 900) throw new Error(`the server's two workers did not answer:\n${output}`);
      if ((output.match(/Qarar is serving on/g) ?? []).length < 2) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const res = await get(`${base}/metrics`).catch(() => undefined);
      if (res?.status === 200 && valueOf(samples(res.body), 'qarar_workers') === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child!.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('answers, whichever worker it reaches, the requests of both summed, qarar_workers 2, the processes\' own metrics', async () => {
    const url = `/api/v1/content/posts/${SLUG}/`;
    for (let i = 0; i < 40; i++) expect((await get(`${base}${url}`)).status).toBe(200);
    // Both workers took some of them: no worker alone has counted 40.
    const pids = await servedByAll(url, 40);
    expect(pids).toHaveLength(40);
    expect(new Set(pids).size).toBe(2);

    const scrapesBefore = servedBy('/metrics').length;
    let last = 0;
    for (let round = 0; round < 6; round++) {
      const all = await scrape();
      const counted = valueOf(all, 'http_requests_total', route)!;
      expect({ round, counted }).toEqual({ round, counted: 40 + 2 * round });
      expect(counted).toBeGreaterThanOrEqual(last);
      last = counted;
      expect(valueOf(all, 'http_request_duration_seconds_count', route)).toBe(counted);
      expect(valueOf(all, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(counted);
      expect(valueOf(all, 'qarar_workers')).toBe(2);
      // Both processes' own: CPU time and memory summed, the event-loop delay averaged.
      expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(valueOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(valueOf(all, 'nodejs_eventloop_lag_seconds')).toBeDefined();
      expect(valueOf(all, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();
      // Each process's pool (10 connections) summed; the queue's limit is each one's (PAGE_QUEUE).
      expect(valueOf(all, 'qarar_db_pool_max_connections')).toBe(20);
      expect(valueOf(all, 'qarar_page_draw_queue_limit')).toBe(5);
      for (let i = 0; i < 2; i++) expect((await get(`${base}${url}`)).status).toBe(200);
    }
    // The scrapes were answered by both workers, each with the same sums.
    expect(new Set((await servedByAll('/metrics', scrapesBefore + 6)).slice(scrapesBefore)).size).toBe(2);
  });

  it('keeps its access rules: through a proxy, the 404 of an unknown address', async () => {
    const res = await get(`${base}/metrics`, { 'x-forwarded-for': '203.0.113.7', 'accept-language': 'en' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ detail: 'This address does not exist.' });
    expect(res.body).not.toContain('http_requests_total');
  });

  it('answers for both while they drain on SIGTERM, then every process exits 0', async () => {
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const all = await scrape();
    expect(valueOf(all, 'qarar_workers')).toBe(2);
    expect(await exited).toBe(0);
    expect(output.match(/"msg":"closed"/g)).toHaveLength(2);
  });
});
