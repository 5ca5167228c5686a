import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { normalizeError, type NormalizedError } from './normalizeError';
import { clientState, isPublicAuthPath, rawFor, urlOf } from './rawQuery';

/**
 * fetchBaseQuery plus the §7 rules: bearer, Accept-Language, CSRF, 15 s timeout, one shared
 * refresh on 401 (tokenRefresh.ts), and §8 error normalisation (every error is a NormalizedError).
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, NormalizedError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const accessUsed = clientState(api).session?.access ?? null;
  let result = await rawFor(api)(args, api, extraOptions);
  if (result.error?.status === 401 && !isPublicAuthPath(urlOf(args))) {
    // Renewal (one refresh shared by this tab's requests and taken in turns with other tabs)
    // is loaded the first time it is needed.
    const renewal = await import(/* webpackChunkName: "token-refresh" */ './tokenRefresh').catch(() => null);
    if (renewal) result = await renewal.renewAndRetry(args, api, extraOptions, accessUsed, result);
  }
  if (result.error) return { error: normalizeError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};
