import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../src/server/test/free-port';

/**
 * npm run bench:startup [-- --runs 5]
 *
 * Issue 16's figure for the compiled server: the time from starting the process to its first
 * answer (/healthz), and its memory then (resident set, from /proc), for the server run from the
 * sources through tsx (as `npm start` did before) and compiled (`node dist/server/server.js`, as
 * it does now). Both start on one embedded database with the demo content, written by a first
 * start that is not counted. Runs alternate between the two; medians are printed. Figures, not a test.
 *
 * Issue 27's figure: the peak resident set (the kernel's VmHWM) of that first start — a new
 * embedded database, the demo's files and posts written — and of the compiled server's later
 * starts, with the environment `npm run serve` gives it (MALLOC_ARENA_MAX=2). The embedded
 * default is meant to run on a 1 GB machine: the first start stays under 600 MB.
 */

const ROOT = path.resolve(__dirname, '..');
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(args.runs);

type Mode = 'tsx' | 'compiled';
const ENTRY: Record<Mode, string[]> = {
  tsx: ['--import', 'tsx', path.join(ROOT, 'src/server/server.ts')],
  compiled: ['--enable-source-maps', path.join(ROOT, 'dist/server/server.js')],
};


const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

interface Start {
  ms: number;
  rss: number;
  rssIdle: number;
  /** The most it was resident at any moment up to 2 s after its first answer. */
  peak: number;
}

async function startOnce(mode: Mode, dataDir: string): Promise<Start> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, ENTRY[mode], {
    cwd: ROOT,
    env: { MALLOC_ARENA_MAX: '2', ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${mode}: the server stopped (${child.exitCode})`);
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - began;
    const rss = rssMb(child.pid!);
    await new Promise((r) => setTimeout(r, 2000));
    return { ms, rss, rssIdle: rssMb(child.pid!), peak: statusMb(child.pid!, 'VmHWM') };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!existsSync(ENTRY.compiled[1])) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build-server.ts')], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qarar-startup-'));
  try {
    process.stderr.write('[bench:startup] writing the demo content (a first start, not counted)…\n');
    const first = await startOnce('compiled', dataDir);
    process.stderr.write(`[bench:startup] first start: ${Math.round(first.ms)} ms, peak ${first.peak.toFixed(0)} MB resident\n`);
    const seen: Record<Mode, Start[]> = { tsx: [], compiled: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const mode of ['tsx', 'compiled'] as const) {
        const r = await startOnce(mode, dataDir);
        process.stderr.write(`[bench:startup] ${mode}: ${Math.round(r.ms)} ms, ${r.rss.toFixed(0)} MB (${r.rssIdle.toFixed(0)} MB 2 s later, peak ${r.peak.toFixed(0)} MB)\n`);
        seen[mode].push(r);
      }
    }
    console.log(`\nbench:startup (PGlite, demo content), median of ${RUNS} starts`);
    console.log('| server | start to first answer | memory then | 2 s later |');
    console.log('|---|---:|---:|---:|');
    for (const mode of ['tsx', 'compiled'] as const) {
      const rs = seen[mode];
      console.log(`| ${mode === 'tsx' ? 'sources through tsx' : 'compiled (dist/server)'} | ${Math.round(median(rs.map((r) => r.ms)))} ms | ${median(rs.map((r) => r.rss)).toFixed(0)} MB | ${median(rs.map((r) => r.rssIdle)).toFixed(0)} MB |`);
    }
    console.log('\nPeak resident set, compiled server (VmHWM, to 2 s after the first answer)');
    console.log('| start | peak |');
    console.log('|---|---:|');
    console.log(`| first (new embedded database, demo content written) | ${first.peak.toFixed(0)} MB |`);
    console.log(`| later (median of ${RUNS}) | ${median(seen.compiled.map((r) => r.peak)).toFixed(0)} MB |`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
