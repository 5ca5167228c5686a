/**
 * The marks a page the server drew and the app agree on (src/web/serverPage.ts explains them),
 * apart from the scripts that use them so the app's entry carries only the names.
 */
/** Set on <html> once the app has drawn or taken over the page (src/web/start.tsx). */
export const APP_READY = 'data-app-ready';
/** The answers the page was drawn from, for the browser's store. */
export const SERVER_ANSWERS_ID = 'server-answers';
/** Set on a control pressed before the app took the page over, until the press is replayed. */
export const PRESS_KEPT = 'data-press-kept';
/** On a link a visitor follows alone, but whose press a signed-in reader's app answers (bookmark). */
export const PRESS_IF_SIGNED_IN = 'data-press-signed-in';
/** The attribute on <html> that says which colour scheme shows (src/web/theme/colorScheme.ts). */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';
/** On a control that works only with the app's scripts: hidden from a reader without them (SERVER_PAGE_CSS). */
export const NEEDS_SCRIPT = 'data-needs-script';
