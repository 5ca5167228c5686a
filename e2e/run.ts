import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, seededTemplate, startServer } from './harness';

/**
 * `npm run test:e2e` (after the build) and `npm run e2e` (without it): one seeded server for
 * every browser test file, then node's own test runner over e2e/*.e2e.ts (or the files
 * named on the command line). Prints node's report, then `e2e: N passed, N failed`.
 */
/**
 * The files that take longest, started first (longest first), the rest after them by name: the
 * runner starts each file when a lane frees, and a long file started last left one lane working
 * alone for the run's last minute or two.
 */
const LONGEST_FIRST = ['a11y-ar', 'a11y-en', 'readers', 'studio', 'pages', 'csp', 'tabs', 'alerts', 'settings', 'smoke', 'card'];
const rank = (file: string) => {
  const i = LONGEST_FIRST.indexOf(file.replace(/\.e2e\.ts$/, ''));
  return i < 0 ? LONGEST_FIRST.length : i;
};

async function main() {
  const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const passThrough = process.argv.slice(2).filter((a) => a.startsWith('-'));
  const files = named.length
    ? named
    : readdirSync(path.join(ROOT, 'e2e'))
        .filter((f) => f.endsWith('.e2e.ts'))
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
        .map((f) => path.join('e2e', f));
  const results = path.join(ROOT, 'test-results');
  mkdirSync(results, { recursive: true });
  const tap = path.join(results, 'e2e.tap');
  rmSync(tap, { force: true });

  const started = Date.now();
  const template = await seededTemplate();
  process.env.E2E_TEMPLATE_DIR = template;
  console.log(`e2e: demo content seeded after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer();
  console.log(`e2e: server ready at ${server.baseURL} after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  let code = 1;
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          `--test-concurrency=${process.env.E2E_CONCURRENCY ?? 2}`,
          '--test-timeout=600000',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          '--test-reporter=tap',
          `--test-reporter-destination=${tap}`,
          ...passThrough,
          ...files,
        ],
        { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: server.baseURL, E2E_DATA_DIR: server.dataDir } },
      );
      const forward = (sig: NodeJS.Signals) => child.kill(sig);
      process.once('SIGINT', forward);
      process.once('SIGTERM', forward);
      child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0)));
    });
  } finally {
    await server.stop();
    rmSync(template, { recursive: true, force: true });
  }

  const count = (key: string) => {
    const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    const m = new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text);
    return m ? Number(m[1]) : 0;
  };
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  // A run that crashed before reporting counts as one failure, never as a clean zero.
  console.log(`\ne2e: ${passed} passed, ${failed || (code !== 0 ? 1 : 0)} failed`);
  process.exit(code);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('\ne2e: 0 passed, 1 failed');
  process.exit(1);
});
