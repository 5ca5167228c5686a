import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

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
  /**
   * The origin a drawn page was drawn for ('https://portal.example'), for the absolute addresses
   * it shows (a citation, a printout's QR code): the take-over finds the same text; none: the
   * browser's own (usePageOrigin).
   */
  origin?: string;
}

const ClockContext = createContext<PageClock>({});

/** In the portal's own zone, how long the drawn moment stands before the dates follow the reader's clock. */
export const LIVE_AFTER_MS = 20_000;

export function ClockProvider({ drawnAt, children }: { drawnAt?: PageClock; children: ReactNode }) {
  const [clock, setClock] = useState<PageClock>(drawnAt ?? {});
  useEffect(() => {
    if (!drawnAt) return;
    const live = () => startTransition(() => setClock({}));
    // Another zone than the page was drawn in: its dates read otherwise, so at once (in a
    // transition, drawn in slices). The portal's own zone: only a relative time may have moved
    // on, so the dates are brought up to date once the page is idle, not while it loads.
    if (drawnAt.timeZone && drawnAt.timeZone !== Intl.DateTimeFormat().resolvedOptions().timeZone) {
      live();
      return;
    }
    const timer = setTimeout(live, LIVE_AFTER_MS);
    return () => clearTimeout(timer);
    // Once, after the take-over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): PageClock {
  return useContext(ClockContext);
}

/** The clock's moment as a Date (now, unless fixed). */
export const clockNow = (clock: PageClock): Date => new Date(clock.now ?? Date.now());

/**
 * The page's origin for an absolute address it shows: the one it was drawn for while the app
 * takes a drawn page over (so the text is the same), the browser's after; null while the server
 * draws a page without one.
 */
export function usePageOrigin(): string | null {
  const { origin } = useClock();
  return origin ?? (typeof window === 'undefined' ? null : window.location.origin);
}
