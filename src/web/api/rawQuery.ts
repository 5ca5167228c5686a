import { fetchBaseQuery, type BaseQueryApi, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { PreferencesState } from '../state/preferencesSlice';

/*
 * The plain call under baseQuery.ts: address, bearer, Accept-Language, CSRF and timeout, and what
 * session renewal (tokenRefresh.ts, loaded on the first 401) needs of it. Apart from baseQuery.ts
 * so that renewal imports this and baseQuery.ts imports renewal, with no circle between them.
 */

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
  // The session slice's tokens, stated here: its module imports the auth endpoints, which are
  // built on this call (a circle, if only of types).
  session?: { access: string | null; refresh: string | null };
  preferences?: Pick<PreferencesState, 'language'>;
}
export const clientState = (api: Pick<BaseQueryApi, 'getState'>) => api.getState() as ClientState;

export const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);
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
export const rawBaseQuery = fetchBaseQuery(fetchOptions);

/**
 * What the server's renderer (src/web/ssr.tsx) gives its store as the thunk extra argument: the
 * API reached in-process, so the page it draws holds the same answers the browser would get.
 */
export interface ServerFetch {
  apiBaseUrl: string;
  fetch: typeof fetch;
}
const serverQueries = new WeakMap<ServerFetch, typeof rawBaseQuery>();

export function rawFor(api: Pick<BaseQueryApi, 'extra'>): typeof rawBaseQuery {
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

export type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;
