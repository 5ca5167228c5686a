import { REDACTED, SECRET_KEYS, redact } from '../redact';

/** Bookmarks' private notes (the `notes` of a bookmark and of the calls that write one). */
export const NOTE_KEYS: ReadonlySet<string> = new Set(['notes']);

export interface RedactOptions {
  /** Also hide the text of bookmark notes. */
  notes?: boolean;
}

/**
 * redact.ts's rules for a whole trace, plus what a trace holds beyond DevTools' view of one
 * action: RTK Query names each cached query by its arguments as JSON, `name({"token":"…"})`,
 * in the state's keys, in actions' meta and in the subscription patches, so secrets are also
 * replaced inside such strings and keys. The same secret always becomes the same text, so a
 * redacted trace still replays consistently.
 *
 * One redactor keeps what it has done: parts shared by many states are redacted once and stay
 * shared (the trace file writes them once).
 */
export function traceRedactor({ notes = false }: RedactOptions = {}): <T>(value: T) => T {
  const keys = new Set([...SECRET_KEYS, ...(notes ? NOTE_KEYS : [])]);
  const inJson = new RegExp(`"(${[...keys].join('|')})":"(?:[^"\\\\]|\\\\.)*"`, 'g');
  const text = (s: string) => (s.includes('":"') ? s.replace(inJson, (_m, key: string) => `"${key}":"${REDACTED}"`) : s);
  const seen = new WeakMap<object, unknown>();

  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') return value;
    if (seen.has(value)) return seen.get(value);
    if (typeof Blob !== 'undefined' && value instanceof Blob) return redact(value);

    if (Array.isArray(value)) {
      const out: unknown[] = [];
      seen.set(value, out);
      let changed = false;
      value.forEach((item, i) => {
        out[i] = walk(item);
        if (out[i] !== item) changed = true;
      });
      if (!changed) seen.set(value, value);
      return changed ? out : value;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;

    const out: Record<string, unknown> = {};
    seen.set(value, out);
    let changed = false;
    for (const [key, item] of Object.entries(value)) {
      const name = text(key);
      // As in redact.ts, a missing value stays visible (and so does an empty note).
      const next = keys.has(key) && item !== null && item !== undefined && item !== '' ? REDACTED : walk(item);
      out[name] = next;
      if (next !== item || name !== key) changed = true;
    }
    if (!changed) seen.set(value, value);
    return changed ? out : value;
  };
  return <T>(value: T) => walk(value) as T;
}

/** A one-off redaction with the trace rules (for printing a value). */
export const redactForTrace = <T>(value: T, options?: RedactOptions): T => traceRedactor(options)(value);
