import { combineReducers, configureStore, isAnyOf, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { setupListeners, type CombinedState } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Persistor } from 'redux-persist';
import autoMergeLevel1 from 'redux-persist/lib/stateReconciler/autoMergeLevel1';
import { baseApi } from '../api/baseApi';
import type { ServerFetch } from '../api/rawQuery';
import { authApi } from '../api/auth';
import { postsApi } from '../api/posts';
import '../api/hashtags';
import '../api/organizations';
import { bookmarksApi } from '../api/bookmarks';
import { errorToastMiddleware } from '../api/errorToasts';
import sessionReducer, { initialSessionState, sessionEnded, signedIn, signedOut, type SessionState } from '../state/sessionSlice';
import preferencesReducer, { initialPreferencesState, type PreferencesState } from '../state/preferencesSlice';
import {
  PREFERENCES_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  readPersistedDebug,
  readStoredLanguage,
  webStorage,
  writeStoredLanguage,
} from './persistence';
import { writePreferencesCookie } from './preferencesCookie';
import { tapped, traceTaps, type TraceTap } from './traceTap';

export interface RootState {
  /** Loosely typed so every domain api's `endpoints.x.select()` accepts the root state. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api: CombinedState<any, string, 'api'>;
  session: SessionState;
  preferences: PreferencesState;
}

/** What makeStore accepts: any subset of slices, each slice possibly partial. Partial<RootState> fits. */
export type PreloadedRootState = {
  api?: RootState['api'];
  session?: Partial<SessionState>;
  preferences?: Partial<PreferencesState>;
};

export interface MakeStoreOptions {
  /** Read the language and debug keys from localStorage (false for trace replay). Default true. */
  readStorage?: boolean;
  /**
   * Run the api middleware, the auth-change listener and the error toasts. Default true; false
   * leaves the reducers alone (trace replay), so replayed actions start no requests or timers.
   */
  sideEffects?: boolean;
  /** The server's renderer: the API reached in-process (src/web/ssr.tsx). */
  serverFetch?: ServerFetch;
  /** Trace replay (app/trace/replay.ts): stands in for what a replayed action cannot do itself. */
  wrapReducer?: (reducer: Reducer<RootState>) => Reducer<RootState>;
  /** RTK's development checks of every action and state (default on; replay and benchmarks turn them off). */
  devChecks?: boolean;
}

// Tokens only: the user is fetched again on load when a token exists (spec §4), and a notice
// belongs to the page that raised it.
const sessionPersistConfig = {
  key: SESSION_STORAGE_KEY,
  keyPrefix: '',
  storage: webStorage,
  version: 1,
  whitelist: ['access', 'refresh'],
};

const preferencesPersistConfig = {
  key: PREFERENCES_STORAGE_KEY,
  keyPrefix: '',
  storage: webStorage,
  version: 1,
  // The language key is written synchronously on every change, the preferences blob a moment
  // later; if they disagree the language key is the fresher one.
  stateReconciler: (inbound: PreferencesState, original: PreferencesState, reduced: PreferencesState, config: object) => {
    const merged = autoMergeLevel1<PreferencesState>(inbound, original, reduced, config as never);
    const language = readStoredLanguage();
    return language ? { ...merged, language } : merged;
  },
};

/** The persisted slices' configurations, by slice (trace replay marks them as redux-persist does). */
export const PERSISTED_SLICES = { session: sessionPersistConfig, preferences: preferencesPersistConfig };

// redux-persist adds `_persist` to the two persisted slices; it is not part of the typed state.
export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: persistReducer(sessionPersistConfig, sessionReducer),
  preferences: persistReducer(preferencesPersistConfig, preferencesReducer),
}) as unknown as Reducer<RootState>;

/** Redux-persist's own actions carry functions (register, rehydrate): they alone are exempt. */
export const PERSIST_ACTIONS = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

const isProduction = () => {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
};

type Sanitizers = typeof import('./redact');
let sanitizers: Sanitizers | undefined;
/** Settles once the DevTools' sanitisers are here (or could not come). */
export let sanitizersReady: Promise<unknown> = Promise.resolve();

/**
 * Redux DevTools' options. Their sanitisers (redact.ts) come in a chunk of their own, asked for
 * only when DevTools are on, so that the first download does not carry them; until it is here an
 * action shows as its type alone and the state as nothing — never a secret.
 */
function devToolsOptions() {
  sanitizersReady = import(/* webpackChunkName: "devtools" */ './redact').then((m) => (sanitizers = m), () => undefined);
  return {
    name: 'Qarar',
    actionSanitizer: <A extends { type: string }>(action: A): A => (sanitizers ? sanitizers.actionSanitizer(action) : ({ type: action.type } as A)),
    stateSanitizer: <S>(state: S): S => (sanitizers ? sanitizers.stateSanitizer(state) : ({} as S)),
  };
}

