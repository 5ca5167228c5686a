import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as baseApiModule from '../../api/baseApi';
import * as sessionModule from '../../state/sessionSlice';
import * as preferencesModule from '../../state/preferencesSlice';
import { PERSIST_ACTIONS, makeStore } from '../store';
import type { TraceAction } from './traceFormat';

/**
 * Which action types the app's store handles, found in the store itself: the slices' action
 * creators (their `actions`, and the createAction()s their modules export for their
 * extraReducers), the API's own actions (RTK Query's internal actions and utilities, its
 * focus/online actions) and its endpoints' matchers (`api/executeQuery/fulfilled` is handled
 * only for an endpoint that exists), redux-persist's actions and the `@@` actions of Redux and
 * DevTools. A misspelt type replays without a sound, since no reducer knows it: the replay
 * warns of it instead.
 */

/** The modules the root reducer's slices come from (store.ts); checked against the real store's state below. */
const SLICE_MODULES: ReadonlyArray<Record<string, unknown>> = [baseApiModule, sessionModule, preferencesModule];

const API_DIR = path.resolve(__dirname, '../../api');

/**
 * Every endpoint of the app: the screens' chunks inject theirs when they load, so a replay
 * (which must know them, for the matchers and for endpoint options the reducer reads) loads
 * every API module.
 */
export function loadAllEndpoints(): void {
  for (const file of readdirSync(API_DIR)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded now, in order, under tsx or jest alike
    if (/^[\w-]+\.ts$/.test(file) && !file.endsWith('.test.ts')) require(path.join(API_DIR, file));
  }
}

type ActionCreator = { type: string; match: (a: unknown) => boolean };
type Matcher = (a: unknown) => boolean;
interface EndpointLike {
  matchPending: Matcher;
  matchFulfilled: Matcher;
  matchRejected: Matcher;
}
interface ApiLike {
  reducerPath: string;
  endpoints: Record<string, EndpointLike>;
  internalActions: Record<string, unknown>;
  util: Record<string, unknown>;
}
interface SliceLike {
  name: string;
  reducer: unknown;
  actions: Record<string, unknown>;
}

const isFn = (v: unknown): v is (...args: unknown[]) => unknown => typeof v === 'function';
const isActionCreator = (v: unknown): v is ActionCreator => isFn(v) && typeof (v as Partial<ActionCreator>).type === 'string' && isFn((v as Partial<ActionCreator>).match);
const isApi = (v: unknown): v is ApiLike =>
  typeof v === 'object' && v !== null && typeof (v as ApiLike).reducerPath === 'string' && typeof (v as ApiLike).internalActions === 'object';
const isSlice = (v: unknown): v is SliceLike =>
  typeof v === 'object' && v !== null && typeof (v as SliceLike).name === 'string' && isFn((v as SliceLike).reducer) && typeof (v as SliceLike).actions === 'object';

/** Says why no part of the store handles an action, or null when one does. */
export type ActionCheck = (action: TraceAction) => string | null;

export function actionCheck(): ActionCheck {
  loadAllEndpoints();
  const types = new Set<string>(PERSIST_ACTIONS);
  const apis: ApiLike[] = [];
  const parts = new Set<string>();
  for (const module of SLICE_MODULES) {
    for (const value of Object.values(module)) {
      if (isActionCreator(value)) types.add(value.type);
      if (isSlice(value)) {
        parts.add(value.name);
        for (const creator of Object.values(value.actions)) if (isActionCreator(creator)) types.add(creator.type);
      }
      if (isApi(value)) {
        parts.add(value.reducerPath);
        apis.push(value);
        for (const creator of [...Object.values(value.internalActions), ...Object.values(value.util)]) if (isActionCreator(creator)) types.add(creator.type);
      }
    }
  }
  // The real store's slices, each of which must have been found above.
  const state = makeStore(undefined, { readStorage: false, sideEffects: false }).getState() as unknown as Record<string, unknown>;
  const missing = Object.keys(state).filter((key) => !parts.has(key));
  if (missing.length) throw new Error(`knownActions: the store's slice(s) ${missing.join(', ')} come from no module in SLICE_MODULES`);

  return (action) => {
    const { type } = action;
    if (types.has(type) || type.startsWith('@@')) return null;
    for (const api of apis) {
      if (!type.startsWith(`${api.reducerPath}/execute`)) continue;
      const endpoints = Object.values(api.endpoints);
      if (endpoints.some((e) => e.matchPending(action) || e.matchFulfilled(action) || e.matchRejected(action))) return null;
      const name = (action.meta as { arg?: { endpointName?: unknown } } | undefined)?.arg?.endpointName;
      return typeof name === 'string' && !(name in api.endpoints)
        ? `no endpoint "${name}" in the app's API ("${api.reducerPath}")`
        : `no endpoint of the app's API ("${api.reducerPath}") matches it`;
    }
    return 'no slice or API endpoint of the app handles it';
  };
}
