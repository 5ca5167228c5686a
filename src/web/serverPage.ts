/**
 * The rules both sides of a server-drawn page share (src/web/ssr.tsx draws it, src/web/index.tsx
 * takes it over). The server draws what a first-time visitor sees: Arabic, light, with motion,
 * signed out, at a phone's or a desktop's width, dates in the server's time zone (run it with TZ
 * set to the readers' zone, e.g. TZ=Asia/Riyadh). A reader for whom that is not the page
 * (another language, theme or zone, reduced motion, a session, another width) must not see it
 * even for a moment: a script at the top of <body> checks, before anything is painted, and hides
 * it; the app then draws the page.
 */

import { FACE_NAME } from './theme/fonts';

/** The widths the server draws for, by the browser it is told of; tablets get the desktop's. */
export type ServerLayout = 'phone' | 'desktop';
export const SERVER_WIDTH: Record<ServerLayout, number> = { phone: 390, desktop: 1280 };

/** Set on <html> by the check when the drawn page is not this reader's; #root stays hidden. */
export const SERVER_PAGE_OFF = 'data-server-page-off';
/** Set on <html> once the app has drawn or taken over the page (src/web/index.tsx). */
export const APP_READY = 'data-app-ready';
/** The answers the page was drawn from, for the browser's store. */
export const SERVER_ANSWERS_ID = 'server-answers';

export function layoutFor(userAgent: string | undefined): ServerLayout {
  return /Mobi|Android|iPhone|iPod/i.test(userAgent ?? '') ? 'phone' : 'desktop';
}

/**
 * Whether the page drawn for `layout` in `timeZone` is the one this reader's app would draw. Runs in the
 * browser as an inline script (its source is sent as is), so it uses nothing but the DOM: the
 * keys are those of src/web/app/persistence.ts (redux-persist stores each field as JSON), the
 * widths MUI's sm (600) and lg (1200) breakpoints the layout switches at.
 */
export function serverPageFits(layout: ServerLayout, timeZone: string): boolean {
  try {
    if (Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone) return false;
    const storage = window.localStorage;
    const language = storage.getItem('qarar:language');
    if (language && language !== 'ar') return false;
    const field = (key: string, name: string): unknown => {
      const raw = storage.getItem(key);
      if (!raw) return null;
      const value = (JSON.parse(raw) as Record<string, unknown>)[name];
      return typeof value === 'string' ? JSON.parse(value) : null;
    };
    if (field('qarar:session', 'access') || field('qarar:session', 'refresh')) return false;
    const storedLanguage = field('qarar:preferences', 'language');
    if (storedLanguage && storedLanguage !== 'ar') return false;
    const theme = field('qarar:preferences', 'theme') ?? 'system';
    if (theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)) return false;
    // The theme without transitions has other class names (src/web/theme/motion.ts).
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return false;
    return layout === 'phone' ? !window.matchMedia('(min-width:600px)').matches : window.matchMedia('(min-width:1200px)').matches;
  } catch {
    return false;
  }
}

/** Set on <html> while the faces of a drawn page load (at most FONT_WAIT_MS). */
export const FONTS_PENDING = 'data-fonts-pending';
/** How long a drawn page waits for its faces before showing in the fallback font. */
export const FONT_WAIT_MS = 300;

/**
 * Shows the drawn page once the faces of `face` (src/web/theme/fonts.ts: Arabic and Latin,
 * regular and bold) are here, or after `wait` ms: text drawn first in a fallback font and then in the
 * page's own reflows (a heading wrapping differently moves everything below it). On a fast
 * line the faces arrive well within the wait; on a slow one the page shows in the fallback.
 */
export function awaitFaces(wait: number, face: string): void {
  const root = document.documentElement;
  const show = () => root.removeAttribute('data-fonts-pending');
  const fonts = document.fonts;
  if (!fonts || typeof fonts.load !== 'function') return;
  root.setAttribute('data-fonts-pending', '');
  const family = JSON.stringify(face);
  Promise.all(['400', '700'].flatMap((weight) => ['\u0639', 'a'].map((text) => fonts.load(`${weight} 16px ${family}`, text)))).then(show, show);
  setTimeout(show, wait);
}

/** The inline script that runs the check before the page is painted, then waits for the faces. */
export function serverPageCheck(layout: ServerLayout, timeZone: string): string {
  const off = `document.documentElement.setAttribute(${JSON.stringify(SERVER_PAGE_OFF)},'')`;
  return `<script>if(!(${serverPageFits.toString()})(${JSON.stringify(layout)},${JSON.stringify(timeZone)}))${off};else(${awaitFaces.toString()})(${FONT_WAIT_MS},${JSON.stringify(FACE_NAME)})</script>`;
}

/** Hides a drawn page the check turned down, until the app has drawn its own; and while its faces load. */
export const SERVER_PAGE_CSS = `html[${SERVER_PAGE_OFF}] #root,html[${FONTS_PENDING}] #root{visibility:hidden}`;

/** JSON inside <script type="application/json">: nothing in it may close or comment the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
