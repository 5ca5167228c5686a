/**
 * Spec §5 response checks: an answer that arrived (HTTP 200) but is not the shape the screen
 * needs is reported as an error, in the screen's error state, rather than shown as empty.
 * The generated endpoints trust the contract; these checks are applied to what RTK Query
 * holds, so a cache entry keeps the server's answer as it came.
 */

/** Translation keys (core `errors.*`) of the §5 format errors. */
export type ResponseFormatError = 'errors.invalidResponse' | 'errors.missingResults' | 'errors.hashtagMissing';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Hashtag and organization lists: an object with a `results` array. */
export function checkPagedList(data: unknown): ResponseFormatError | undefined {
  if (!isRecord(data)) return 'errors.invalidResponse';
  if (!Array.isArray(data.results)) return 'errors.missingResults';
  return undefined;
}

/** The hashtag detail must carry the hashtag (its name and slug). */
export function checkHashtag(data: unknown): ResponseFormatError | undefined {
  return isRecord(data) && typeof data.name === 'string' && data.name !== '' && typeof data.slug === 'string'
    ? undefined
    : 'errors.hashtagMissing';
}

/** The same list query, whatever page number the pager added. */
export function sameQuery(cached: object, arg: object): boolean {
  const a = cached as Record<string, unknown>;
  const b = arg as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('page');
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * The first format error among the loaded pages of `arg`'s list, given every cached argument
 * of the endpoint and a way to read a cache entry (`endpoint.select(cached)(state)`).
 */
export function pagedListError<Arg extends object>(
  cachedArgs: readonly Arg[],
  arg: Arg,
  entryOf: (cached: Arg) => { isSuccess: boolean; data?: unknown },
): ResponseFormatError | undefined {
  for (const cached of cachedArgs) {
    if (!sameQuery(cached, arg)) continue;
    const entry = entryOf(cached);
    const error = entry.isSuccess ? checkPagedList(entry.data) : undefined;
    if (error) return error;
  }
  return undefined;
}
