import type { StorageManager } from '@mui/material/styles';
import type { Store } from '@reduxjs/toolkit';
import { themeChanged, type PreferencesState, type ThemePreference } from '../state/preferencesSlice';

/** The key MUI's provider asks its storage for when it wants the mode. */
export const MODE_KEY = 'qarar-mode';

const isMode = (value: unknown): value is ThemePreference => value === 'system' || value === 'light' || value === 'dark';

/**
 * MUI's colour-scheme provider keeps its mode in a storage; this one is the store's theme
 * preference (persisted with the other preferences, mirrored in the cookie the server and the
 * colour-scheme script read), so there is one source of the choice: the toggle dispatches
 * themeChanged as before and MUI follows, setting `data-color-scheme` on <html>. The light and
 * dark scheme names are not stored: there is one of each.
 */
export function preferenceStorage(store: Store<{ preferences: PreferencesState }>): StorageManager {
  return ({ key }) => {
    if (key !== MODE_KEY) return { get: (fallback: unknown) => fallback, set: () => undefined, subscribe: () => () => undefined };
    const current = () => store.getState().preferences.theme;
    return {
      get: () => current(),
      set: (value) => {
        if (isMode(value) && value !== current()) store.dispatch(themeChanged(value));
      },
      subscribe: (handler) => {
        let last = current();
        return store.subscribe(() => {
          const next = current();
          if (next === last) return;
          last = next;
          handler(next);
        });
      },
    };
  };
}
