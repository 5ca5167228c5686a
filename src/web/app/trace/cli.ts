import path from 'node:path';
import { redactForTrace } from './redactTrace';
import { replay, type ReplayReport } from './replay';
import { traceTestFiles } from './traceTest';
import type { TraceStart } from './traceFormat';

/** The command line of scripts/replay-trace.ts, kept here so the web tests run it. */
export const USAGE = `usage: npm run trace:replay -- TRACE [options]     (or: npx tsx scripts/replay-trace.ts TRACE …)

Replays a Redux DevTools export or an in-app trace ("Download a trace") through the app's
reducers. When the trace carries the recorded states, stops at the first action after which
the replayed state differs from the recorded one and prints the differing paths.

  --until N        apply the actions up to index N only
  --at N           print the state after action N (JSON), and nothing else on stdout
  --state          print the final state (JSON) instead of the report
  --diff           one line per action: the paths it changed
  --filter TYPE    show only actions of this type (* wildcards; repeatable); all are applied
  --json           the report as JSON, for tools
  --from-initial   start from the app's initial state, not the one the trace started from
  --no-check       do not compare with the recorded states
  --to-test NAME   write a jest test of this trace under src/web/test/traces/
      --path P       a state path it checks, e.g. 'session.notice' (repeatable; default:
                     what the trace changed, large answers by their outline)
      --keep-notes   keep the text of bookmark notes in the committed trace
      --force        replace an existing test of that name

Secrets are redacted in everything printed. Exit status: 0, 1 when the replay diverges from
the recording, 2 for a usage or input error.`;

export interface CliOptions {
  file: string;
  until?: number;
  at?: number;
  state: boolean;
  diff: boolean;
  filter: string[];
  json: boolean;
  fromInitial: boolean;
  check: boolean;
  toTest?: string;
  paths?: string[];
  keepNotes: boolean;
  force: boolean;
}

export class UsageError extends Error {}

function index(value: string | undefined, flag: string): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`${flag} needs an action index (0, 1, 2…)`);
  return Number(value);
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const o: Omit<CliOptions, 'file'> & { file?: string } = { state: false, diff: false, filter: [], json: false, fromInitial: false, check: true, keepNotes: false, force: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      i += 1;
      return v;
    };
    switch (arg) {
      case '--until':
        o.until = index(value(), arg);
        break;
      case '--at':
        o.at = index(value(), arg);
        break;
      case '--state':
        o.state = true;
        break;
      case '--diff':
        o.diff = true;
        break;
      case '--filter':
        o.filter.push(...value().split(','));
        break;
      case '--json':
        o.json = true;
        break;
      case '--from-initial':
        o.fromInitial = true;
        break;
      case '--no-check':
        o.check = false;
        break;
      case '--to-test':
        o.toTest = value();
        break;
      case '--path':
        (o.paths ??= []).push(value());
        break;
      case '--keep-notes':
        o.keepNotes = true;
        break;
      case '--force':
        o.force = true;
        break;
      default:
        if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
        if (o.file) throw new UsageError(`one trace at a time (${o.file}, ${arg})`);
        o.file = arg;
    }
  }
  if (!o.file) throw new UsageError('no trace file given');
  if (o.at !== undefined && o.until !== undefined) throw new UsageError('--at N is --until N with the state printed: give one of them');
  return o as CliOptions;
}

const STARTS: Record<TraceStart, string> = {
  committedState: "the trace's starting state (committedState)",
  'computedStates[0]': "the trace's starting state (its first computed state)",
  preloadedState: "the trace's preloaded state",
  app: "the app's initial state",
};

/** A value on one line, cut to `max` characters. */
export function brief(value: unknown, max = 100): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The text report. */
export function formatReport(report: ReplayReport): string {
  const lines: string[] = [];
  const source = report.note ? `an in-app trace (last ${report.note.limit} actions kept, ${report.note.dropped} older dropped)` : 'a trace';
  const upTo = report.last !== null && report.last < (report.actions ? report.actions - 1 : 0) ? `, up to #${report.last}` : '';
  lines.push(`Replayed ${report.applied} action(s) of ${source} holding ${report.actions}${upTo}, from ${STARTS[report.startFrom]}.`);

  for (const u of report.unknownTypes) {
    lines.push(`warning: unknown action type "${u.type}" (#${u.first}${u.count > 1 ? `, ${u.count} times` : ''}): ${u.reason}`);
  }

  for (const e of report.errors) {
    if (e.index !== report.divergence?.index) lines.push(`warning: the reducer threw on #${e.index} (${e.type}): ${e.error}; the state stayed as it was`);
  }

  for (const step of report.steps) {
    const mark = step.applied ? ' ' : '-';
    const changed = step.changed ? `  ${step.changed.length ? summarise(step.changed) : '(no change)'}` : '';
    lines.push(`${mark}#${String(step.index).padEnd(4)} ${step.type}${changed}`);
  }

  const d = report.divergence;
  if (d) {
    lines.push('');
    lines.push(d.error ? `Divergence at #${d.index} (${d.type}): the reducer threw: ${d.error}` : `Divergence at #${d.index} (${d.type}): the replayed state differs from the recorded one.`);
    lines.push(`  action: ${brief(d.action, 300)}`);
    for (const p of d.paths) {
      if (p.absent === 'replayed') lines.push(`  ${p.path}: recorded ${brief(p.recorded)}, absent in the replay`);
      else if (p.absent === 'recorded') lines.push(`  ${p.path}: absent in the recording, replayed ${brief(p.replayed)}`);
      else lines.push(`  ${p.path}: recorded ${brief(p.recorded)}, replayed ${brief(p.replayed)}`);
    }
    if (d.total > d.paths.length) lines.push(`  …and ${d.total - d.paths.length} more path(s)`);
    if (report.last === d.index) {
      lines.push(`The replay stopped there. The state before it: --at ${Math.max(0, d.index - 1)}; the actions up to it: --diff --until ${d.index}.`);
    }
  } else if (report.recordedStates && report.compared) {
    lines.push(`No divergence: the replayed state matches the recorded one after each of the ${report.compared} action(s) compared.`);
  } else if (report.recordedStates) {
    lines.push('Not compared with the recorded states (--no-check).');
  } else {
    lines.push('The trace carries no recorded states: nothing to compare (the final state: --state).');
  }
  return `${lines.join('\n')}\n`;
}

