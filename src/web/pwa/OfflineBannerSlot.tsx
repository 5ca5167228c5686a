import { lazy, Suspense, useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

const OfflineBanner = lazy(() => import(/* webpackChunkName: "offline" */ '../components/offline/OfflineBanner'));

/**
 * Where the offline banner shows (above each screen): its code loads only when the device is
 * offline. A drawn page is drawn online, so the first render (the take-over's) shows none.
 */
export function OfflineBannerSlot() {
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  return offline ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}
