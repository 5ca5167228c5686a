import path from 'node:path';
import { traceRedactor } from './redactTrace';
import { replay, type ReplayOptions } from './replay';
import { asJson, changedPaths, formatPath, parsePath, valueAt, type PathPart } from './stateDiff';
import { encodeRefs, parseJson, parseTrace, type Trace } from './traceFormat';

/**
 * `replay-trace --to-test NAME`: a bug report's trace becomes a jest test. Three files under
 * src/web/test/traces/: the trace (redacted again, notes' text too unless kept), the expected
 * values, and a short test that replays the one and checks the other.
 */

/** RTK Query's bookkeeping, and redux-persist's: not what a test of the app's behaviour checks. */
const BOOKKEEPING = /^api\.(config|subscriptions|provided)\b|\._persist\b/;
/** What a cached query or mutation shows the app. */
const ENTRY_FIELDS = ['status', 'data', 'error'] as const;
/** This folder, which the generated test imports from. */
const traceDir = __dirname;

/** Answers larger than this (as JSON) are checked by their outline, not whole. */
const LARGE_ANSWER = 2000;

/** A large answer's outline: its plain members, its lists' lengths and their items' ids. */
function outline(value: unknown, at: PathPart[]): string[] {
  if (typeof value !== 'object' || value === null) return [formatPath(at)];
  const out: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    if (Array.isArray(member)) {
      out.push(`${formatPath([...at, key])}.length`);
      member.forEach((item, i) => {
        if (typeof item === 'object' && item !== null && 'id' in item) out.push(formatPath([...at, key, i, 'id']));
      });
    } else if (typeof member !== 'object' || member === null) out.push(formatPath([...at, key]));
  }
  return out;
}

/**
 * The parts of the final state the trace changed: every changed value of the slices, and for each
 * query or mutation it left in the cache, its status, error and answer (a large answer by its
 * outline: name the parts that matter with --path).
 */
export function relevantPaths(start: unknown, final: unknown): string[] {
  const out = new Set<string>();
  for (const changed of changedPaths(start, final)) {
    if (changed.startsWith('-')) continue; // what went is not there to check
    const p = changed.replace(/^\+/, '');
    if (BOOKKEEPING.test(p)) continue;
    const parts = parsePath(p);
    if (parts[0] === 'api' && (parts[1] === 'queries' || parts[1] === 'mutations') && parts.length >= 3) {
      const entry = parts.slice(0, 3);
      for (const field of ENTRY_FIELDS) {
        const value = valueAt(final, [...entry, field]);
        if (value === undefined) continue;
        if (field === 'data' && JSON.stringify(value).length > LARGE_ANSWER) outline(value, [...entry, field]).forEach((q) => out.add(q));
        else out.add(formatPath([...entry, field]));
      }
    } else out.add(p);
  }
  return [...out];
}

/** The values at these paths, as JSON holds them. */
export function valuesAt(state: unknown, paths: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(paths.map((p) => [p, asJson(valueAt(state, p)) ?? null]));
}

export interface Expected {
  /** What the test replays: the options given to --to-test. */
  replay: Pick<ReplayOptions, 'until' | 'fromInitial'>;
  values: Record<string, unknown>;
}

export interface TraceTestFiles {
  name: string;
  files: Array<{ path: string; text: string }>;
  expected: Expected;
  /** The replay diverged from the recording: the expected values are the current code's. */
  divergedAt: number | null;
}

export const safeName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The trace as a lifted state (or array), references resolved, the wrapped export's starting state in it. */
function traceSource(input: unknown, trace: Trace): unknown {
  let value = typeof input === 'string' ? parseJson(input) : input;
  if (typeof value === 'object' && value !== null && typeof (value as { payload?: unknown }).payload === 'string') {
    value = { ...(parseJson((value as { payload: string }).payload) as object), ...(trace.start !== undefined ? { committedState: trace.start } : {}) };
  } else if (typeof input !== 'string') {
    value = parseJson(JSON.stringify(value));
  }
  return value;
}

/**
 * The files of a test for this trace. `dir` is where they go (src/web/test/traces/); the test
 * imports this folder's modules by a path relative to it.
 */
export function traceTestFiles(
  input: unknown,
  {
    name,
    dir,
    until,
    fromInitial,
    paths,
    keepNotes = false,
  }: { name: string; dir: string; until?: number; fromInitial?: boolean; paths?: string[]; keepNotes?: boolean },
): TraceTestFiles {
  const base = safeName(name);
  if (!base) throw new Error(`Not a usable test name: ${JSON.stringify(name)}`);
  const trace = parseTrace(input);
  const redactor = traceRedactor({ notes: !keepNotes });
  // The committed trace: redacted again (a DevTools export may hold what the app's sanitisers
  // miss, and notes are private), its shared parts written once. The test replays this file.
  const source = redactor(traceSource(input, trace));
  const traceText = `${JSON.stringify(encodeRefs(source))}\n`;

  const options = { ...(until !== undefined ? { until } : {}), ...(fromInitial ? { fromInitial } : {}) };
  const checked = replay(traceText, options);
  const final = replay(traceText, { ...options, check: false });
  const chosen = paths?.length ? paths : relevantPaths(final.startState, final.state);
  const expected: Expected = { replay: options, values: valuesAt(final.state, chosen) };

  let specifier = path.relative(dir, traceDir).split(path.sep).join('/');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const test = `/**
 * A regression test made from a trace by \`npm run trace:replay -- <trace> --to-test ${base}\`.
 * It replays ${base}.trace.json through the app's reducers and checks the parts of the final
 * state listed in ${base}.expected.json: the values the trace changed, as the code replayed them
 * when the test was made${checked.divergence ? ` (the recording itself went another way from action #${checked.divergence.index})` : ''}.
 * If the trace shows a bug, set them to what the app should hold, and keep only the paths that
 * matter (or make the test again with --path).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { replayTrace } from '${specifier}/replay';
import { valuesAt, type Expected } from '${specifier}/traceTest';

const read = (file: string) => readFileSync(path.join(__dirname, file), 'utf8');
const expected = JSON.parse(read('${base}.expected.json')) as Expected;

describe('trace ${base}', () => {
  it('replays to the expected state', () => {
    const state = replayTrace(read('${base}.trace.json'), expected.replay);
    expect(valuesAt(state, Object.keys(expected.values))).toEqual(expected.values);
  });
});
`;
  return {
    name: base,
    expected,
    divergedAt: checked.divergence?.index ?? null,
    files: [
      { path: path.join(dir, `${base}.trace.json`), text: traceText },
      { path: path.join(dir, `${base}.expected.json`), text: `${JSON.stringify(expected, null, 2)}\n` },
      { path: path.join(dir, `${base}.test.ts`), text: test },
    ],
  };
}
