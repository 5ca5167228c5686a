/**
 * Replays an exported Redux DevTools trace through the app's real reducers and prints the final
 * state as JSON, so a trace attached to a bug report can be reproduced (and turned into a test).
 *
 *   npx tsx scripts/replay-trace.ts trace.json > state.json
 *
 * Accepts the DevTools "export" file (the lifted state: actionsById, stagedActionIds,
 * skippedActionIds, computedStates; also wrapped as {payload: "<that, as a string>"}) or a
 * plain array of actions. The trace is redacted (tokens and passwords read '[redacted]'), and
 * the replay starts from the app's initial state, not from the trace's.
 */
import { readFileSync } from 'node:fs';
import { makeStore, type RootState } from '../src/web/app/store';

type Action = { type: string; [key: string]: unknown };

interface LiftedAction {
  type?: string;
  action?: Action;
}

interface LiftedState {
  actionsById: Record<string, LiftedAction>;
  stagedActionIds?: number[];
  skippedActionIds?: number[];
}

const isAction = (value: unknown): value is Action =>
  typeof value === 'object' && value !== null && typeof (value as Action).type === 'string';

/**
 * Not replayable: the store's own init, and redux-persist's control actions, whose callbacks
 * (register, rehydrate, result) do not survive the export. REHYDRATE carries data and is kept.
 */
const SKIPPED = new Set(['@@INIT', 'persist/PERSIST', 'persist/FLUSH', 'persist/PAUSE', 'persist/PURGE', 'persist/REGISTER']);
const isSkipped = (type: string) => SKIPPED.has(type) || type.startsWith('@@redux/INIT');

/** The actions of a trace, in the order DevTools applied them (skipped ones left out). */
export function actionsOf(trace: unknown): Action[] {
  let input = typeof trace === 'string' ? (JSON.parse(trace) as unknown) : trace;
  if (typeof input === 'object' && input !== null && typeof (input as { payload?: unknown }).payload === 'string') {
    input = JSON.parse((input as { payload: string }).payload) as unknown;
  }
  if (Array.isArray(input)) return input.filter(isAction);

  const lifted = input as Partial<LiftedState> | null;
  if (!lifted || typeof lifted.actionsById !== 'object' || lifted.actionsById === null) {
    throw new Error('Not a Redux DevTools export (no actionsById) nor an array of actions');
  }
  const byId = lifted.actionsById;
  const skipped = new Set(lifted.skippedActionIds ?? []);
  const ids = lifted.stagedActionIds ?? Object.keys(byId).map(Number).sort((a, b) => a - b);
  return ids
    .filter((id) => !skipped.has(id))
    .map((id) => byId[String(id)]?.action)
    .filter(isAction);
}

/** Dispatches each action of the trace into a fresh store (no persistence, no requests) and returns the final state. */
export function replayTrace(trace: unknown): RootState {
  const store = makeStore(undefined, { readStorage: false, sideEffects: false });
  for (const action of actionsOf(trace)) {
    if (!isSkipped(action.type)) store.dispatch(action);
  }
  return store.getState();
}

function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx scripts/replay-trace.ts FILE');
    process.exit(2);
  }
  const state = replayTrace(readFileSync(file, 'utf8'));
  process.stdout.write(`${JSON.stringify(state, null, 2)}\n`);
}

if (require.main === module) main();
