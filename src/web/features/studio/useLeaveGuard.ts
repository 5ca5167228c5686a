import { useEffect } from 'react';
import { useUnsavedWork } from '../../app/unsavedWork';

/**
 * Warns before unsaved work is left. The app's router is a declarative one (BrowserRouter, see
 * src/web/app/router.tsx), which has no navigation blocker, so: the browser's own prompt for
 * reloads, closing and other sites, and a confirm for the app's own links, caught before
 * react-router's handler (a Link does nothing when its click's default is prevented).
 */
export function useLeaveGuard(active: boolean, message: string) {
  // Nor does a new version of the app reload the page under it.
  useUnsavedWork(active);
  useEffect(() => {
    if (!active) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = message;
      return message;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      if (new URL(link.href, window.location.href).origin !== window.location.origin) return; // beforeunload covers it
      if (!window.confirm(message)) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, message]);
}
