import { makeStore, startPersistence } from './store';
import { LANGUAGE_STORAGE_KEY, PREFERENCES_STORAGE_KEY, SESSION_STORAGE_KEY, readPersistedDebug } from './persistence';
import { languageChanged, themeChanged, debugChanged } from '../state/preferencesSlice';
import { sessionEnded, signedIn, signedOut, tokensRefreshed } from '../state/sessionSlice';
import { postsApi } from '../api/posts';
import { user, page, post } from '../test/fixtures';
import { bootstrapped, persistedStore } from '../test/persistedStore';
import { traceTaps } from './traceTap';

const stored = (key: string) => {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([k, v]) => [k, JSON.parse(v)]));
};

beforeEach(() => localStorage.clear());

describe('persistence', () => {
  it('writes the session tokens and the preferences under fixed keys, never the api cache', async () => {
    const store = makeStore();
    const persistor = startPersistence(store);
    await bootstrapped(persistor);
    store.dispatch(signedIn({ access: 'acc', refresh: 'ref', user: user() }));
    store.dispatch(themeChanged('dark'));
    store.dispatch(languageChanged('en'));
    // A cached query, which must not reach storage.
    void store.dispatch(postsApi.util.upsertQueryData('listPosts', {}, page([post(1)])));
    await persistor.flush();

    expect(Object.keys(localStorage).sort()).toEqual([LANGUAGE_STORAGE_KEY, PREFERENCES_STORAGE_KEY, SESSION_STORAGE_KEY].sort());
    expect(stored(SESSION_STORAGE_KEY)).toEqual({ access: 'acc', refresh: 'ref', _persist: { version: 1, rehydrated: true } });
    expect(stored(PREFERENCES_STORAGE_KEY)).toMatchObject({ theme: 'dark', language: 'en', postDisplayMode: 'comfortable', debug: false });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(JSON.stringify({ ...localStorage })).not.toContain('Post 1');
    persistor.pause();
  });

  // Issue 18: redux-persist writes on a later tick, and a reload in between lost a new session
  // (or brought back a signed-out or rotated one).
  it('writes new or cleared tokens before the dispatch returns', async () => {
    const { store, persistor } = await persistedStore();
    store.dispatch(signedIn({ access: 'acc', refresh: 'ref', user: user() }));
    expect(stored(SESSION_STORAGE_KEY)).toMatchObject({ access: 'acc', refresh: 'ref' });
    store.dispatch(tokensRefreshed({ access: 'acc2', refresh: 'ref2' }));
    expect(stored(SESSION_STORAGE_KEY)).toMatchObject({ access: 'acc2', refresh: 'ref2' });
    store.dispatch(signedOut());
    expect(stored(SESSION_STORAGE_KEY)).toMatchObject({ access: null, refresh: null });
    persistor.pause();
  });

  it('restores tokens and preferences on the next load, and reads the language key before that', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access: '"acc"', refresh: '"ref"', _persist: '{"version":1,"rehydrated":true}' }));
    localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ theme: '"light"', language: '"en"', debug: 'true', _persist: '{"version":1,"rehydrated":true}' }));
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');

    const store = makeStore();
    expect(store.getState().preferences.language).toBe('en'); // first paint, before rehydration
    expect(readPersistedDebug()).toBe(true);
    const persistor = startPersistence(store);
    await bootstrapped(persistor);
    expect(store.getState().session).toMatchObject({ access: 'acc', refresh: 'ref', user: null });
    expect(store.getState().preferences).toMatchObject({ theme: 'light', language: 'en', debug: true, autoRefreshPosts: true });
    persistor.pause();
  });

  it('keeps the language key in step on every change', async () => {
    const store = makeStore();
    const persistor = startPersistence(store);
    store.dispatch(languageChanged('en'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    store.dispatch(languageChanged('ar'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    await bootstrapped(persistor);
    persistor.pause();
  });

  it('a preloaded state wins over storage, and slices may be partial', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const store = makeStore({ preferences: { language: 'ar' }, session: { access: 'a', refresh: 'r' } });
    expect(store.getState().preferences.language).toBe('ar');
    expect(store.getState().session).toEqual({ access: 'a', refresh: 'r', user: null, notice: null });
  });
});

describe('a change of reader', () => {
  /** The tags each action invalidates, in the order the reducers saw them. */
  function invalidations(store: ReturnType<typeof makeStore>) {
    const seen: unknown[] = [];
    traceTaps.get(store)!.listener = (action) => {
      if (action.type === 'api/invalidateTags') seen.push((action as { payload?: unknown }).payload);
    };
    return seen;
  }

  it("marks every post (is_bookmarked) and the bookmarks stale after signing in, once the reducers have the new session", () => {
    const store = makeStore(undefined, { readStorage: false });
    const seen = invalidations(store);
    const access: (string | null)[] = [];
    traceTaps.get(store)!.listener = (action, _before, after) => {
      if (action.type === 'api/invalidateTags') {
        seen.push((action as { payload?: unknown }).payload);
        access.push((after as { session: { access: string | null } }).session.access);
      }
    };
    store.dispatch(signedIn({ access: 'acc', refresh: 'ref', user: user() }));
    expect(seen).toEqual([['Post'], ['Bookmark']]);
    expect(access).toEqual(['acc', 'acc']);
  });

  it('marks every post stale after signing out or the session ending, and nothing on a token refresh', () => {
    const store = makeStore({ session: { access: 'a', refresh: 'r' } }, { readStorage: false });
    const seen = invalidations(store);
    store.dispatch(tokensRefreshed({ access: 'a2', refresh: 'r2' }));
    expect(seen).toEqual([]);
    store.dispatch(signedOut());
    store.dispatch(sessionEnded({ reason: 'sessionExpired' }));
    expect(seen).toEqual([['Post'], ['Post']]);
  });

  it('leaves a store without side effects (trace replay) alone', () => {
    const store = makeStore(undefined, { readStorage: false, sideEffects: false });
    const seen = invalidations(store);
    store.dispatch(signedIn({ access: 'acc', refresh: 'ref', user: user() }));
    expect(seen).toEqual([]);
  });
});

describe('Redux DevTools', () => {
  type DevToolsWindow = Window & { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: (options: object) => unknown };
  const win = window as DevToolsWindow;
  const env = process.env.NODE_ENV;
  afterEach(() => {
    delete win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
    process.env.NODE_ENV = env;
  });

  /** RTK reads the extension when it loads, so load a fresh copy with a fake extension. */
  function withFakeExtension() {
    const options: Record<string, (x: unknown) => unknown>[] = [];
    win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (o) => {
      options.push(o as Record<string, (x: unknown) => unknown>);
      return jest.requireActual('redux').compose;
    };
    let fresh!: typeof import('./store');
    jest.isolateModules(() => {
      fresh = jest.requireActual('./store');
    });
    return { makeFreshStore: fresh.makeStore, options, ready: () => fresh.sanitizersReady };
  }

  it('is on outside production, with the redacting sanitisers (nothing but an action\'s type until they are loaded)', async () => {
    const { makeFreshStore, options, ready } = withFakeExtension();
    makeFreshStore(undefined, { readStorage: false });
    expect(options).toHaveLength(1);
    expect(options[0].actionSanitizer({ type: 'session/tokensRefreshed', payload: { access: 'a', refresh: 'r' } })).toEqual({ type: 'session/tokensRefreshed' });
    expect(options[0].stateSanitizer({ session: { access: 'x' } })).toEqual({});
    await ready();
    expect(options[0].stateSanitizer({ session: { access: 'x', refresh: null } })).toEqual({ session: { access: '[redacted]', refresh: null } });
    expect(options[0].actionSanitizer({ type: 'session/tokensRefreshed', payload: { access: 'a', refresh: 'r' } })).toEqual({
      type: 'session/tokensRefreshed',
      payload: { access: '[redacted]', refresh: '[redacted]' },
    });
  });

  it('is off in production unless the persisted debug preference is on (read at start-up)', async () => {
    const store = makeStore();
    const persistor = startPersistence(store);
    await bootstrapped(persistor);
    store.dispatch(debugChanged(true)); // takes effect on the next load
    await persistor.flush();
    persistor.pause();
    expect(readPersistedDebug()).toBe(true);

    process.env.NODE_ENV = 'production';
    const { makeFreshStore, options } = withFakeExtension();
    makeFreshStore(undefined, { readStorage: false }); // as if debug were off
    expect(options).toHaveLength(0);
    makeFreshStore(); // reads the stored debug flag
    expect(options).toHaveLength(1);
  });
});
