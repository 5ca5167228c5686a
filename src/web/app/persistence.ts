import { isAppLanguage, type AppLanguage } from '../state/preferencesSlice';

/**
 * Fixed localStorage keys (redux-persist is given keyPrefix '' so these are the keys verbatim).
 * Only the session's tokens and the preferences are stored; the api cache never is.
 */
export const SESSION_STORAGE_KEY = 'qarar:session';
export const PREFERENCES_STORAGE_KEY = 'qarar:preferences';
/** The language on its own, readable before the store exists (first paint's lang/dir). */
export const LANGUAGE_STORAGE_KEY = 'qarar:language';

function local(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null; // Storage disabled (privacy settings): run without persistence.
  }
}

/** redux-persist's storage engine over localStorage; a no-op where there is none (node, replay). */
export const webStorage = {
  getItem: async (key: string): Promise<string | null> => local()?.getItem(key) ?? null,
  setItem: async (key: string, value: string): Promise<void> => {
    try {
      local()?.setItem(key, value);
    } catch {
      // Quota exceeded or storage refused: keep running on the in-memory state.
    }
  },
  removeItem: async (key: string): Promise<void> => {
    local()?.removeItem(key);
  },
};

export function readStoredLanguage(): AppLanguage | null {
  const value = local()?.getItem(LANGUAGE_STORAGE_KEY);
  return isAppLanguage(value) ? value : null;
}

export function writeStoredLanguage(language: AppLanguage): void {
  try {
    local()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // See webStorage.setItem.
  }
}

/**
 * The persisted debug preference, read synchronously when the store is made (DevTools cannot be
 * switched on later, so turning debug on takes effect on the next load). redux-persist stores
 * each field JSON-encoded inside a JSON object.
 */
export function readPersistedDebug(): boolean {
  try {
    const raw = local()?.getItem(PREFERENCES_STORAGE_KEY);
    if (!raw) return false;
    const outer = JSON.parse(raw) as Record<string, unknown>;
    return typeof outer.debug === 'string' && JSON.parse(outer.debug) === true;
  } catch {
    return false;
  }
}
