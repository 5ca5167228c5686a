import type { Persistor } from 'redux-persist';
import { makeStore, startPersistence } from '../app/store';

/** Resolves once redux-persist has read back what localStorage held. */
export const bootstrapped = (persistor: Persistor) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      stop();
      resolve();
    };
    const stop = persistor.subscribe(check);
    check();
  });

/**
 * The store as the app runs it: persisted to (jsdom's) localStorage, its stored state already
 * back. Pause the persistor at the end of the test.
 */
export async function persistedStore() {
  const store = makeStore();
  const persistor = startPersistence(store);
  await bootstrapped(persistor);
  return { store, persistor };
}
