import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query/react';
import { SESSION_STORAGE_KEY } from '../app/persistence';
import { sessionEnded, signedOut, tokensRefreshed } from '../state/tokenActions';
import { REFRESH_PATH, clientState, isSessionNoticePath, rawBaseQuery, rawFor, urlOf, type RawResult } from './rawQuery';

/**
 * Session renewal after a 401, loaded the first time one happens (baseQuery.ts imports it on
 * demand, so it costs the first screen nothing).
 *
 * Tabs share the tokens (redux-persist keeps them in localStorage) but each has its own store,
 * and a refresh token can be exchanged only once. So renewals take turns across tabs under a Web
 * Lock, and a tab that gets the lock first looks at what is stored: when another tab has already
 * exchanged the token this tab holds, it takes that tab's new pair instead of exchanging again.
 * (The server also answers a second exchange of the same token within a short window with the
 * same pair, for a browser without Web Locks.)
 */
export const REFRESH_LOCK = 'qarar-token-refresh';

interface Tokens {
  access: string;
  refresh: string;
}

/** The tokens in localStorage, as redux-persist writes them: each field JSON inside JSON. */
export function readStoredTokens(): Tokens | null {
  try {
    const outer = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<string, string> | null;
    const access: unknown = outer && JSON.parse(outer.access);
    const refresh: unknown = outer && JSON.parse(outer.refresh);
    return typeof access === 'string' && typeof refresh === 'string' ? { access, refresh } : null;
  } catch {
    return null;
  }
}

/**
 * Writes a new pair at once, before the lock is let go (redux-persist writes a moment later),
 * so the next tab to take the lock finds it. Only over a pair redux-persist has stored.
 */
function storeTokens(tokens: Tokens): void {
  try {
    const outer = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<string, string> | null;
    if (!outer) return;
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...outer, access: JSON.stringify(tokens.access), refresh: JSON.stringify(tokens.refresh) }));
  } catch {
    // Storage refused: the store has the pair, redux-persist will try again.
  }
}

/** Runs fn while no other tab runs it; alone where the Web Locks API is missing (jsdom, old browsers). */
function oneTabAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  // request() answers what fn's promise settles to (its typing nests the promise).
  return locks?.request ? (locks.request(REFRESH_LOCK, fn) as unknown as Promise<T>) : fn();
}

/**
 * Renews the pair of which `held` is the refresh token: takes another tab's newer stored pair,
 * or exchanges the token (the stored one when it differs) and stores the answer.
 */
export function renewTokens(dispatch: BaseQueryApi['dispatch'], held: string, exchange: (refresh: string) => Promise<Tokens | null>): Promise<boolean> {
  return oneTabAtATime(async () => {
    const stored = readStoredTokens();
    if (stored && stored.refresh !== held && !expired(stored.access)) {
      dispatch(tokensRefreshed(stored));
      return true;
    }
    const pair = await exchange(stored?.refresh ?? held);
    if (!pair) return false;
    dispatch(tokensRefreshed(pair));
    storeTokens(pair);
    return true;
  });
}

/** Whether an access token's exp has passed by this clock (unreadable counts as not). */
function expired(access: string): boolean {
  try {
    const { exp } = JSON.parse(atob(access.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}

/**
 * The one renewal in flight in this tab. Every request that meets a 401 while it runs awaits
 * the same promise, so concurrent failures cost a single POST /auth/token/refresh/.
 */
let renewal: Promise<boolean> | null = null;

function renewOnce(api: BaseQueryApi, held: string): Promise<boolean> {
  if (!renewal) {
    // Not tied to the first caller's signal: its component unmounting must not fail the others.
    const detached: BaseQueryApi = { ...api, signal: new AbortController().signal };
    const exchange = async (refresh: string): Promise<Tokens | null> => {
      const result = await rawBaseQuery({ url: REFRESH_PATH, method: 'POST', body: { refresh } }, detached, {});
      const data = result.data as { access?: unknown; refresh?: unknown } | undefined;
      if (result.error || !data || typeof data.access !== 'string') return null;
      return { access: data.access, refresh: typeof data.refresh === 'string' ? data.refresh : refresh };
    };
    renewal = renewTokens(api.dispatch, held, exchange)
      .catch(() => false)
      .finally(() => {
        renewal = null;
      });
  }
  return renewal;
}

function endSession(api: BaseQueryApi, url: string, reason: 'sessionExpired' | 'authFailed') {
  api.dispatch(isSessionNoticePath(url) ? sessionEnded({ reason }) : signedOut());
}

/**
 * After a 401 on a call that carried (or could carry) the session: renew and try once more. A
 * second 401 (another tab's stored access token turned out stale) renews once again.
 */
export async function renewAndRetry(
  args: string | FetchArgs,
  api: BaseQueryApi,
  extraOptions: object,
  accessUsed: string | null,
  first: RawResult,
): Promise<RawResult> {
  const url = urlOf(args);
  let result = first;
  for (let round = 0; round < 2; round++) {
    const { access, refresh } = clientState(api).session ?? { access: null, refresh: null };
    // Unless another request renewed the tokens while this one was on the wire (then just try again).
    if (!access || access === accessUsed) {
      if (!refresh) {
        // A visitor with no session gets the 401 as it is; a session without a refresh token ends.
        if (accessUsed || access) endSession(api, url, 'sessionExpired');
        return result;
      }
      if (!(await renewOnce(api, refresh))) {
        endSession(api, url, 'authFailed');
        return result;
      }
    }
    accessUsed = clientState(api).session?.access ?? null;
    result = await rawFor(api)(args, api, extraOptions);
    if (result.error?.status !== 401) break;
  }
  return result;
}
