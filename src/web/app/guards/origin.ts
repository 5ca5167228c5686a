import type { Location } from 'react-router-dom';

/** The location state a guard leaves for /login: where the reader was going. */
export interface OriginState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'> | string;
}

/** Why a visitor was sent to /login (a message there says it, spec §4). */
export type SignInReason = 'bookmark' | 'follow';
const REASONS: SignInReason[] = ['bookmark', 'follow'];

/** A path of this site (not `//host`, which a browser reads as another site). */
const isLocalPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/**
 * /login as a link, for a control that must work before the app's scripts arrive: it carries
 * where to come back to (`next`) and why (`reason`), as the router's state does for the app.
 */
export function signInHref(from: Pick<Location, 'pathname' | 'search' | 'hash'>, reason: SignInReason): string {
  return `/login?${new URLSearchParams({ next: `${from.pathname}${from.search}${from.hash}`, reason })}`;
}

/** The reason a /login address gives, if any. */
export function signInReason(search: string): SignInReason | null {
  const reason = new URLSearchParams(search).get('reason');
  return REASONS.find((r) => r === reason) ?? null;
}

/**
 * The remembered origin as a path (pathname + search + hash), or '/' when there is none: from the
 * router's state, else from the address's `next` (a link to /login, signInHref).
 */
export function rememberedOrigin(state: unknown, search = ''): string {
  const from = (state as OriginState | null | undefined)?.from ?? new URLSearchParams(search).get('next') ?? undefined;
  if (typeof from === 'string') return isLocalPath(from) && !/^\/(login|signup)(\/|\?|#|$)/.test(from) ? from : '/';
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/')) {
    const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
    // Never bounce back into the guest-only pages themselves.
    return /^\/(login|signup)(\/|$)/.test(from.pathname) ? '/' : path;
  }
  return '/';
}
