/**
 * Loaded into the benchmarked server (`node --import ./scripts/bench-memory-probe.mjs`) by
 * scripts/bench-server.ts: on SIGUSR2 it writes where the process's memory is to the file
 * BENCH_MEMORY_FILE names — resident set, the main thread's V8 heap, memory outside it
 * (external, array buffers: PGlite's WebAssembly memory is one), the threads — and, when a
 * file `{BENCH_MEMORY_FILE}.snapshot` names a path, a heap snapshot of the main thread there first.
 * Nothing of it runs unless a benchmark asks.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const out = process.env.BENCH_MEMORY_FILE;
if (out) {
  process.on('SIGUSR2', () => {
    const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
    const m = process.memoryUsage();
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_used_size)]));
    const measured = JSON.stringify({
      rss: mb(m.rss),
      rssAnon: Math.round(kb('RssAnon')),
      rssFile: Math.round(kb('RssFile')),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      threads: readdirSync('/proc/self/task').length,
      spaces,
    });
    // Measured first: writing a snapshot takes memory of its own.
    const request = `${out}.snapshot`;
    if (existsSync(request)) {
      const snapshot = readFileSync(request, 'utf8').trim();
      rmSync(request, { force: true });
      v8.writeHeapSnapshot(snapshot);
    }
    writeFileSync(out, measured);
  });
}
