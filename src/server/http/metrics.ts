import { createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/db';
import { isRouted } from '../db/read-routing';
import { undeliveredAlerts } from '../modules/alerts/deliver';
import { languageOf } from '../i18n';
import { EXACT_ROWS_BELOW, tableSizes, type TableSize } from '../retention';
import { clusterMetricsSource, servedByPrimary } from './cluster-metrics';
import { errorBody } from './error-handler';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (GET /metrics); the process's own are added when scraped. */
    metrics: Registry;
  }
  interface FastifyContextConfig {
    /** `false`: not counted in the request metrics (/metrics itself, the health probes). */
    metered?: boolean;
  }
}

/** Request durations, seconds: from a kept answer (a few ms) to a page past its deadline. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (CPU, memory, handles, GC, event-loop delay — prom-client's default
 * set, unprefixed): one set per process, started with its first app, however many apps it
 * builds (the tests build dozens; each set runs an event-loop monitor of its own).
 * With WORKERS > 1 the workers' sets are added up as prom-client says for each (its
 * `aggregator`): CPU seconds, memory, handles and GC summed, the event-loop delay averaged (its
 * minimum and maximum as the least and greatest of them), Node's version the first one's, the
 * start time left out. And `qarar_workers`: 1 in each process, so their sum says how many
 * processes an answer adds up.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    const registers = [(processRegistry = new Registry())];
    collectDefaultMetrics({ register: processRegistry });
    // A limit of each process's, not a quantity: the greatest, not the sum.
    const maxFds = processRegistry.getSingleMetric('process_max_fds') as { aggregator?: string } | undefined;
    if (maxFds) maxFds.aggregator = 'max';
    new Gauge({
      name: 'qarar_workers',
      help: 'Server processes whose metrics this answer adds up (WORKERS; 1 in a single process).',
      registers,
      aggregator: 'sum',
      collect() { this.set(1); },
    });
  }
  return processRegistry;
}

/**
 * The route a request matched, as its pattern (`/api/v1/content/posts/:slug/`), never its
 * address, so the metrics' series stay bounded whatever clients ask for. Each built file has a
 * route of its own (@fastify/static): one label for them all.
 */
export function routeLabel(url: string | undefined): string {
  if (!url) return 'unmatched';
  if (!url.startsWith('/api/') && !/[:*]/.test(url) && path.posix.extname(url)) return 'static';
  return url;
}

/**
 * A counter read at scrape time from one the server keeps anyway (the caches' hits, the drawing
 * pool's fallbacks): those only grow, so prom-client's copy is set to them on each scrape, and
 * the caches need not know about Prometheus.
 */
function countersFrom(counter: Counter<string>, values: Array<[Record<string, string>, number]>): void {
  counter.reset();
  for (const [labels, value] of values) counter.inc(labels, value);
}

/**
 * Who may use the operators' endpoints (/metrics, POST /internal/backup): with METRICS_TOKEN
 * set, whoever names it as a bearer token ('refused' otherwise: 401); without, requests made on
 * this machine only ('hidden' otherwise: the 404 of an unknown address).
 */
export function operatorAccess(req: FastifyRequest, token: string | undefined): 'allowed' | 'refused' | 'hidden' {
  if (token) return bearerMatches(req, token) ? 'allowed' : 'refused';
  return fromThisMachine(req) ? 'allowed' : 'hidden';
}

