import { useSyncExternalStore } from 'react';

const never = () => () => undefined;
const browserOrigin = () => window.location.origin;
const noOrigin = () => null;

/**
 * The page's origin (`https://portal.example`), for an absolute address printed on paper; null
 * while the server draws the page, which knows no window, and while the browser takes that
 * drawing over (React then draws again with the origin, without a mismatch).
 */
export function usePageOrigin(): string | null {
  return useSyncExternalStore(never, browserOrigin, noOrigin);
}
