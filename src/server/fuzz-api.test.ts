import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The contract fuzzer (scripts/fuzz-api.ts, `npm run fuzz:api`) on 1,000 requests with a fixed
 * seed: no 5xx, every status declared, every body as declared. It runs in its own process
 * (json-schema-faker is published only as an ES module, which this jest setup does not load),
 * on PGlite or, with TEST_DATABASE_URL, on PostgreSQL as the other server suites do.
 */
const ROOT = path.resolve(__dirname, '..', '..');

it('keeps every answer to 1,000 generated requests within the contract', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/fuzz-api.ts', '--seed', '20250', '--requests', '1000', '--show', '10'], {
    cwd: ROOT,
    env: process.env,
    encoding: 'utf8',
    timeout: 110_000,
  });
  const summary = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0) throw new Error(`fuzz:api failed (exit ${run.status}):\n${run.stdout.slice(-8000)}\n${run.stderr.slice(-4000)}`);
  expect(summary).toMatch(/^fuzz:api seed 20250: 1000 requests over \d+ operations in [\d.]+ s, 0 failures$/);
}, 120_000);