function summarise(paths: string[], max = 8): string {
  return paths.length > max ? `${paths.slice(0, max).join(', ')}, …(+${paths.length - max})` : paths.join(', ');
}

/** The report for tools: what the text says, as data; the state only when asked for. */
export function jsonReport(report: ReplayReport, withState: boolean): unknown {
  const { state, startState: _start, ...rest } = report;
  return { ...rest, ...(withState ? { state: redactForTrace(state) } : {}) };
}

export interface CliIo {
  readFile(file: string): string;
  writeFile(file: string, text: string): void;
  exists(file: string): boolean;
  mkdir(dir: string): void;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The repository's root (where src/web/test/traces/ is). */
  root: string;
  cwd: string;
}

export const TESTS_DIR = path.join('src', 'web', 'test', 'traces');

/** Runs the command; returns the exit status. */
export function runCli(argv: readonly string[], io: CliIo): number {
  let o: CliOptions;
  try {
    o = parseArgs(argv);
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = io.readFile(path.resolve(io.cwd, o.file));
  } catch (e) {
    io.stderr(`cannot read ${o.file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }

  try {
    if (o.toTest) return writeTest(text, o, io);
    const until = o.at ?? o.until;
    const withState = o.state || o.at !== undefined;
    // Asked for a state, the replay goes on past a divergence (reported) to reach it.
    const report = replay(text, { until, fromInitial: o.fromInitial, check: o.check, diff: o.diff, filter: o.filter, stop: !withState });
    if (until !== undefined && report.last !== until && (!report.divergence || withState)) {
      io.stderr(`no action #${until} in this trace (its indices run from ${report.actions ? 0 : '–'} to ${report.last ?? '–'})\n`);
      return 2;
    }
    if (o.json) io.stdout(`${JSON.stringify(jsonReport(report, withState), null, 2)}\n`);
    else if (withState) {
      // The state alone on stdout (for a file or jq); what else there is to say, on stderr.
      io.stdout(`${JSON.stringify(redactForTrace(report.state), null, 2)}\n`);
      const notes = formatReport({ ...report, steps: [] })
        .split('\n')
        .filter((l) => l.startsWith('warning:') || l.startsWith('Divergence') || l.startsWith('  '));
      if (notes.length) io.stderr(`${notes.join('\n')}\n`);
    } else io.stdout(formatReport(report));
    return report.divergence ? 1 : 0;
  } catch (e) {
    io.stderr(`${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

function writeTest(text: string, o: CliOptions, io: CliIo): number {
  const dir = path.join(io.root, TESTS_DIR);
  const made = traceTestFiles(text, { name: o.toTest!, dir, until: o.until, fromInitial: o.fromInitial, paths: o.paths, keepNotes: o.keepNotes });
  const existing = made.files.filter((f) => io.exists(f.path));
  if (existing.length && !o.force) {
    io.stderr(`${existing.map((f) => path.relative(io.root, f.path)).join(', ')} exist(s): choose another name or give --force\n`);
    return 2;
  }
  io.mkdir(dir);
  for (const f of made.files) io.writeFile(f.path, f.text);
  const test = path.relative(io.root, made.files[2].path);
  io.stdout(
    [
      `Wrote ${made.files.map((f) => path.relative(io.root, f.path)).join(', ')}`,
      `checking ${Object.keys(made.expected.values).length} path(s) of the final state.`,
      ...(made.divergedAt !== null ? [`note: the replay diverges from the recording at #${made.divergedAt}; the expected values are the current code's.`] : []),
      `Run it: npx jest --selectProjects web --runTestsByPath ${test}`,
      '',
    ].join('\n'),
  );
  return 0;
}
