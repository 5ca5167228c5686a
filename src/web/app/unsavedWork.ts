import { useEffect } from 'react';

/**
 * Forms holding what the reader typed and has not saved (the workspace's editor, a bookmark's
 * note being edited): a new version of the app is never loaded over them (src/web/pwa/pwa.ts).
 */
const holders = new Set<object>();

export const hasUnsavedWork = (): boolean => holders.size > 0;

/** Marks the calling component's form as unsaved while `active`. */
export function useUnsavedWork(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const holder = {};
    holders.add(holder);
    return () => {
      holders.delete(holder);
    };
  }, [active]);
}