const signedInNow = isAnyOf(signedIn, authApi.endpoints.login.matchFulfilled, authApi.endpoints.registerUser.matchFulfilled);
const signedOutNow = isAnyOf(signedOut, sessionEnded);

/**
 * Who is signed in decides every post's is_bookmarked, and whose bookmarks are listed: a change
 * of reader marks them stale once the reducers have seen it. (Signing out does not refetch
 * bookmarks: that page is guarded and would only meet a 401.) A plain middleware rather than
 * RTK's listener middleware, whose tasks, forks and delays nothing here uses (the home route's
 * JS budget).
 */
const authChanges: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (signedInNow(action)) {
    api.dispatch(postsApi.util.invalidateTags(['Post']));
    api.dispatch(bookmarksApi.util.invalidateTags(['Bookmark']));
  } else if (signedOutNow(action)) {
    api.dispatch(postsApi.util.invalidateTags(['Post']));
  }
  return result;
};

/** One store for the app and for every test (DESIGN rule 4). Persistence starts separately. */
export function makeStore(
  preloadedState?: PreloadedRootState,
  { readStorage = true, sideEffects = true, serverFetch, wrapReducer, devChecks = true }: MakeStoreOptions = {},
) {
  const preferences: PreferencesState = {
    ...initialPreferencesState,
    ...(readStorage ? { language: readStoredLanguage() ?? initialPreferencesState.language } : {}),
    ...preloadedState?.preferences,
  };
  const session: SessionState = { ...initialSessionState, ...preloadedState?.session };

  const debug = preloadedState?.preferences?.debug ?? (readStorage && readPersistedDebug());
  const devTools = !isProduction() || debug ? devToolsOptions() : false;

  const tap: TraceTap = { listener: null };
  const store = configureStore({
    reducer: tapped<RootState, UnknownAction>(wrapReducer ? wrapReducer(rootReducer) : rootReducer, tap),
    preloadedState: { ...(preloadedState?.api ? { api: preloadedState.api } : {}), session, preferences } as RootState,
    middleware: (getDefaultMiddleware) => {
      const checks = getDefaultMiddleware({
        serializableCheck: devChecks && { ignoredActions: PERSIST_ACTIONS },
        immutableCheck: devChecks,
        thunk: { extraArgument: serverFetch },
      });
      return sideEffects ? checks.concat(baseApi.middleware, authChanges, errorToastMiddleware) : checks;
    },
    devTools,
  });
  traceTaps.set(store, tap);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Starts redux-persist (reads and then writes 'qarar:session' and 'qarar:preferences'), keeps
 * 'qarar:language' in step with the language and the preferences cookie (the server's and the
 * colour-scheme script's reading of the choice) in step with the language and theme, turns
 * on RTK Query's refetch on focus and reconnect, and runs the in-app trace recorder while the
 * developer-tools preference is on. Returns the persistor (the start waits until it has read
 * the stored state back).
 */
export function startPersistence(store: AppStore): Persistor {
  const persistor = persistStore(store);
  let { language, theme } = store.getState().preferences;
  let { access, refresh } = store.getState().session;
  let recording = false;
  writeStoredLanguage(language);
  store.subscribe(() => {
    const { session, preferences: next } = store.getState();
    // New or cleared tokens are written before this dispatch returns, so before anything that
    // follows them (the guest-only guard's move to /, a reload). redux-persist alone writes on a
    // later tick: a reload in between lost a new session, or brought back a signed-out or
    // rotated one (issue 18). webStorage writes localStorage within the flush call itself.
    if (session.access !== access || session.refresh !== refresh) {
      ({ access, refresh } = session);
      void persistor.flush();
    }
    if (next.language !== language) writeStoredLanguage(next.language);
    if (next.language !== language || next.theme !== theme) writePreferencesCookie({ language: next.language, theme: next.theme });
    language = next.language;
    theme = next.theme;
    // The recorder is a chunk of its own, fetched the first time the preference is on. Should it
    // not come, nothing records: the switch says it takes effect after a reload, which tries again.
    if (next.debug !== recording) {
      recording = next.debug;
      void import(/* webpackChunkName: "trace-recorder" */ './trace/recorder').then((m) => m.recordTrace(store, recording), () => undefined);
    }
  });
  setupListeners(store.dispatch);
  // And once the stored preferences are back: a choice made before the cookie existed.
  const untilBootstrapped = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    untilBootstrapped();
    const { preferences } = store.getState();
    writePreferencesCookie({ language: preferences.language, theme: preferences.theme });
  });
  return persistor;
}
