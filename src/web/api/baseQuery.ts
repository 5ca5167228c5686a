import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { sessionEnded, signedOut, tokensRefreshed } from '../features/auth/sessionActions';
import type { SessionState } from '../features/auth/sessionSlice';
import type { PreferencesState } from '../features/settings/preferencesSlice';
import { normalizeError, type NormalizedError } from './normalizeError';

/** Spec §7 common rules. */
export const DEFAULT_API_BASE_URL = '/api/v1';
export const REQUEST_TIMEOUT_MS = 15_000;
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';
export const REFRESH_PATH = '/auth/token/refresh/';

/**
 * Set at build time (webpack's DefinePlugin replaces `process.env.API_BASE_URL` with a literal).
 * Without the definition `process` does not exist in a browser, hence the try.
 */
function resolveApiBaseUrl(): string {
  try {
    return process.env.API_BASE_URL || DEFAULT_API_BASE_URL;
  } catch {
    return DEFAULT_API_BASE_URL;
  }
}
export const API_BASE_URL = resolveApiBaseUrl();

/**
 * Calls a stale bearer must not spoil: the server checks any bearer it is sent, so a login or a
 * refresh carrying an expired access token would be refused. A 401 from these is an answer
 * (bad credentials, bad refresh token), not a reason to renew.
 */
const PUBLIC_AUTH_PATHS = ['/auth/login/', '/auth/register/', REFRESH_PATH, '/auth/token/verify/', '/auth/password-reset/'];
export const isPublicAuthPath = (url: string) => PUBLIC_AUTH_PATHS.some((p) => url.startsWith(p));

/** Spec §7 session renewal: only these paths show the session message and go to /login. */
export const isSessionNoticePath = (url: string) =>
  url.startsWith('/auth/me') || url.startsWith('/auth/logout') || url.includes('bookmark') || url.includes('password');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined' || !document.cookie) return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > -1 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** The slices the client reads; typed locally so this file does not depend on the store. */
interface ClientState {
  session?: Pick<SessionState, 'access' | 'refresh'>;
  preferences?: Pick<PreferencesState, 'language'>;
}
const clientState = (api: Pick<BaseQueryApi, 'getState'>) => api.getState() as ClientState;

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);
const methodOf = (args: string | FetchArgs) => (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();

const fetchOptions: Parameters<typeof fetchBaseQuery>[0] = {
  baseUrl: API_BASE_URL,
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  // Looked up on each call (tests replace it; jsdom and node scripts load this file without one).
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders: (headers, { getState, arg }) => {
    const state = getState() as ClientState;
    const url = urlOf(arg);
    const access = state.session?.access;
    if (access && !isPublicAuthPath(url) && !headers.has('authorization')) headers.set('Authorization', `Bearer ${access}`);
    headers.set('Accept-Language', state.preferences?.language ?? 'ar');
    if (!SAFE_METHODS.has(methodOf(arg))) {
      const csrf = readCookie(CSRF_COOKIE_NAME);
      if (csrf) headers.set(CSRF_HEADER_NAME, csrf);
    }
    // JSON by default is fetchBaseQuery's: plain-object bodies get application/json; a FormData
    // body (the profile update) keeps no content-type so the browser writes the multipart boundary.
    return headers;
  },
};
const rawBaseQuery = fetchBaseQuery(fetchOptions);

/**
 * What the server's renderer (src/web/ssr.tsx) gives its store as the thunk extra argument: the
 * API reached in-process, so the page it draws holds the same answers the browser would get.
 */
export interface ServerFetch {
  apiBaseUrl: string;
  fetch: typeof fetch;
}
const serverQueries = new WeakMap<ServerFetch, typeof rawBaseQuery>();

function rawFor(api: Pick<BaseQueryApi, 'extra'>): typeof rawBaseQuery {
  const server = api.extra as Partial<ServerFetch> | undefined;
  if (!server?.fetch || !server.apiBaseUrl) return rawBaseQuery;
  let query = serverQueries.get(server as ServerFetch);
  if (!query) {
    const { fetch: serverFetch, apiBaseUrl } = server;
    query = fetchBaseQuery({ ...fetchOptions, baseUrl: apiBaseUrl, fetchFn: (input, init) => serverFetch(input, init) });
    serverQueries.set(server as ServerFetch, query);
  }
  return query;
}

/**
 * The one refresh in flight. Every request that meets a 401 while it runs awaits the same
 * promise, so concurrent failures cost a single POST /auth/token/refresh/.
 */
let refreshInFlight: Promise<boolean> | null = null;

function refreshOnce(api: BaseQueryApi, refresh: string): Promise<boolean> {
  if (!refreshInFlight) {
    // Not tied to the first caller's signal: its component unmounting must not fail the others.
    const detached: BaseQueryApi = { ...api, signal: new AbortController().signal };
    refreshInFlight = (async () => {
      const result = await rawBaseQuery({ url: REFRESH_PATH, method: 'POST', body: { refresh } }, detached, {});
      const data = result.data as { access?: unknown; refresh?: unknown } | undefined;
      if (result.error || !data || typeof data.access !== 'string') return false;
      api.dispatch(tokensRefreshed({ access: data.access, refresh: typeof data.refresh === 'string' ? data.refresh : refresh }));
      return true;
    })()
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

function endSession(api: BaseQueryApi, url: string, reason: 'sessionExpired' | 'authFailed') {
  api.dispatch(isSessionNoticePath(url) ? sessionEnded({ reason }) : signedOut());
}

type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;

async function renewAndRetry(
  args: string | FetchArgs,
  api: BaseQueryApi,
  extraOptions: object,
  accessUsed: string | null,
  first: RawResult,
): Promise<RawResult> {
  const url = urlOf(args);
  const { access, refresh } = clientState(api).session ?? { access: null, refresh: null };

  // Another request renewed the tokens while this one was on the wire: just try again.
  if (access && access !== accessUsed) return rawFor(api)(args, api, extraOptions);

  if (!refresh) {
    // A visitor with no session gets the 401 as it is; a session without a refresh token ends.
    if (accessUsed || access) endSession(api, url, 'sessionExpired');
    return first;
  }

  const renewed = await refreshOnce(api, refresh);
  if (!renewed) {
    endSession(api, url, 'authFailed');
    return first;
  }
  return rawFor(api)(args, api, extraOptions);
}

/**
 * fetchBaseQuery plus the §7 rules: bearer, Accept-Language, CSRF, 15 s timeout, one shared
 * refresh on 401, and §8 error normalisation (every error is a NormalizedError).
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, NormalizedError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const accessUsed = clientState(api).session?.access ?? null;
  let result = await rawFor(api)(args, api, extraOptions);
  if (result.error?.status === 401 && !isPublicAuthPath(urlOf(args))) {
    result = await renewAndRetry(args, api, extraOptions, accessUsed, result);
  }
  if (result.error) return { error: normalizeError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};
