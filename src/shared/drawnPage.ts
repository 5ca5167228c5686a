/**
 * The drawn-page contract: what the server and the web app agree on about a page the server
 * draws (src/web/ssr.tsx draws it in a worker, src/server/pages/ frames, caches and serves it,
 * src/web/start.tsx takes it over). Pure types and functions only (DESIGN rule 11).
 */

export type PageLanguage = 'ar' | 'en';
export type PageTheme = 'system' | 'light' | 'dark';

/**
 * The reader's display preferences, as a cookie the app keeps in step with its persisted
 * preferences (src/web/app/preferencesCookie.ts), so the server draws the page in the reader's
 * language and the colour-scheme script picks the theme before the first paint. Nothing in it
 * identifies a reader: it is the same for everyone with the same two choices.
 */
export const PREFS_COOKIE = 'qarar_prefs';
/** A year: the choice is the device's, like the localStorage it mirrors. */
export const PREFS_COOKIE_MAX_AGE = 365 * 24 * 3600;

export interface PagePreferences {
  language: PageLanguage;
  theme: PageTheme;
}

export const DEFAULT_PAGE_PREFERENCES: PagePreferences = { language: 'ar', theme: 'system' };

const isLanguage = (v: unknown): v is PageLanguage => v === 'ar' || v === 'en';
const isTheme = (v: unknown): v is PageTheme => v === 'system' || v === 'light' || v === 'dark';

/** The cookie's value: `{language}.{theme}`, e.g. `en.dark`. */
export function formatPrefsCookie({ language, theme }: PagePreferences): string {
  return `${language}.${theme}`;
}

/** The preferences a cookie value names; anything unknown falls back to the defaults, part by part. */
export function parsePrefsCookie(value: string | null | undefined): PagePreferences {
  const [language, theme] = String(value ?? '').split('.');
  return {
    language: isLanguage(language) ? language : DEFAULT_PAGE_PREFERENCES.language,
    theme: isTheme(theme) ? theme : DEFAULT_PAGE_PREFERENCES.theme,
  };
}

/** The preferences in a Cookie request header (other cookies ignored). */
export function prefsFromCookieHeader(header: string | null | undefined): PagePreferences {
  for (const part of String(header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === PREFS_COOKIE) {
      let value = part.slice(eq + 1).trim();
      try {
        value = decodeURIComponent(value);
      } catch {
        // A malformed escape: read as written.
      }
      return parsePrefsCookie(value);
    }
  }
  return DEFAULT_PAGE_PREFERENCES;
}

export const directionOfLanguage = (language: PageLanguage): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/** The zone the server draws dates in when none is configured (PORTAL_TIME_ZONE). */
export const DEFAULT_PORTAL_TIME_ZONE = 'Asia/Riyadh';

/** What the server asks the renderer (src/web/ssr.tsx, `renderPage`) to draw. */
export interface DrawRequest {
  /** Path and query, as the browser asked. */
  url: string;
  language: PageLanguage;
  theme: PageTheme;
  /** When the page is drawn (ms since the epoch): relative dates are counted from it. */
  now: number;
  /** The portal's time zone: dates on the page are drawn in it. */
  timeZone: string;
  /** The origin the page was asked at (its links, and what it tells search engines, name it). */
  origin?: string;
}

/** `[id, css]`: one of Emotion's inserted styles, by the name it is registered under. */
export type StylePart = [id: string, css: string];

/** A drawn page's Emotion styles, as its cache (one per direction) inserted them. */
export interface PageStyles {
  /** The Emotion cache's key: `{key}-{id}` are the page's class names. */
  key: string;
  /** The global styles (a `<Global>`'s: the baseline, the palettes' variables, keyframes). */
  globals: StylePart[];
  /** The class rules of the elements on the page, in the order they were inserted. */
  rules: StylePart[];
}

/** What the renderer gives back for one page. */
export interface DrawnPage {
  /** Goes before </head>: faces, the page's own small CSS, what describes it (JSON-LD, feeds). */
  head: string;
  /**
   * The Emotion styles the page uses: the server links the stylesheet that holds them and
   * writes inline only those it does not hold yet (src/server/pages/styles.ts).
   */
  styles?: PageStyles;
  /** Replaces `<div id="root"></div>`: the drawn page and the answers it was drawn from. */
  root: string;
  /** For `<html>`: the page's language and direction. */
  htmlAttributes: { lang: PageLanguage; dir: 'rtl' | 'ltr' };
  /**
   * What a link to the page shows where no script runs: its title (HTML-escaped already), and
   * for a post its description and first picture (plain text).
   */
  meta: { title?: string; description?: string; image?: string };
  /** Every post the page shows: a kept copy is valid only while their view counts are. */
  postIds: number[];
  /** A post's own page: its id, so a view is counted when a kept copy is served. */
  postId?: number;
  /** How many times the tree was rendered to draw it (once when what it needs was known before). */
  renders?: number;
}
