import type { Theme } from '@mui/material/styles';
import { lightPaletteVariables } from './lightPalette';

/** On an element the screen shows but paper does not (buttons, the way back). */
export const PRINT_HIDDEN = 'data-print-hidden';

/**
 * What every printed page of a post shares (the post page and its print view): an A4 sheet, only
 * the main column — the navigation, the top bar, the side column, the skip link and any toast or
 * dialog (everything that is neither <main>, inside it, nor holds it) left off — and the light
 * palette on white paper, whatever the reader's scheme.
 */
export function printRules(theme: Theme) {
  return {
    '@page': { size: 'A4', margin: '16mm 15mm 18mm' },
    '@media print': {
      'html[data-color-scheme][data-color-scheme]': lightPaletteVariables(theme),
      'html, body': { background: '#ffffff !important' },
      'body *:not(:has(main)):not(main):not(main *)': { display: 'none !important' },
      // The frame's columns and heights are the screen's.
      ':has(> main), main': {
        display: 'block !important',
        minHeight: '0 !important',
        maxWidth: 'none !important',
        padding: '0 !important',
        margin: '0 !important',
        border: '0 !important',
      },
      [`[${PRINT_HIDDEN}]`]: { display: 'none !important' },
      'h1, h2, h3': { breakAfter: 'avoid' },
      'img, svg, tr, li': { breakInside: 'avoid' },
    },
  };
}

/**
 * The post page's own (PostArticle), which the print view does not need: its buttons (back,
 * bookmark, share, retry) left off, links in the text's colour and still underlined, images no
 * taller than half a page.
 */
export function postPagePrintRules(theme: Theme) {
  const shared = printRules(theme);
  return {
    ...shared,
    '@media print': {
      ...shared['@media print'],
      'main .MuiButton-root, main .MuiIconButton-root': { display: 'none !important' },
      'main a': { color: 'inherit !important', textDecoration: 'underline' },
      'main img': { maxHeight: '130mm', objectFit: 'contain' },
    },
  };
}
