import { createAppTheme } from './createAppTheme';

describe('reduced motion in the theme', () => {
  it('keeps MUI transitions by default', () => {
    const theme = createAppTheme('rtl');
    expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });

  it('switches every transition off when the reader asks for less motion', () => {
    const theme = createAppTheme('ltr', true);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(Object.values(theme.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(theme.components?.MuiSkeleton?.defaultProps?.animation).toBe(false);
  });

  it('lets the global styles stop any other motion under prefers-reduced-motion', () => {
    const theme = createAppTheme('rtl');
    const overrides = (theme.components?.MuiCssBaseline?.styleOverrides as (t: typeof theme) => Record<string, Record<string, unknown>>)(theme);
    const reduced = overrides['@media (prefers-reduced-motion: reduce)'];
    expect(reduced['*, *::before, *::after']).toMatchObject({ transitionDuration: '0s !important', animationDuration: '0s !important' });
    expect(reduced.html).toEqual({ scrollBehavior: 'auto' });
  });
});

describe('contrast of contained buttons', () => {
  it('keeps a contained primary button readable when hovered, in both colour schemes (WCAG AA 4.5:1)', () => {
    const { getContrastRatio } = jest.requireActual<typeof import('@mui/material/styles')>('@mui/material/styles');
    const theme = createAppTheme('ltr') as unknown as { colorSchemes: Record<'light' | 'dark', { palette: { primary: { main: string; dark: string; contrastText: string } } }> };
    for (const scheme of ['light', 'dark'] as const) {
      const { main, dark, contrastText } = theme.colorSchemes[scheme].palette.primary;
      expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(4.5);
      // MUI's contained button takes primary.dark under the pointer.
      expect(getContrastRatio(contrastText, dark)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
