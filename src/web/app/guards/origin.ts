import type { Location } from 'react-router-dom';

/** The location state a guard leaves for /login: where the reader was going. */
export interface OriginState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'> | string;
}

/** The remembered origin as a path (pathname + search + hash), or '/' when there is none. */
export function rememberedOrigin(state: unknown): string {
  const from = (state as OriginState | null | undefined)?.from;
  if (typeof from === 'string') return from.startsWith('/') ? from : '/';
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/')) {
    const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
    // Never bounce back into the guest-only pages themselves.
    return /^\/(login|signup)(\/|$)/.test(from.pathname) ? '/' : path;
  }
  return '/';
}
