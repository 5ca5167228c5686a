import type { AppStore } from '../app/store';

/**
 * The first download's whole part of the installable, offline app (issue 31): once the page has
 * loaded, the registration's chunk (src/web/pwa/pwa.ts) is fetched and run; the worker is a file
 * of its own (/sw.js). Only the production build registers it (the dev server and tests do not).
 */
export function startOfflineApp(store: AppStore): void {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () =>
    setTimeout(() => {
      import(/* webpackChunkName: "pwa" */ './pwa').then((m) => m.startPwa(store)).catch(() => undefined);
    }, 0);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
