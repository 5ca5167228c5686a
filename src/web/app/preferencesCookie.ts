import { formatPrefsCookie, PREFS_COOKIE, PREFS_COOKIE_MAX_AGE, type PagePreferences } from '../../shared/drawnPage';

/**
 * Mirrors the language and theme preferences into the cookie the server reads to draw a page in
 * the reader's language (and the colour-scheme script reads before the first paint), written
 * whenever either changes and once at start (a reader whose choice predates the cookie).
 * Readable by scripts on purpose: it holds nothing but those two choices.
 */
export function writePreferencesCookie(preferences: PagePreferences, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  try {
    doc.cookie = `${PREFS_COOKIE}=${formatPrefsCookie(preferences)}; Path=/; Max-Age=${PREFS_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  } catch {
    // Cookies refused (a sandboxed frame): pages come in the default language and the app adjusts.
  }
}
