import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseExploreParams, serializeExploreFilters, withFilters, type ExploreFilters } from './exploreQuery';

/** Filters to set (a key given as undefined is removed), or a function of the current ones. */
export type FilterChange = Partial<ExploreFilters> | ((current: ExploreFilters) => Partial<ExploreFilters>);

/**
 * The explore filters, read from and written to the address. Each change the reader makes is a
 * new history entry, so Back undoes the last filter change (and leaves /explore once they are
 * all undone); an address holding something unreadable or a default is rewritten in place to
 * its canonical form, which adds no entry.
 */
export function useExploreFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => parseExploreParams(new URLSearchParams(query)), [query]);
  const canonical = useMemo(() => serializeExploreFilters(filters).toString(), [filters]);

  // The router renders a new address as a transition, which a busy screen (20 fresh cards)
  // may not have committed when the next press comes: changes build on the address last asked
  // for, not on the one still shown, so a quick second press does not undo the first.
  const latest = useRef(canonical);
  useLayoutEffect(() => {
    latest.current = canonical;
  }, [canonical]);

  useEffect(() => {
    if (canonical !== query) setParams(canonical, { replace: true });
  }, [canonical, query, setParams]);

  const apply = useCallback(
    (next: ExploreFilters) => {
      const address = serializeExploreFilters(next).toString();
      // Pressing what is already set (e.g. 'latest' while newest first) adds no history entry.
      if (address === latest.current) return;
      latest.current = address;
      setParams(address);
    },
    [setParams],
  );

  const update = useCallback(
    (change: FilterChange) => {
      const current = parseExploreParams(new URLSearchParams(latest.current));
      apply(withFilters(current, typeof change === 'function' ? change(current) : change));
    },
    [apply],
  );
  const clearAll = useCallback(() => apply({}), [apply]);

  return { filters, update, clearAll };
}
