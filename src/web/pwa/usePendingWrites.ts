import { useEffect, useState } from 'react';

/** The writes made offline that wait to be sent (the bookmarks' outbox), for the banner. */
export function usePendingWrites(active: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    let live = true;
    let stop: (() => void) | undefined;
    void import(/* webpackChunkName: "outbox" */ './outbox').then((outbox) => {
      if (!live) return;
      stop = outbox.subscribePendingCount((n: number) => {
        if (live) setCount(n);
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [active]);
  return active ? count : 0;
}
