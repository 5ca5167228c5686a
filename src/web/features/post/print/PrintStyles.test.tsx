/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { createAppTheme } from '../../../theme/createAppTheme';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PrintStyles } from './PrintStyles';
import { postPagePrintRules, printRules } from './printRules';

/** The CSS the page holds (Emotion's style elements, their text or their inserted rules), spaces removed. */
const css = () =>
  [...document.querySelectorAll('style')]
    .map((s) => s.textContent || [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText).join(''))
    .join('')
    .replace(/\s+/g, '');

describe('print stylesheets', () => {
  const theme = createAppTheme('rtl');

  it('print on A4 the main column alone (nothing that neither is, holds nor is inside <main>), without what is marked for screens', () => {
    const rules = printRules(theme);
    expect(rules['@page']).toEqual({ size: 'A4', margin: '16mm 15mm 18mm' });
    const print = rules['@media print'];
    expect(print['body *:not(:has(main)):not(main):not(main *)']).toEqual({ display: 'none !important' });
    expect(print[':has(> main), main']).toMatchObject({ display: 'block !important', maxWidth: 'none !important' });
    expect(print['[data-print-hidden]']).toEqual({ display: 'none !important' });
  });

  it("print in the light palette on white, whatever the reader's scheme", () => {
    const light = printRules(theme)['@media print']['html[data-color-scheme][data-color-scheme]'];
    expect(light).toMatchObject({
      colorScheme: 'light',
      '--q-palette-text-primary': '#111827',
      '--q-palette-background-paper': '#ffffff',
      '--q-palette-primary-main': '#0f5e4f',
      // The dark scheme's elevation overlays, which the light one does not declare.
      '--q-overlays-8': 'none',
    });
  });

  it("leave the post page's buttons off paper, and keep its images within half a page", () => {
    const print = postPagePrintRules(theme)['@media print'];
    expect(print['main .MuiButton-root, main .MuiIconButton-root']).toEqual({ display: 'none !important' });
    expect(print['main img']).toMatchObject({ maxHeight: '130mm' });
    expect(print['body *:not(:has(main)):not(main):not(main *)']).toEqual({ display: 'none !important' });
  });

  it('are in the page while the screen is, and gone with it (other screens print as they are)', () => {
    const { unmount } = renderWithProviders(<PrintStyles />);
    expect(css()).toContain('@page{size:A4;margin:16mm15mm18mm;}');
    unmount();
    expect(css()).not.toContain('@page{size:A4;');
  });
});
