import type { Action } from '@reduxjs/toolkit';
import { traceTaps } from '../traceTap';
import { traceRedactor, type RedactOptions } from './redactTrace';
import { encodeRefs, toLiftedState, type LiftedState, type RecorderNote } from './traceFormat';

/** How many actions the in-app recorder keeps (the oldest go first). */
export const TRACE_LIMIT = 500;

interface Entry {
  action: Action;
  state: unknown;
  timestamp: number;
}

/**
 * The last `limit` actions, each with the state it produced (a reference: Redux states share
 * their unchanged parts, so keeping 500 of them costs little more than the changes), and the
 * state before the oldest. Redaction waits for the download, so recording costs one small
 * object per action.
 */
export class TraceBuffer {
  private readonly ring: Entry[] = [];
  private next = 0;
  dropped = 0;

  constructor(
    /** The state before the oldest kept action. */
    public base: unknown,
    readonly limit = TRACE_LIMIT,
  ) {}

  push(action: Action, state: unknown): void {
    const entry = { action, state, timestamp: Date.now() };
    if (this.ring.length < this.limit) {
      this.ring.push(entry);
      return;
    }
    this.base = this.ring[this.next].state;
    this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.limit;
    this.dropped += 1;
  }

  /** Oldest first. */
  entries(): Entry[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  get size(): number {
    return this.ring.length;
  }
}

interface TracedStore {
  getState(): unknown;
}

const buffers = new WeakMap<object, TraceBuffer>();

/**
 * Starts (on) or stops (off: the buffer is dropped) recording the store's actions. Starting
 * again while on keeps what is recorded.
 */
export function recordTrace(store: TracedStore, on: boolean, limit = TRACE_LIMIT): void {
  const tap = traceTaps.get(store);
  if (!tap) return;
  if (!on) {
    tap.listener = null;
    buffers.delete(store);
    return;
  }
  if (buffers.has(store)) return;
  const buffer = new TraceBuffer(store.getState(), limit);
  buffers.set(store, buffer);
  tap.listener = (action, _before, after) => buffer.push(action, after);
}

export const traceBufferOf = (store: TracedStore): TraceBuffer | undefined => buffers.get(store);

/** Redacted unless told otherwise: tokens and passwords always, notes' text by default. */
export interface TraceOptions {
  notes?: boolean;
}

/** What the store's recorder holds, as a DevTools lifted state, redacted. */
export function traceOf(store: TracedStore, { notes = false }: TraceOptions = {}): LiftedState {
  const buffer = buffers.get(store) ?? new TraceBuffer(store.getState());
  const hidden: RedactOptions = { notes: !notes };
  const note: RecorderNote = {
    recorder: 'qarar in-app',
    version: 1,
    limit: buffer.limit,
    dropped: buffer.dropped,
    redacted: ['tokens', 'passwords', ...(hidden.notes ? ['notes'] : [])],
    recordedAt: new Date().toISOString(),
  };
  return traceRedactor(hidden)(toLiftedState(buffer.base, buffer.entries(), note));
}

/** The trace as a file: the lifted state with shared parts written once (as DevTools writes them). */
export function traceFile(store: TracedStore, options?: TraceOptions): { name: string; text: string; actions: number } {
  const lifted = traceOf(store, options);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');
  return { name: `qarar-trace-${stamp}.json`, text: JSON.stringify(encodeRefs(lifted)), actions: (lifted.stagedActionIds?.length ?? 1) - 1 };
}

/** Hands the text to the browser as a download. */
export function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
