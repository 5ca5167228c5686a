/**
 * Replays a Redux DevTools trace through the app's real reducers, so that a trace attached to a
 * bug report can be reproduced, its first wrong action found, and the trace turned into a test.
 *
 *   npm run trace:replay -- trace.json                  report; the first divergence from the recording
 *   npm run trace:replay -- trace.json --diff           what each action changed
 *   npm run trace:replay -- trace.json --at 12 > s.json the state after action #12
 *   npm run trace:replay -- trace.json --to-test NAME   a jest test under src/web/test/traces/
 *
 * Accepts the DevTools export (the lifted state: actionsById, stagedActionIds, skippedActionIds,
 * computedStates, committedState; also wrapped as {payload: "<that, as a string>"}; plain JSON
 * or jsan), the in-app recorder's file (the same format) or a plain array of actions. Everything
 * printed is redacted. The options: `--help`, and src/web/app/trace/cli.ts, where the work is
 * done (and tested by the web suites).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { USAGE, runCli } from '../src/web/app/trace/cli';
import { replayTrace } from '../src/web/app/trace/replay';
import { parseTrace, type TraceAction } from '../src/web/app/trace/traceFormat';

export { replayTrace };

/** The actions of a trace, in the order DevTools applied them (skipped ones left out). */
export function actionsOf(trace: unknown): TraceAction[] {
  return parseTrace(trace)
    .steps.filter((s) => !s.skipped)
    .map((s) => s.action);
}

function main() {
  // `… | head`: a reader who has seen enough is no error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  process.exitCode = runCli(argv, {
    readFile: (file) => readFileSync(file, 'utf8'),
    writeFile: (file, text) => writeFileSync(file, text),
    exists: existsSync,
    mkdir: (dir) => mkdirSync(dir, { recursive: true }),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    root: path.resolve(__dirname, '..'),
    cwd: process.cwd(),
  });
}

if (require.main === module) main();
