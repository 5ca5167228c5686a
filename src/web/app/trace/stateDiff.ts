/**
 * Paths into a state, written as a reader would: `session.user.first_name`,
 * `api.queries["getPost({\"slug\":\"x\"})"].status`, `results[3]`.
 */
export type PathPart = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatPath(parts: readonly PathPart[]): string {
  return parts
    .map((part, i) => {
      if (typeof part === 'number') return `[${part}]`;
      if (IDENTIFIER.test(part)) return i === 0 ? part : `.${part}`;
      return `[${JSON.stringify(part)}]`;
    })
    .join('');
}

const PART = /(?:^|\.)([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

export function parsePath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  PART.lastIndex = 0;
  while (PART.lastIndex < path.length) {
    const at = PART.lastIndex;
    const m = PART.exec(path);
    if (!m || (m[1] !== undefined && at > 0 && path[at] !== '.')) throw new Error(`Unreadable path: ${path}`);
    parts.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]) as string)));
  }
  return parts;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function valueAt(root: unknown, path: string | readonly PathPart[]): unknown {
  let node = root;
  for (const part of typeof path === 'string' ? parsePath(path) : path) {
    if (!isObject(node)) return undefined;
    node = (node as Record<PathPart, unknown>)[part];
  }
  return node;
}

/** A value as JSON carries it (what a trace file holds): undefined members gone, dates as text. */
export const asJson = (value: unknown): unknown => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));

/** What JSON would write for a leaf; objects and arrays are walked instead. */
function leaf(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

const members = (value: Record<string, unknown>) => Object.keys(value).filter((k) => leaf(value[k]) !== undefined);

/**
 * Equality as JSON sees it (a member holding undefined is no member), remembering the pairs of
 * objects found equal: replayed states share their unchanged parts from one action to the
 * next, and so do a trace's recorded states, so comparing after every action costs about the
 * size of what changed.
 */
export class JsonComparer {
  private readonly equalPairs = new WeakMap<object, WeakSet<object>>();

  equal(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (!isObject(a) || !isObject(b) || a instanceof Date || b instanceof Date) return leaf(a) === leaf(b);
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (this.equalPairs.get(a)?.has(b)) return true;
    let same: boolean;
    if (Array.isArray(a)) {
      const other = b as unknown as unknown[];
      same = a.length === other.length && a.every((item, i) => this.equal(item, other[i]));
    } else {
      const keys = members(a);
      same = keys.length === members(b).length && keys.every((k) => k in b && this.equal(a[k], b[k]));
    }
    if (same) {
      let set = this.equalPairs.get(a);
      if (!set) this.equalPairs.set(a, (set = new WeakSet()));
      set.add(b);
    }
    return same;
  }
}

export interface PathDifference {
  path: string;
  /** `undefined` when the path is absent on that side (see `absent`). */
  recorded: unknown;
  replayed: unknown;
  absent?: 'recorded' | 'replayed';
}

/** The leaf paths where two states differ (as JSON), in order, at most `limit` of them, and how many there are. */
export function differences(recorded: unknown, replayed: unknown, limit = 20, comparer = new JsonComparer()): { paths: PathDifference[]; total: number } {
  const paths: PathDifference[] = [];
  let total = 0;
  const add = (d: PathDifference) => {
    total += 1;
    if (paths.length < limit) paths.push(d);
  };
  const walk = (a: unknown, b: unknown, at: PathPart[]) => {
    if (comparer.equal(a, b)) return;
    const bothObjects = isObject(a) && isObject(b) && !(a instanceof Date) && !(b instanceof Date) && Array.isArray(a) === Array.isArray(b);
    if (!bothObjects) {
      add({ path: formatPath(at), recorded: a, replayed: b });
      return;
    }
    const keys = [...new Set([...members(a), ...members(b)])];
    for (const key of keys) {
      const part = Array.isArray(a) ? Number(key) : key;
      const inA = leaf(a[key]) !== undefined;
      const inB = leaf(b[key]) !== undefined;
      if (!inA || !inB) add({ path: formatPath([...at, part]), recorded: a[key], replayed: b[key], absent: inA ? 'replayed' : 'recorded' });
      else walk(a[key], b[key], [...at, part]);
    }
  };
  walk(recorded, replayed, []);
  return { paths, total };
}

/**
 * What one action changed, by reference (reducers copy what they change): `path` for a changed
 * value, `+path` for one that appeared, `-path` for one that went; an added or removed object is
 * one path, not its every member.
 */
export function changedPaths(before: unknown, after: unknown, at: PathPart[] = [], out: string[] = []): string[] {
  if (before === after) return out;
  const bothObjects = isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) {
    out.push(formatPath(at));
    return out;
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    const part = Array.isArray(before) ? Number(key) : key;
    const a = before[key];
    const b = after[key];
    if (a === b) continue;
    if (a === undefined) out.push(`+${formatPath([...at, part])}`);
    else if (b === undefined) out.push(`-${formatPath([...at, part])}`);
    else changedPaths(a, b, [...at, part], out);
  }
  return out;
}
