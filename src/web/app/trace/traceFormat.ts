import type { Action } from '@reduxjs/toolkit';

/**
 * The Redux DevTools "lifted state": what the extension's export writes (the object itself, or
 * wrapped as `{ payload: "<it, as a string>", preloadedState: "<string>" }`) and what the in-app
 * recorder writes too, so that one replay reads both and DevTools can import either.
 * computedStates[i] is the state after stagedActionIds[i]; committedState the state before the
 * first of them (the store's preloaded state, or the state when older actions were dropped).
 */
export type TraceAction = Action<string> & Record<string, unknown>;

export interface LiftedAction {
  type: string;
  action: TraceAction;
  timestamp?: number;
}

export interface ComputedState {
  state?: unknown;
  /** The reducer threw on this action (DevTools keeps the message). */
  error?: string;
}

/** Written by the in-app recorder beside the lifted state; DevTools ignores it. */
export interface RecorderNote {
  recorder: 'qarar in-app';
  version: 1;
  /** Actions the ring buffer keeps (the oldest are dropped, folded into committedState). */
  limit: number;
  dropped: number;
  redacted: string[];
  recordedAt: string;
}

export interface LiftedState {
  actionsById: Record<string, LiftedAction>;
  computedStates?: ComputedState[];
  committedState?: unknown;
  stagedActionIds?: number[];
  skippedActionIds?: number[];
  currentStateIndex?: number;
  nextActionId?: number;
  isLocked?: boolean;
  isPaused?: boolean;
  qarar?: RecorderNote;
}

/** One action of a trace, at its DevTools index (its position among the staged actions). */
export interface TraceStep {
  index: number;
  id: number;
  action: TraceAction;
  /** Turned off in DevTools: shown, not applied. */
  skipped: boolean;
  /** The state DevTools (or the recorder) computed after it, when the trace carries it. */
  recorded?: unknown;
  recordedError?: string;
}

export type TraceStart = 'committedState' | 'computedStates[0]' | 'preloadedState' | 'app';

export interface Trace {
  steps: TraceStep[];
  /** The state the recording started from, when the trace carries one. */
  start?: unknown;
  startFrom: TraceStart;
  /** Whether any step carries a recorded state to compare with. */
  recordedStates: boolean;
  note?: RecorderNote;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isAction = (value: unknown): value is TraceAction => isObject(value) && typeof value.type === 'string';
/** DevTools writes `{}` where a state was not kept (and older exports had placeholders): not a state. */
const hasContent = (value: unknown): boolean => isObject(value) && Object.keys(value).length > 0;

// ---------------------------------------------------------------------------------------------
// jsan: DevTools serialises with it; every object met a second time is written once and then
// referred to as {"$jsan": "<path of its first place>"} ("$.a[0][\"b c\"]"), which keeps a
// trace of states sharing most of their parts small. A few other codes stand for values JSON
// lacks (u: undefined, d<ms>: a date…).

const REF = '$jsan';
const PATH_PART = /\.(\w+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;

function resolvePath(root: unknown, path: string): unknown {
  let node = root;
  PATH_PART.lastIndex = 1; // after '$'
  while (PATH_PART.lastIndex < path.length) {
    const m = PATH_PART.exec(path);
    if (!m) throw new Error(`Unreadable $jsan reference ${path}`);
    const key = m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]) as string));
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function special(code: string, root: unknown): unknown {
  switch (code[0]) {
    case '$':
      return resolvePath(root, code);
    case 'u':
      return undefined;
    case 'd':
      return new Date(Number(code.slice(1))).toISOString();
    case 'e':
      return { message: code.slice(1) };
    default:
      // Functions, symbols, regular expressions: kept as their description.
      return code.slice(1);
  }
}

const isRef = (value: unknown): value is { $jsan: string } =>
  isObject(value) && !Array.isArray(value) && typeof value[REF] === 'string' && Object.keys(value).length === 1;

/** Resolves jsan's references and codes in a parsed tree, in place (as jsan.parse does); returns it. */
export function decodeRefs<T>(root: T): T {
  const walk = (node: unknown) => {
    if (!isObject(node)) return;
    const entries: Array<[string | number, unknown]> = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [key, value] of entries) {
      const holder = node as Record<string | number, unknown>;
      if (isRef(value)) holder[key] = special(value[REF], root);
      else if (key === REF && Array.isArray(value)) holder[key] = value[0]; // a real "$jsan" key, escaped
      else walk(value);
    }
  };
  walk(root);
  return root;
}

