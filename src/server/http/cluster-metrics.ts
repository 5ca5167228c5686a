import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * /metrics with WORKERS > 1 (node:cluster): one scrape answers for every worker process, not for
 * whichever one the scrape's connection landed on.
 *
 * The worker answering GET /metrics asks the primary (`ask`); the primary asks each worker that
 * has said it is ready for its registries as JSON (`collect`), adds them up with prom-client's
 * `AggregatorRegistry.aggregate` — counters and histograms summed, gauges by their `aggregator`
 * setting — and sends the text back (`answer`).
 *
 * prom-client's own `AggregatorRegistry.clusterMetrics()` does the same work but asks every
 * connected worker, one still loading its modules included (its message is dropped: it has no
 * listener yet), and waits a fixed 5 s for an answer that then never comes: each scrape while a
 * worker starts or restarts would fail after 5 s. Here only the workers that have installed their
 * answering side are asked; one that exits while asked is left out (its counts went with it), and
 * one that does not answer in time makes the whole scrape fail (`{error}`), so that no scrape
 * shows a sum short of a live worker's counts: Prometheus would read that as a counter reset.
 */

const READY = 'qarar:metrics:ready';
const ASK = 'qarar:metrics:ask';
const COLLECT = 'qarar:metrics:collect';
const COLLECTED = 'qarar:metrics:collected';
const ANSWER = 'qarar:metrics:answer';

/**
 * Set by the primary in the workers it starts (server.ts): a worker of another primary (PM2's
 * cluster mode, say), which would never answer, answers with its own metrics as before.
 */
export const CLUSTER_METRICS_ENV = 'QARAR_CLUSTER_METRICS';
export const servedByPrimary = () => cluster.isWorker && process.env[CLUSTER_METRICS_ENV] === '1';

/** How long the primary waits for every worker's metrics. */
export const COLLECT_TIMEOUT_MS = 3000;
/** How long a worker waits for the primary's answer (a little longer: the primary says which worker failed). */
export const ANSWER_TIMEOUT_MS = 5000;

/** The cluster's metrics in the Prometheus text format and how many workers they add up, or why there are none. */
export type ClusterAnswer = { text: string; workers: number } | { error: string };

type Message = { type?: unknown; id?: unknown; [key: string]: unknown };
const isMessage = (m: unknown): m is Message => typeof m === 'object' && m !== null;

/**
 * In the primary: answers the workers' requests for the cluster's metrics. Returns a function
 * that stops answering (for tests).
 */
export function serveClusterMetrics({ timeoutMs = COLLECT_TIMEOUT_MS } = {}): () => void {
  const ready = new Set<Worker>();
  let next = 0;
  /** Collections under way: the workers still to answer, and what to do once none is. */
  const collecting = new Map<number, { gone: (worker: Worker) => void; take: (worker: Worker, m: Message) => void }>();

  const collect = (): Promise<ClusterAnswer> =>
    new Promise((resolve) => {
      const id = next++;
      const asked = [...ready].filter((w) => w.isConnected());
      const waiting = new Set(asked);
      const received: object[][] = [];
      let answered = 0;
      let failed: string | undefined;
      let settled = false;
      const settle = async () => {
        if (settled || (waiting.size && !failed)) return;
        settled = true;
        collecting.delete(id);
        clearTimeout(timer);
        if (failed) return resolve({ error: failed });
        try {
          const text = await AggregatorRegistry.aggregate(received).metrics();
          resolve({ text, workers: answered });
        } catch (err) {
          resolve({ error: `the workers' metrics could not be added up: ${(err as Error).message}` });
        }
      };
      const timer = setTimeout(() => {
        const late = [...waiting].map((w) => w.process.pid).join(', ');
        failed = `worker process${waiting.size > 1 ? 'es' : ''} ${late} did not send ${waiting.size > 1 ? 'their' : 'its'} metrics within ${timeoutMs} ms`;
        void settle();
      }, timeoutMs);
      const gone = (worker: Worker) => {
        if (waiting.delete(worker)) void settle();
      };
      collecting.set(id, {
        gone,
        take(worker, m) {
          if (!waiting.delete(worker)) return;
          if (typeof m.error === 'string') failed = `worker process ${worker.process.pid} could not read its metrics: ${m.error}`;
          else if (Array.isArray(m.metrics)) {
            received.push(...(m.metrics as object[][]));
            answered++;
          }
          void settle();
        },
      });
      // A worker that cannot be sent to any more is gone (its exit follows).
      for (const w of asked) w.send({ type: COLLECT, id }, undefined, (err) => err && gone(w));
      void settle();
    });

  const onMessage = (worker: Worker, m: unknown) => {
    if (!isMessage(m)) return;
    if (m.type === READY) ready.add(worker);
    else if (m.type === COLLECTED && typeof m.id === 'number') collecting.get(m.id)?.take(worker, m);
    else if (m.type === ASK) {
      void collect().then((answer) => {
        if (worker.isConnected()) worker.send({ type: ANSWER, id: m.id, ...answer }, undefined, () => undefined);
      });
    }
  };
  const onGone = (worker: Worker) => {
    ready.delete(worker);
    for (const c of collecting.values()) c.gone(worker);
  };
  cluster.on('message', onMessage);
  cluster.on('disconnect', onGone);
  cluster.on('exit', onGone);
  return () => {
    cluster.off('message', onMessage);
    cluster.off('disconnect', onGone);
    cluster.off('exit', onGone);
  };
}

let answering: { registries: Registry[] } | undefined;
const asked = new Map<number, (answer: ClusterAnswer) => void>();
let asks = 0;

/**
 * In a worker: sends the primary these registries' metrics whenever it collects them (the last
 * registries given, should this be called again), tells it this worker is ready to be asked,
 * and returns how to ask for the whole cluster's metrics.
 */
export function clusterMetricsSource(registries: Registry[], { timeoutMs = ANSWER_TIMEOUT_MS } = {}): () => Promise<ClusterAnswer> {
  if (!cluster.isWorker || !process.send) throw new Error('clusterMetricsSource: not a cluster worker');
  if (!answering) {
    answering = { registries };
    process.on('message', (m: unknown) => {
      if (!isMessage(m)) return;
      if (m.type === COLLECT) {
        Promise.all(answering!.registries.map((r) => r.getMetricsAsJSON())).then(
          (metrics) => send({ type: COLLECTED, id: m.id, metrics }),
          (err: unknown) => send({ type: COLLECTED, id: m.id, error: String((err as Error)?.message ?? err) }),
        );
      } else if (m.type === ANSWER && typeof m.id === 'number') {
        const done = asked.get(m.id);
        asked.delete(m.id);
        done?.(typeof m.text === 'string' ? { text: m.text, workers: Number(m.workers) } : { error: String(m.error) });
      }
    });
  }
  answering.registries = registries;
  send({ type: READY });

  return () =>
    new Promise((resolve) => {
      const id = asks++;
      const timer = setTimeout(() => {
        asked.delete(id);
        resolve({ error: `the primary process did not answer within ${timeoutMs} ms` });
      }, timeoutMs);
      const done = (answer: ClusterAnswer) => {
        clearTimeout(timer);
        resolve(answer);
      };
      if (!send({ type: ASK, id })) return done({ error: 'the primary process cannot be reached' });
      asked.set(id, done);
    });
}

/** A message to the primary; false when the channel to it is closed. */
function send(message: object): boolean {
  if (!process.connected || !process.send) return false;
  // The callback: a failure (the primary gone) is reported to it rather than thrown.
  process.send(message, undefined, {}, () => undefined);
  return true;
}
