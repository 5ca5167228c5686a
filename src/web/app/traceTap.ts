import type { Action, Reducer } from '@reduxjs/toolkit';

/** Told of every action the reducers ran, with the state before and after it. */
export type TraceListener = (action: Action, before: unknown, after: unknown) => void;

/**
 * One per store: where the in-app trace recorder (app/trace/recorder.ts, a chunk loaded only
 * with the developer-tools preference on) listens. Until it does, the whole cost per action is
 * one call and one null check (`npm run bench:trace`); that is why this lives in the first
 * download and the recorder does not.
 */
export interface TraceTap {
  listener: TraceListener | null;
}

export const traceTaps = new WeakMap<object, TraceTap>();

/**
 * The root reducer, with the tap. Listening at the reducer rather than in a middleware sees
 * exactly what reached the state — actions the api middleware passes on itself included — with
 * the state each produced, even when a subscriber dispatches from inside another dispatch.
 */
export const tapped =
  <S, A extends Action>(reducer: Reducer<S, A>, tap: TraceTap): Reducer<S, A> =>
  (state, action) => {
    const next = reducer(state, action);
    if (tap.listener) tap.listener(action, state, next);
    return next;
  };
