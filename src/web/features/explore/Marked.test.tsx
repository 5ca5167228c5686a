/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import type { Theme } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { fromMarkedHtml } from '../../../shared/search/highlight';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createAppTheme } from '../../theme/createAppTheme';
import { MARK_TINT, Marked } from './Marked';

type Rgb = [number, number, number];

const rgb = (hex: string): Rgb => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [1, 2, 3].map((i) => parseInt(m[i], 16)) as Rgb;
};
/** `top` at opacity `alpha` over `under`, as the browser paints it. */
const over = (top: Rgb, alpha: number, under: Rgb): Rgb => top.map((c, i) => c * alpha + under[i] * (1 - alpha)) as Rgb;
/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (c: Rgb) => {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('Marked', () => {
  it('draws marks as <mark> elements and everything else as text', () => {
    const { container } = renderWithProviders(
      <p data-testid="text">
        <Marked segments={fromMarkedHtml('&lt;img src=x onerror=alert(1)&gt; قرار <mark>الوزارة</mark> &lt;/mark&gt; <i>y</i>')} />
      </p>,
    );
    const text = screen.getByTestId('text');
    expect(text.textContent).toBe('<img src=x onerror=alert(1)> قرار الوزارة </mark> <i>y</i>');
    expect([...text.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['الوزارة']);
    expect(container.querySelector('img, i')).toBeNull();
  });

  it("tints a mark with the scheme's secondary colour through the theme's CSS variable", () => {
    renderWithProviders(<Marked segments={[{ text: 'الوزارة', mark: true }]} />);
    const mark = screen.getByText('الوزارة');
    expect(mark.tagName).toBe('MARK');
    // Emotion inserts its rules with insertRule: read them from the style sheets.
    const rules = [...document.querySelectorAll('style')].flatMap((s) => [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText));
    const own = rules.filter((rule) => [...mark.classList].some((c) => c.startsWith('muirtl-') && rule.includes(`.${c} `)));
    expect(own.find((rule) => rule.startsWith('.'))).toMatch(/background-color: rgba\(var\(--q-palette-secondary-mainChannel\b[^)]*\) \/ 0\.3\); color: var\(--q-palette-text-primary\)/);
    expect(MARK_TINT).toBe(0.3);
    // Windows' high contrast themes keep the system's highlight.
    expect(own.find((rule) => rule.startsWith('@media (forced-colors: active)'))).toContain('background-color: Mark; color: MarkText;');
  });

  it.each(['light', 'dark'] as const)('keeps text on a mark above 4.5:1 in the %s scheme, on the card and on the page', (scheme) => {
    // The theme holds both schemes' palettes (createAppTheme: CSS variables for light and dark).
    const { colorSchemes } = createAppTheme('rtl') as Theme & { colorSchemes: Record<typeof scheme, { palette: Theme['palette'] }> };
    const { palette } = colorSchemes[scheme];
    const text = rgb(palette.text.primary);
    for (const background of [palette.background.paper, palette.background.default]) {
      const mark = over(rgb(palette.secondary.main), MARK_TINT, rgb(background));
      expect(contrast(text, mark)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