/** Whether a request was made on this machine: from loopback, and not passed on by a proxy here. */
function fromThisMachine(req: FastifyRequest): boolean {
  // The socket's peer, not req.ip: with TRUST_PROXY that is whatever X-Forwarded-For says.
  const peer = req.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  const forwarded = ['x-forwarded-for', 'x-real-ip', 'forwarded'].some((h) => req.headers[h] !== undefined);
  return loopback && !forwarded;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` naming the configured token (compared in constant time). */
function bearerMatches(req: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at GET /metrics, one registry per app:
 * - `http_requests_total`, `http_request_duration_seconds` by method, route pattern and status;
 * - `qarar_cache_requests_total{cache, result}`: the in-memory caches' hits and misses;
 * - `qarar_db_pool_*`: PostgreSQL's connection pool (PGlite has none);
 * - `qarar_db_table_rows`, `qarar_db_table_bytes` by table: the database's size;
 * - `qarar_page_*`: the page-drawing threads, their queue and the readers sent the app's page;
 * - the process's default set (event-loop delay, memory, CPU, GC…), and `qarar_workers`.
 * With WORKERS > 1 (node:cluster), whichever worker a scrape reaches answers for them all: the
 * primary gathers every worker's registries and adds them up (cluster-metrics.ts) — counters
 * and histograms summed, the gauges by their `aggregator` below. Should a worker not send its
 * metrics in time, the scrape is a 503 (`{detail, code: 'metrics_incomplete', request_id}`), never
 * the metrics of some of the workers only: their counters would seem to go back, which
 * Prometheus takes for a restart.
 * With METRICS_TOKEN the endpoint asks for it as a bearer token; without, it answers only this
 * machine (anyone else gets the 404 of an unknown address). Never cached, never counted.
 */
export function installMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  app.decorate('metrics', registry);
  const processWide = processMetrics();
  const registers = [registry];

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by method, route pattern and status code.', labelNames, registers });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status code.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // Refused scrapes answered by the not-found handler, whose route is not /metrics any more.
  const refused = new WeakSet<FastifyRequest>();
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.config?.metered === false || refused.has(req)) return;
    const labels = { method: req.method, route: routeLabel(req.routeOptions.url), status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const caches: Counter<string> = new Counter({
    name: 'qarar_cache_requests_total',
    help: 'Lookups in the in-memory caches, found (hit) or not (miss): post rows (post), list pages\' ids (list_page), encoded list and feed answers (answer), drawn pages (drawn_page).',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      const posts = app.posts.reads.cache.stats;
      const sources: Array<[string, { hit: number; miss: number }]> = [
        ['post', posts.post],
        ['list_page', posts.page],
        ['answer', app.posts.answers.stats],
      ];
      if (app.drawnPages) sources.push(['drawn_page', app.drawnPages.cache.stats]);
      countersFrom(caches, sources.flatMap(([cache, s]) => [[{ cache, result: 'hit' }, s.hit], [{ cache, result: 'miss' }, s.miss]]));
    },
  });

  const outage: Counter<string> = new Counter({
    name: 'qarar_database_unreachable_total',
    help: 'Requests that needed the database while it could not be reached, by answer: a copy kept from before (stale) or 503 (unavailable).',
    labelNames: ['answer'],
    registers,
    collect() {
      const stats = app.outageStats;
      countersFrom(outage, stats ? [[{ answer: 'stale' }, stats.stale], [{ answer: 'unavailable' }, stats.unavailable]] : []);
    },
  });

  const pool = app.db.poolStats?.bind(app.db);
  if (pool) {
    // Each process has a pool of its own: all four summed over the workers (what PostgreSQL sees).
    const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({ name, help, registers, aggregator: 'sum', collect() { this.set(read(pool())); } });
    gauge('qarar_db_pool_max_connections', 'Connections the PostgreSQL pools may open (each process has its own pool: the sum of theirs).', (s) => s.max);
    gauge('qarar_db_pool_connections', 'Connections the PostgreSQL pools hold open.', (s) => s.total);
    gauge('qarar_db_pool_idle_connections', 'Open connections not in use.', (s) => s.idle);
    gauge('qarar_db_pool_waiting_queries', 'Queries waiting for a free connection.', (s) => s.waiting);
  }
  // The database's tables: what retention keeps bounded (retention.ts). Read once a scrape for
  // both gauges; the same whichever process reads them, so with several processes the greatest
  // reading, never their sum. A database that cannot be read leaves them out, not the scrape.
  let sizes: { at: number; read: Promise<TableSize[]> } | undefined;
  const tables = () => {
    if (!sizes || Date.now() - sizes.at > 1000) {
      sizes = {
        at: Date.now(),
        read: tableSizes(app.db).catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: the tables\' sizes could not be read');
          return [];
        }),
      };
    }
    return sizes.read;
  };
  const tableRows: Gauge<string> = new Gauge({
    name: 'qarar_db_table_rows',
    help: `Rows of each table of the database: counted below ${EXACT_ROWS_BELOW}, PostgreSQL's estimate (pg_class.reltuples) above.`,
    labelNames: ['table'],
    registers,
    aggregator: 'max',
    async collect() {
      const read = await tables();
      tableRows.reset();
      for (const t of read) tableRows.set({ table: t.table }, t.rows);
    },
  });
  const tableBytes: Gauge<string> = new Gauge({
    name: 'qarar_db_table_bytes',
    help: 'Bytes of each table of the database on disk, its indexes and TOAST included (pg_total_relation_size).',
    labelNames: ['table'],
    registers,
    aggregator: 'max',
    async collect() {
      const read = await tables();
      tableBytes.reset();
      for (const t of read) tableBytes.set({ table: t.table }, t.bytes);
    },
  });
  // Reads on replicas (DATABASE_REPLICA_URLS): where requests' reads were made.
  const routed = app.db;
  if (isRouted(routed)) {
    const reads: Counter<string> = new Counter({
      name: 'qarar_db_reads_total',
      help: 'Reads made by requests and the server\'s own work: on a replica (by its place in DATABASE_REPLICA_URLS), on the primary, or meant for a replica and made on the primary because it could not be reached or refused (fallback).',
      labelNames: ['on'],
      registers,
      collect() {
        const stats = routed.replicaStats();
        countersFrom(reads, [
          ...stats.reads.map((n, i): [Record<string, string>, number] => [{ on: `replica_${i}` }, n]),
          [{ on: 'primary' }, stats.primaryReads],
          [{ on: 'fallback' }, stats.fallbacks],
        ]);
      },
    });
  }
  // PGlite: one connection in this process, queries run one at a time inside PGlite, whose
  // queue is not visible from here; the request durations show the waiting.

  // Each process draws in threads of its own, with a queue of its own: the drawing, the queue
  // and the threads summed over the workers; the queue's limit is each one's (PAGE_QUEUE, the
  // same in all): the greatest of them.
  const pages = () => app.drawnPages?.pool;
  new Gauge({ name: 'qarar_page_drawing', help: 'Pages being drawn in a thread now.', registers, aggregator: 'sum', collect() { this.set(pages()?.drawing ?? 0); } });
  new Gauge({ name: 'qarar_page_draw_queue', help: 'Pages waiting for a drawing thread now.', registers, aggregator: 'sum', collect() { this.set(pages()?.queued ?? 0); } });
  new Gauge({ name: 'qarar_page_draw_queue_limit', help: 'Pages that may wait in each process (PAGE_QUEUE); past it readers get the app\'s page.', registers, aggregator: 'max', collect() { this.set(app.config.pageQueue); } });
  new Gauge({ name: 'qarar_page_draw_threads', help: 'Drawing threads running (idle ones included).', registers, aggregator: 'sum', collect() { this.set(pages()?.threads ?? 0); } });
  const drawings: Counter<string> = new Counter({
    name: 'qarar_page_drawings_total',
    help: 'Pages drawn in a thread (failed drawings included).',
    registers,
    collect() { countersFrom(drawings, [[{}, pages()?.stats.drawings ?? 0]]); },
  });
  const warmer = () => app.drawnPages?.warmer;
  new Gauge({ name: 'qarar_pages_ahead_waiting', help: 'Pages waiting to be drawn ahead of readers (pages/warmer.ts).', registers, aggregator: 'sum', collect() { this.set(warmer()?.waiting ?? 0); } });
  const ahead: Counter<string> = new Counter({
    name: 'qarar_pages_drawn_ahead_total',
    help: 'Pages drawn ahead of readers: a post written, the lists that show it, the newest posts, pages whose view counts grew (or found still valid).',
    registers,
    collect() { countersFrom(ahead, [[{}, warmer()?.stats.drawn ?? 0]]); },
  });
  const fallbacks: Counter<string> = new Counter({
    name: 'qarar_page_fallbacks_total',
    help: 'Readers sent the app\'s page instead of a drawn one, by reason (queue full, deadline, no renderer, drawing failed).',
    labelNames: ['reason'],
    registers,
    collect() {
      const stats = pages()?.stats.fallbacks;
      countersFrom(fallbacks, stats ? Object.entries(stats).map(([reason, n]) => [{ reason }, n]) : []);
    },
  });

  // E-mail alerts: each process's sends (summed over the workers), and the alerts whose sends
  // fail as the database has them (every worker reads the same rows: the greatest, not the sum).
  const alertSends: Counter<string> = new Counter({
    name: 'qarar_alert_messages_sent_total',
    help: 'Alert e-mails sent (accepted by the SMTP server, or written to the outbox).',
    registers,
    collect() { countersFrom(alertSends, [[{}, app.alerts.stats.sent]]); },
  });
  const alertFailures: Counter<string> = new Counter({
    name: 'qarar_alert_send_failures_total',
    help: 'Alert e-mails not sent, each to be tried again: refused by the SMTP server (refused), or the server away — no connection, a timeout, 421 (unreachable).',
    labelNames: ['reason'],
    registers,
    collect() {
      const { failures } = app.alerts.stats;
      countersFrom(alertFailures, [[{ reason: 'refused' }, failures.refused], [{ reason: 'unreachable' }, failures.unreachable]]);
    },
  });
  const alertsFailedNow: Counter<string> = new Counter({
    name: 'qarar_alerts_marked_failed_total',
    help: 'Alerts marked failed (their eighth failed send in a row); each is then tried once a day.',
    registers,
    collect() { countersFrom(alertsFailedNow, [[{}, app.alerts.stats.markedFailed]]); },
  });
  // One query answers both gauges, made once a scrape.
  let undelivered: ReturnType<typeof undeliveredAlerts> | undefined;
  const undeliveredNow = () => (undelivered ??= undeliveredAlerts(app.db).finally(() => setImmediate(() => (undelivered = undefined))));
  const undeliveredGauge = (name: string, help: string, read: (n: { retrying: number; failed: number }) => number) =>
    new Gauge({
      name,
      help,
      registers,
      aggregator: 'max',
      async collect() {
        // The database away: the scrape still answers, with the last figures read.
        const counts = await undeliveredNow().catch(() => undefined);
        if (counts) this.set(read(counts));
      },
    });
  undeliveredGauge('qarar_alerts_retrying', 'Alerts whose last send failed, waiting for their next try (backoff), not yet failed.', (n) => n.retrying);
  undeliveredGauge('qarar_alerts_failed', 'Alerts marked failed after 8 failed sends in a row: their posts kept, tried once a day (GET /api/v1/studio/alerts/undelivered/).', (n) => n.failed);

  // A worker of several: the whole cluster's metrics, asked of the primary.
  const ofCluster = servedByPrimary() ? clusterMetricsSource([processWide, registry]) : undefined;
  const token = app.config.metricsToken;
  app.get('/metrics', { config: { metered: false } }, async (req, reply) => {
    const access = operatorAccess(req, token);
    if (access === 'refused') throw new HttpError(401, 'notAuthenticated', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
    if (access === 'hidden') {
      // As if there were nothing here: a public deployment shows nothing by accident.
      refused.add(req);
      return reply.callNotFound();
    }
    reply.header('cache-control', 'no-store');
    if (ofCluster) {
      const answer = await ofCluster();
      if ('error' in answer) {
        req.log.warn({ reason: answer.error }, 'metrics: the workers\' metrics could not be gathered');
        const detail = languageOf(req.headers['accept-language']) === 'en'
          ? `The metrics of all the worker processes could not be gathered: ${answer.error}.`
          : `تعذر جمع مقاييس كل العمليات: ${answer.error}.`;
        return reply.code(503).send(errorBody(req, { detail, code: 'metrics_incomplete' }));
      }
      return reply.type(registry.contentType).send(answer.text);
    }
    const text = await Registry.merge([processWide, registry]).metrics();
    return reply.type(registry.contentType).send(text);
  });
}
