import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemePreference = 'system' | 'light' | 'dark';
export type PostDisplayMode = 'comfortable' | 'compact';
export type BookmarkSort = 'newest' | 'oldest';
export type AppLanguage = 'ar' | 'en';

export interface PreferencesState {
  theme: ThemePreference;
  postDisplayMode: PostDisplayMode;
  defaultBookmarkSort: BookmarkSort;
  autoRefreshPosts: boolean;
  language: AppLanguage;
  sidebarCollapsed: boolean;
  /**
   * The developer tools: Redux DevTools in a production build, read when the store is made (next
   * load), and the in-app trace recorder with its "Download a trace" (at once; app/trace/).
   */
  debug: boolean;
}

export const initialPreferencesState: PreferencesState = {
  theme: 'system',
  postDisplayMode: 'comfortable',
  defaultBookmarkSort: 'newest',
  autoRefreshPosts: true,
  language: 'ar',
  sidebarCollapsed: false,
  debug: false,
};

export const isAppLanguage = (value: unknown): value is AppLanguage => value === 'ar' || value === 'en';

interface PreferencesRoot {
  preferences: PreferencesState;
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducers: {
    themeChanged(state, action: PayloadAction<ThemePreference>) {
      state.theme = action.payload;
    },
    languageChanged(state, action: PayloadAction<AppLanguage>) {
      state.language = action.payload;
    },
    postDisplayModeChanged(state, action: PayloadAction<PostDisplayMode>) {
      state.postDisplayMode = action.payload;
    },
    defaultBookmarkSortChanged(state, action: PayloadAction<BookmarkSort>) {
      state.defaultBookmarkSort = action.payload;
    },
    autoRefreshPostsChanged(state, action: PayloadAction<boolean>) {
      state.autoRefreshPosts = action.payload;
    },
    /** Without a payload it flips; with one it sets. */
    sidebarToggled(state, action: PayloadAction<boolean | undefined>) {
      state.sidebarCollapsed = action.payload ?? !state.sidebarCollapsed;
    },
    debugChanged(state, action: PayloadAction<boolean>) {
      state.debug = action.payload;
    },
  },
});

export const {
  themeChanged,
  languageChanged,
  postDisplayModeChanged,
  defaultBookmarkSortChanged,
  autoRefreshPostsChanged,
  sidebarToggled,
  debugChanged,
} = preferencesSlice.actions;

export const selectPreferences = (state: PreferencesRoot) => state.preferences;
export const selectTheme = (state: PreferencesRoot) => state.preferences.theme;
export const selectLanguage = (state: PreferencesRoot) => state.preferences.language;
export const selectDebug = (state: PreferencesRoot) => state.preferences.debug;

export default preferencesSlice.reducer;
