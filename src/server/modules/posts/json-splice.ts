/**
 * JSON answers put together from JSON texts instead of objects — only where it pays: a list's posts
 * are kept as JSON (post-docs.ts, the post_docs table), and parsing ten of them to serialize them
 * again would cost more than the rest of the request. Measured on a page of the demo's ten newest kept
 * posts (68 kB): 0.08 ms spliced, 1.1 ms parsed and serialized again (Node 20). Everywhere else
 * answers are plain objects, serialized by Fastify.
 *
 * An "open" object is an object's JSON without its closing brace, so that fields can follow it.
 */

/** An object's JSON, open for more fields. */
export function openObject(value: object): string {
  return JSON.stringify(value).slice(0, -1);
}

/** Open object JSON with more fields after it (each value serialized), closed. */
export function closeWith(open: string, fields: Record<string, unknown> = {}): string {
  let out = open;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) out += `,${JSON.stringify(name)}:${JSON.stringify(value)}`;
  }
  return `${out}}`;
}

/** Open object JSON, closed as it is. */
export function closed(open: string): string {
  return `${open}}`;
}

/** An envelope (a page's count, next, previous…) with `results`: the given JSON texts, in order. */
export function withResults(envelope: object, results: string[]): string {
  return `${openObject(envelope)},"results":[${results.join(',')}]}`;
}
