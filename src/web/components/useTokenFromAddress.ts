import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Where a token taken out of the address is kept: the history entry's own state. */
const KEPT = 'addressToken';

/**
 * The secret an e-mail's link carries in its address (`?token=`), taken out of the address bar
 * as soon as the page has it (SECURITY.md, "Secrets in addresses"): the entry is replaced
 * (history.replaceState) by the same address without it, so it is not what Back shows, what a
 * bookmark or a copied address keeps, nor what later requests name as their Referer.
 *
 * The token stays in that history entry's state, which the browser keeps with the entry but never
 * in its address: the page keeps working as it re-renders, after a reload and when the reader
 * comes Back to it; a new tab or a shared address has no token, as it should.
 */
export function useTokenFromAddress(name = 'token'): string {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const inAddress = new URLSearchParams(location.search).get(name);
  const kept = state && typeof state === 'object' ? (state as Record<string, unknown>)[KEPT] : undefined;

  useEffect(() => {
    if (inAddress === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(name);
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search && `?${search}`, hash: location.hash },
      { replace: true, state: { ...(state && typeof state === 'object' ? state : {}), [KEPT]: inAddress } },
    );
  }, [inAddress, name, navigate, location.pathname, location.search, location.hash, state]);

  return (inAddress ?? (typeof kept === 'string' ? kept : '')).trim();
}
