import reducer, {
  autoRefreshPostsChanged,
  debugChanged,
  defaultBookmarkSortChanged,
  initialPreferencesState,
  languageChanged,
  postDisplayModeChanged,
  selectLanguage,
  selectPreferences,
  selectTheme,
  sidebarToggled,
  themeChanged,
} from './preferencesSlice';

describe('preferencesSlice', () => {
  it('has the spec defaults', () => {
    expect(reducer(undefined, { type: '@@INIT' })).toEqual({
      theme: 'system',
      postDisplayMode: 'comfortable',
      defaultBookmarkSort: 'newest',
      autoRefreshPosts: true,
      language: 'ar',
      sidebarCollapsed: false,
      debug: false,
    });
  });

  it('changes each preference', () => {
    let s = initialPreferencesState;
    s = reducer(s, themeChanged('dark'));
    s = reducer(s, languageChanged('en'));
    s = reducer(s, postDisplayModeChanged('compact'));
    s = reducer(s, defaultBookmarkSortChanged('oldest'));
    s = reducer(s, autoRefreshPostsChanged(false));
    s = reducer(s, sidebarToggled());
    s = reducer(s, debugChanged(true));
    const root = { preferences: s };
    expect(selectTheme(root)).toBe('dark');
    expect(selectLanguage(root)).toBe('en');
    expect(selectPreferences(root)).toEqual({
      theme: 'dark',
      postDisplayMode: 'compact',
      defaultBookmarkSort: 'oldest',
      autoRefreshPosts: false,
      language: 'en',
      sidebarCollapsed: true,
      debug: true,
    });
    expect(reducer(s, sidebarToggled(true)).sidebarCollapsed).toBe(true);
    expect(reducer(s, sidebarToggled()).sidebarCollapsed).toBe(false);
  });
});
