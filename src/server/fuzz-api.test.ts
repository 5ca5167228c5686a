import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The contract fuzzer (scripts/fuzz-api.ts, `npm run fuzz:api`) on 1,000 requests with a fixed
 * seed: no 5xx, every status declared, every body as declared, no NUL handed to the database. It
 * runs in its own process (json-schema-faker is published only as an ES module, which this jest
 * setup does not load), on PGlite or, with TEST_DATABASE_URL, on PostgreSQL as the other server
 * suites do.
 */
const ROOT = path.resolve(__dirname, '..', '..');

it('keeps every answer to 1,000 generated requests within the contract, every kind of request sent to every operation', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qarar-fuzz-'));
  try {
    const json = path.join(dir, 'report.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/fuzz-api.ts', '--seed', '20250', '--requests', '1000', '--show', '10', '--json', json], {
      cwd: ROOT,
      env: process.env,
      encoding: 'utf8',
      timeout: 110_000,
    });
    const summary = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0) throw new Error(`fuzz:api failed (exit ${run.status}):\n${run.stdout.slice(-8000)}\n${run.stderr.slice(-4000)}`);
    expect(summary).toMatch(/^fuzz:api seed 20250: 1000 requests over \d+ operations in [\d.]+ s, 0 failures$/);

    // Issue 33: the run never put a NUL inside a nested body property (alerts' `list`) nor, within
    // its length limits, in a path parameter (the unsubscribe token), so it never saw the answers
    // those gave. Every kind that applies to an operation is now sent to it at least once.
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      failures: unknown[];
      operations: Record<string, { kinds: Record<string, number>; applicable: string[] }>;
    };
    expect(report.failures).toEqual([]);
    const gaps = Object.entries(report.operations).flatMap(([id, s]) => s.applicable.filter((k) => !s.kinds[k]).map((k) => `${id} ${k}`));
    expect(gaps).toEqual([]);
    expect(report.operations.createAlertSubscription.kinds['nul@nested']).toBeGreaterThan(0);
    expect(report.operations.unsubscribeAlert.kinds['nul@path']).toBeGreaterThan(0);
    expect(report.operations.unsubscribeAlert.kinds['nul@form']).toBeGreaterThan(0);
    expect(report.operations.bookmarkPost.kinds['nul@path']).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/^coverage: (\d+) of \1 \(operation, kind\) pairs sent at least once$/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