/** The JSON-ready copy of `value` with every object met before written as a jsan reference. */
export function encodeRefs(value: unknown): unknown {
  const paths = new Map<object, string>();
  const walk = (input: unknown, path: string): unknown => {
    let v = input;
    if (isObject(v) && typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON: () => unknown }).toJSON();
    if (!isObject(v)) return v;
    const first = paths.get(v);
    if (first !== undefined) return { [REF]: first };
    paths.set(v, path);
    if (Array.isArray(v)) {
      return v.map((item, i) => {
        const out = walk(item, `${path}[${i}]`);
        return out === undefined || typeof out === 'function' || typeof out === 'symbol' ? null : out;
      });
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(v)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      const encoded = walk(item, `${path}${/^\w+$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`);
      out[key] = key === REF ? [encoded] : encoded;
    }
    return out;
  };
  return walk(value, '$');
}

/** JSON.parse, then jsan's references resolved (when the text has any). */
export function parseJson(text: string): unknown {
  const parsed = JSON.parse(text) as unknown;
  return text.includes(`"${REF}"`) ? decodeRefs(parsed) : parsed;
}

// ---------------------------------------------------------------------------------------------

/**
 * Reads a trace: the DevTools export (lifted state, wrapped or not, jsan or plain JSON), the
 * in-app recorder's file (the same), or a plain array of actions. Accepts the text or the
 * parsed value.
 */
export function parseTrace(input: unknown): Trace {
  let value = typeof input === 'string' ? parseJson(input) : input;
  let preloaded: unknown;
  if (isObject(value) && typeof value.payload === 'string') {
    if (typeof value.preloadedState === 'string') preloaded = parseJson(value.preloadedState);
    value = parseJson(value.payload);
  } else if (typeof input !== 'string' && isObject(value)) {
    // A parsed file may still hold its references: resolve them in a copy.
    const text = JSON.stringify(value);
    if (text.includes(`"${REF}"`)) value = parseJson(text);
  }

  if (Array.isArray(value)) {
    const steps = value.filter(isAction).map((action, index) => ({ index, id: index, action, skipped: false }));
    return { steps, startFrom: 'app', recordedStates: false };
  }

  const lifted = value as Partial<LiftedState> | null;
  if (!isObject(lifted) || !isObject(lifted.actionsById)) {
    throw new Error('Not a Redux DevTools export (no actionsById) nor an array of actions');
  }
  const byId = lifted.actionsById;
  const skipped = new Set(lifted.skippedActionIds ?? []);
  const ids = lifted.stagedActionIds ?? Object.keys(byId).map(Number).sort((a, b) => a - b);
  const computed = Array.isArray(lifted.computedStates) ? lifted.computedStates : [];

  const steps: TraceStep[] = [];
  ids.forEach((id, index) => {
    const action = byId[String(id)]?.action;
    if (!isAction(action)) return;
    const entry = computed[index];
    steps.push({
      index,
      id,
      action,
      skipped: skipped.has(id),
      ...(entry && hasContent(entry.state) ? { recorded: entry.state } : {}),
      ...(entry?.error ? { recordedError: entry.error } : {}),
    });
  });

  let start: unknown;
  let startFrom: TraceStart = 'app';
  if (hasContent(lifted.committedState)) {
    start = lifted.committedState;
    startFrom = 'committedState';
  } else if (steps[0]?.action.type === '@@INIT' && steps[0].recorded !== undefined) {
    start = steps[0].recorded;
    startFrom = 'computedStates[0]';
  } else if (hasContent(preloaded)) {
    start = preloaded;
    startFrom = 'preloadedState';
  }
  return {
    steps,
    ...(start !== undefined ? { start } : {}),
    startFrom,
    recordedStates: steps.some((s) => s.recorded !== undefined),
    ...(lifted.qarar ? { note: lifted.qarar } : {}),
  };
}

/** A lifted state from a starting state and the actions after it, each with the state it produced. */
export function toLiftedState(base: unknown, entries: ReadonlyArray<{ action: Action; state: unknown; timestamp: number }>, note?: RecorderNote): LiftedState {
  const actionsById: Record<string, LiftedAction> = {
    0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: entries[0]?.timestamp ?? Date.now() },
  };
  entries.forEach((e, i) => {
    actionsById[i + 1] = { type: 'PERFORM_ACTION', action: e.action, timestamp: e.timestamp };
  });
  return {
    actionsById,
    computedStates: [{ state: base }, ...entries.map((e) => ({ state: e.state }))],
    committedState: base,
    currentStateIndex: entries.length,
    nextActionId: entries.length + 1,
    skippedActionIds: [],
    stagedActionIds: Array.from({ length: entries.length + 1 }, (_, i) => i),
    isLocked: false,
    isPaused: false,
    ...(note ? { qarar: note } : {}),
  };
}
