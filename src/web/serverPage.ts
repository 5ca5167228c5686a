/**
 * The rules both sides of a server-drawn page share in the browser (src/web/ssr.tsx draws it,
 * src/web/start.tsx takes it over). The page is every reader's of its language: the colour
 * scheme is CSS (src/web/theme/colorScheme.ts), the layout CSS media queries, the dates those of
 * the moment and zone it was drawn in (src/web/app/clock.tsx), and a signed-in reader's own bits
 * fill in after the app has taken it over. It is never hidden for a reader; the one wait is for
 * its faces, at most FONT_WAIT_MS, so its text is not drawn twice.
 */

import type { PageClock } from './app/clock';
import { SESSION_STORAGE_KEY } from './app/persistence';
import type { PagePreferences } from '../shared/drawnPage';
import { FACE_NAME } from './theme/fonts';

import { APP_READY, NEEDS_SCRIPT, PRESS_IF_SIGNED_IN, PRESS_KEPT, SERVER_ANSWERS_ID } from './pageMarks';

// PRESS_IF_SIGNED_IN marks a link that works on its own for a visitor, but whose press a
// signed-in reader's app must handle (the bookmark button: /login for a visitor, the note for a
// reader): kept when a session is stored.
export { APP_READY, PRESS_IF_SIGNED_IN, PRESS_KEPT, SERVER_ANSWERS_ID };

/** What the page embeds besides its drawing: its answers, and what it was drawn for. */
export interface DrawnAnswers {
  api: unknown;
  clock: PageClock;
  preferences: PagePreferences;
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

/**
 * No press is lost while the app's scripts are on their way. Links and the search forms work on
 * their own (a visitor's bookmark button is a link to /login); a press on any other control of
 * the page (a button: share, theme, menu, an image, load more; and a signed-in reader's bookmark
 * link) is kept, its control marked, and pressed again once the app has taken the page over
 * (`ready` set on <html>), where React's handler answers it. Runs inline at the top of <body>,
 * so it uses nothing but the DOM.
 */
export function keepEarlyPresses(ready: string, kept: string, ifSignedIn: string, sessionKey: string): void {
  const root = document.documentElement;
  const presses: Element[] = [];
  const signedIn = () => {
    try {
      return /"refresh":"\\"[^"]/.test(localStorage.getItem(sessionKey) || '');
    } catch {
      return false;
    }
  };
  const press = (event: Event) => {
    if (root.hasAttribute(ready)) return;
    const target = event.target as Element | null;
    const control = target && target.closest ? target.closest(`button,[role="button"],a[${ifSignedIn}]`) : null;
    if (!control || !control.closest('#root')) return;
    // A link works on its own (MUI marks a button drawn as a link role="button"), unless it is
    // one a signed-in reader's app must answer.
    if (control.matches('a[href]') && !(control.hasAttribute(ifSignedIn) && signedIn())) return;
    // A search form's button submits the form on its own (method GET, action /explore).
    if (control.matches('form[action] [type="submit"]')) return;
    event.preventDefault();
    event.stopPropagation();
    if (presses.indexOf(control) < 0) presses.push(control);
    control.setAttribute(kept, '');
  };
  root.addEventListener('click', press, true);
  new MutationObserver((_changes, observer) => {
    if (!root.hasAttribute(ready)) return;
    observer.disconnect();
    root.removeEventListener('click', press, true);
    for (const control of presses) {
      control.removeAttribute(kept);
      if (control.isConnected) (control as HTMLElement).click();
    }
  }).observe(root, { attributes: true, attributeFilter: [ready] });
}

/** The inline script at the top of a drawn page's <body>: the faces' wait, and the presses kept. */
export function pageStartScript(): string {
  return `<script>(${awaitFaces.toString()})(${FONT_WAIT_MS},${JSON.stringify(FACE_NAME)});(${keepEarlyPresses.toString()})(${JSON.stringify(APP_READY)},${JSON.stringify(PRESS_KEPT)},${JSON.stringify(PRESS_IF_SIGNED_IN)},${JSON.stringify(SESSION_STORAGE_KEY)})</script>`;
}

/** Hides the drawn page while its faces load (at most FONT_WAIT_MS); shows a kept press as under way. */
export const SERVER_PAGE_CSS = `html[${FONTS_PENDING}] #root{visibility:hidden}[${PRESS_KEPT}]{cursor:progress;opacity:.6}`;

/** For a reader without scripts: controls only the app answers are not shown (a link stands in for load more). */
export const NO_SCRIPT_HEAD = `<noscript><style>[${NEEDS_SCRIPT}]{display:none!important}</style></noscript>`;

/** JSON inside <script type="application/json">: nothing in it may close or comment the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
