/**
 * What Redux DevTools may see. Tokens and passwords are replaced wherever they sit (session
 * state, RTK Query's meta.arg / originalArgs, login answers, redux-persist's REHYDRATE payload),
 * so an exported trace can be attached to a bug report. Files become a short description,
 * since DevTools cannot serialise them.
 */
export const REDACTED = '[redacted]';

export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'access',
  'refresh',
  'token',
  'password',
  'password2',
  'old_password',
  'new_password',
]);

const isPlainObject = (v: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of `value` with every secret replaced. Pure: never mutates its input; returns the same
 * reference for parts that hold nothing to redact, so DevTools' diffing stays cheap.
 * null/undefined secrets stay as they are, so "no token" is still visible in a trace.
 */
export function redact<T>(value: T, seen: WeakMap<object, unknown> = new WeakMap()): T {
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value) as T;

  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const name = 'name' in value && typeof value.name === 'string' ? ` ${value.name}` : '';
    return `[file${name} ${value.type || 'unknown'} ${value.size} bytes]` as unknown as T;
  }

  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    let changed = false;
    value.forEach((item, i) => {
      out[i] = redact(item, seen);
      if (out[i] !== item) changed = true;
    });
    if (!changed) seen.set(value, value);
    return (changed ? out : value) as T;
  }

  // Class instances other than files (Dates, Headers, Errors…) are left to DevTools' own serialiser.
  if (!isPlainObject(value)) return value;

  const out: Record<string, unknown> = {};
  seen.set(value, out);
  let changed = false;
  for (const [key, item] of Object.entries(value)) {
    const next = SECRET_KEYS.has(key) && item !== null && item !== undefined ? REDACTED : redact<unknown>(item, seen);
    out[key] = next;
    if (next !== item) changed = true;
  }
  if (!changed) seen.set(value, value);
  return (changed ? out : value) as T;
}

/** The `actionSanitizer` / `stateSanitizer` of the DevTools options. */
export const actionSanitizer = <A>(action: A): A => redact(action);
export const stateSanitizer = <S>(state: S): S => redact(state);
