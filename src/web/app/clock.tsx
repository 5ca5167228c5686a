import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The moment and the time zone dates are drawn in. A page the server drew has them fixed (when
 * it was drawn, in the portal's zone), and the app takes it over with the same ones, so the
 * taking over finds the same text; just after, the clock becomes the reader's (now, their own
 * zone) and only the dates whose text differs are drawn again. Elsewhere it is the reader's from
 * the start.
 */
export interface PageClock {
  /** Fixed moment (ms since the epoch); none: the time of each render. */
  now?: number;
  /** Fixed zone; none: the reader's own. */
  timeZone?: string;
}

const ClockContext = createContext<PageClock>({});

export function ClockProvider({ drawnAt, children }: { drawnAt?: PageClock; children: ReactNode }) {
  const [clock, setClock] = useState<PageClock>(drawnAt ?? {});
  useEffect(() => {
    if (typeof window !== 'undefined') setClock({});
  }, []);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): PageClock {
  return useContext(ClockContext);
}

/** The clock's moment as a Date (now, unless fixed). */
export const clockNow = (clock: PageClock): Date => new Date(clock.now ?? Date.now());
