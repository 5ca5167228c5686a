import type { Action, Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER } from 'redux-persist';
import { baseApi } from '../../api/baseApi';
import { PERSISTED_SLICES, makeStore, type PreloadedRootState, type RootState } from '../store';
import { actionCheck, type ActionCheck } from './knownActions';
import { traceRedactor } from './redactTrace';
import { JsonComparer, changedPaths, differences, type PathDifference } from './stateDiff';
import { parseTrace, type RecorderNote, type Trace, type TraceStart } from './traceFormat';

/**
 * Replays a trace through the app's real reducers (makeStore, without its side effects) and,
 * when the trace carries the states the app computed, compares the replay with them after every
 * action, stopping at the first difference: the first action where the code replayed and the
 * code recorded part ways. scripts/replay-trace.ts is the command line over this.
 */

export interface ReplayOptions {
  /** Apply the actions up to this index (included) and stop. */
  until?: number;
  /** Start from the app's initial state even when the trace carries the state it started from. */
  fromInitial?: boolean;
  /** Compare with the recorded states and stop at the first difference (default true). */
  check?: boolean;
  /** Report what each action changed (`steps[].changed`). */
  diff?: boolean;
  /** Report only the actions whose type matches one of these (exact, or with * wildcards); all are applied. */
  filter?: string[];
  /** How many differing paths a divergence lists (default 20). */
  maxPaths?: number;
  /** Stop at the first divergence (default true); when false, note it and go on (to print a later state). */
  stop?: boolean;
}

export interface StepReport {
  index: number;
  id: number;
  type: string;
  applied: boolean;
  /** With `diff`: changed paths (`+` appeared, `-` went), secrets redacted. */
  changed?: string[];
}

export interface UnknownType {
  type: string;
  reason: string;
  count: number;
  /** Index of its first action. */
  first: number;
}

export interface Divergence {
  index: number;
  id: number;
  type: string;
  /** The action, redacted. */
  action: unknown;
  /** The first differing paths (values redacted) and how many there are in all. */
  paths: PathDifference[];
  total: number;
  /** The reducer threw while replaying it (or had thrown in the recording, and not now). */
  error?: string;
}

export interface ReplayReport {
  /** Actions in the trace, and the index of the last one considered. */
  actions: number;
  last: number | null;
  applied: number;
  startFrom: TraceStart;
  recordedStates: boolean;
  /** Actions after which the replay was compared with a recorded state. */
  compared: number;
  unknownTypes: UnknownType[];
  /** Actions on which the reducer threw (the state stays as it was, as in DevTools). */
  errors: Array<{ index: number; type: string; error: string }>;
  divergence: Divergence | null;
  steps: StepReport[];
  /** The replayed state where the replay stopped (not redacted: print it through redactForTrace). */
  state: RootState;
  /** The state the replay started from. */
  startState: RootState;
  note?: RecorderNote;
}

/** Store initialisation (Redux's and DevTools'): the store being made stands for them. */
const isInit = (type: string) => type === '@@INIT' || type.startsWith('@@redux/INIT');
/** redux-persist's own actions, whose callbacks do not survive an export; PERSIST's effect is made below. */
const PERSIST_CONTROL = new Set<string>([FLUSH, PAUSE, PURGE, REGISTER]);

const REGISTERED = `${baseApi.reducerPath}/config/middlewareRegistered`;

/**
 * The root reducer for a replay, standing in for what a recorded action cannot do again:
 * - PERSIST marks each persisted slice `_persist: {version, rehydrated: false}` as redux-persist
 *   does, without its storage reads, writes and timers (and its control actions do nothing);
 * - RTK Query's middlewareRegistered carries the recording page's API id, which is not this
 *   process's: it stands for "registered" (true) unless a conflict was recorded before.
 */
export const replayReducer =
  (reducer: Reducer<RootState>): Reducer<RootState> =>
  (state, action) => {
    if (state && action.type === PERSIST) {
      const next = { ...state } as Record<string, unknown>;
      for (const [key, config] of Object.entries(PERSISTED_SLICES)) {
        const slice = next[key] as Record<string, unknown> | undefined;
        if (slice && !slice._persist) next[key] = { ...slice, _persist: { version: config.version ?? -1, rehydrated: false } };
      }
      return next as unknown as RootState;
    }
    if (state && PERSIST_CONTROL.has(action.type)) return state;
    const next = reducer(state, action);
    if (action.type === REGISTERED && state) {
      const registered = state.api.config.middlewareRegistered === 'conflict' ? 'conflict' : true;
      return { ...next, api: { ...next.api, config: { ...next.api.config, middlewareRegistered: registered } } };
    }
    return next;
  };

