import { PREFS_COOKIE } from '../../shared/drawnPage';
import { COLOR_SCHEME_ATTRIBUTE } from '../pageMarks';
import { THEME_COLORS } from './themeColor';

/**
 * Light, dark and system are decided by CSS: the theme declares both palettes as CSS variables
 * (createAppTheme.ts), and this attribute on <html> says which one applies. The inline script
 * below sets it in <head>, before anything is painted, from the reader's choice (the
 * preferences cookie the app keeps, src/web/app/preferencesCookie.ts) and, for 'system', the
 * device's preference; MUI's provider keeps it in step afterwards (the choice is bound to the
 * store through src/web/theme/preferenceStorage.ts). So one drawn page serves every reader, and
 * a dark device never sees a light frame.
 */
export { COLOR_SCHEME_ATTRIBUTE };

/**
 * Runs in <head> as an inline script (its source is sent as is): DOM only. A choice of light or
 * dark also colours the browser's bar (index.html's theme-color tags follow the device).
 */
export function initColorScheme(cookieName: string, attribute: string, colors: { light: string; dark: string }): void {
  try {
    const match = new RegExp(`(?:^|; *)${cookieName}=[a-z]+\\.([a-z]+)`).exec(document.cookie);
    const choice = match ? match[1] : 'system';
    const scheme =
      choice === 'dark' || choice === 'light' ? choice : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute(attribute, scheme);
    if (choice === scheme) {
      const tags = document.querySelectorAll('meta[name="theme-color"]');
      for (let i = 0; i < tags.length; i++) tags[i].setAttribute('content', colors[scheme]);
    }
  } catch {
    // No cookie access or no matchMedia: the light palette (the CSS default) applies.
  }
}

/** The inline script for index.html's <head> (webpack.config.ts puts it there). */
export function colorSchemeScript(): string {
  return `<script>(${initColorScheme.toString()})(${JSON.stringify(PREFS_COOKIE)},${JSON.stringify(COLOR_SCHEME_ATTRIBUTE)},${JSON.stringify(THEME_COLORS)})</script>`;
}
