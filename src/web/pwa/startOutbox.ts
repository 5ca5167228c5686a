import { setOfflineOutbox } from '../api/bookmarks';
import type { AppStore } from '../app/store';
import { selectIsSignedIn } from '../state/sessionSlice';

/*
 * The outbox's start (issue 31 point 4), in the first download and kept tiny: the outbox itself
 * (./outbox.ts, with idb) is a chunk loaded when a bookmark write finds no network, when the
 * network comes back, and once the app is idle for a signed-in reader, to send what waits (and
 * to be here already should the network go).
 */
const loadOutbox = () => import(/* webpackChunkName: "outbox" */ './outbox');

type Store = Pick<AppStore, 'dispatch' | 'getState' | 'subscribe'>;

/** Hands api/bookmarks.ts the outbox, and sends what waits when the network is back and once idle. */
export function startOutbox(store: Store): void {
  setOfflineOutbox(loadOutbox);
  let scheduled = false;
  const flushSoon = () => {
    if (scheduled || !selectIsSignedIn(store.getState())) return;
    scheduled = true;
    const run = () => {
      scheduled = false;
      void loadOutbox().then((outbox) => outbox.flushOutbox(store), () => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
    else window.setTimeout(run, 200);
  };
  window.addEventListener('online', flushSoon);
  flushSoon();
  // A reader who signs in later.
  let signedIn = selectIsSignedIn(store.getState());
  store.subscribe(() => {
    const now = selectIsSignedIn(store.getState());
    if (now && !signedIn) flushSoon();
    signedIn = now;
  });
}
