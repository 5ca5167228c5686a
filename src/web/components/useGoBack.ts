import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * "Back" as a reader means it: to the previous screen when they came from inside the app,
 * otherwise (a shared link opened in a new tab) to `fallback`, replacing the current entry so
 * the browser's own back button does not return to the screen just left. The router gives the
 * first entry of a session the key 'default'; every in-app navigation gets its own key.
 */
export function useGoBack(fallback = '/') {
  const navigate = useNavigate();
  const cameFromApp = useLocation().key !== 'default';
  return useCallback(() => {
    if (cameFromApp) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [cameFromApp, fallback, navigate]);
}