/** A replay store: the app's store without requests, listeners, storage or development checks. */
export function makeReplayStore(start?: unknown) {
  return makeStore(start as PreloadedRootState | undefined, { readStorage: false, sideEffects: false, devChecks: false, wrapReducer: replayReducer });
}

export function typeFilter(patterns: readonly string[]): (type: string) => boolean {
  if (!patterns.length) return () => true;
  const res = patterns.map((p) => new RegExp(`^${p.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`));
  return (type) => res.some((re) => re.test(type));
}

let sharedCheck: ActionCheck | undefined;
/** The store's handled types, found once per process. */
const check = (): ActionCheck => (sharedCheck ??= actionCheck());

/** Only the slices the recorded state holds are compared (a sanitiser may leave some out). */
function comparable(recorded: unknown, replayed: unknown): unknown {
  if (typeof recorded !== 'object' || recorded === null || typeof replayed !== 'object' || replayed === null) return replayed;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(recorded)) out[key] = (replayed as Record<string, unknown>)[key];
  return out;
}

export function replay(input: unknown, options: ReplayOptions = {}): ReplayReport {
  const trace: Trace = typeof input === 'object' && input !== null && 'steps' in input && 'startFrom' in input ? (input as Trace) : parseTrace(input);
  const { until, fromInitial = false, check: compare = true, diff = false, maxPaths = 20, stop = true } = options;
  const shown = typeFilter(options.filter ?? []);
  const known = check();
  const redactor = traceRedactor();
  const comparer = new JsonComparer();

  const fromTrace = !fromInitial && trace.start !== undefined;
  const store = makeReplayStore(fromTrace ? trace.start : undefined);
  const startState = store.getState();
  const unknown = new Map<string, UnknownType>();
  const errors: ReplayReport['errors'] = [];
  const steps: StepReport[] = [];
  let divergence: Divergence | null = null;
  let applied = 0;
  let compared = 0;
  let last: number | null = null;

  for (const step of trace.steps) {
    if (until !== undefined && step.index > until) break;
    last = step.index;
    const { type } = step.action;
    const why = known(step.action);
    if (why) {
      const seen = unknown.get(type);
      if (seen) seen.count += 1;
      else unknown.set(type, { type, reason: why, count: 1, first: step.index });
    }

    const before = store.getState();
    const apply = !step.skipped && !isInit(type);
    let error: string | undefined;
    if (apply) {
      try {
        store.dispatch(step.action as Action);
        applied += 1;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
    }
    const after = store.getState();

    if (shown(type) && (diff || options.filter?.length)) {
      steps.push({
        index: step.index,
        id: step.id,
        type,
        applied: apply && !error,
        ...(diff ? { changed: changedPaths(redactor(before), redactor(after)) } : {}),
      });
    }

    if (error !== undefined) errors.push({ index: step.index, type, error });
    if (divergence || !compare || step.recorded === undefined) continue;
    compared += 1;
    let found: Divergence | null = null;
    if (error !== undefined && step.recordedError === undefined) {
      found = { index: step.index, id: step.id, type, action: redactor(step.action), paths: [], total: 0, error };
    } else {
      // Both sides redacted alike: a trace exported without the sanitisers still compares.
      const recorded = redactor(step.recorded);
      const replayed = comparable(recorded, redactor(after));
      if (!comparer.equal(recorded, replayed)) {
        const { paths, total } = differences(recorded, replayed, maxPaths, comparer);
        found = { index: step.index, id: step.id, type, action: redactor(step.action), paths: paths.map((p) => redactor(p)), total };
      }
    }
    if (found) {
      divergence = found;
      if (stop) break;
    }
  }

  return {
    actions: trace.steps.length,
    last,
    applied,
    startFrom: fromTrace ? trace.startFrom : 'app',
    recordedStates: trace.recordedStates,
    compared,
    unknownTypes: [...unknown.values()],
    errors,
    divergence,
    steps,
    state: store.getState(),
    startState,
    ...(trace.note ? { note: trace.note } : {}),
  };
}

/** The final state of a replay of every action, without comparing (what `replay-trace --state` prints). */
export function replayTrace(input: unknown, options: Omit<ReplayOptions, 'check'> = {}): RootState {
  return replay(input, { ...options, check: false }).state;
}
