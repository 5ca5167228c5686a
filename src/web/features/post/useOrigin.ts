import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * The page's origin ('https://…'), '' while the server draws the page (one page for every
 * reader, at no one origin): the browser fills it in after hydration without a mismatch.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}
