/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, renderHook } from '@testing-library/react';
import { themeChanged } from '../state/preferencesSlice';
import { installMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/renderWithProviders';
import { applyThemeColor, THEME_COLORS, useThemeColorMeta } from './themeColor';

/** index.html's two tags, one per device preference. */
function shippedTags() {
  document.head.innerHTML = `
    <meta name="theme-color" content="#0f766e" media="(prefers-color-scheme: light)" />
    <meta name="theme-color" content="#0b1220" media="(prefers-color-scheme: dark)" />`;
}
const contents = () => [...document.head.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute('content'));

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ prefersDark: false });
  shippedTags();
});
afterEach(() => {
  media.uninstall();
  document.head.innerHTML = '';
});

describe('theme-color follows the theme shown', () => {
  it('gives every theme-color tag the colour of the mode, whatever its media query', () => {
    applyThemeColor('dark');
    expect(contents()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    applyThemeColor('light');
    expect(contents()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
  });

  it('adds a tag when the page has none', () => {
    document.head.innerHTML = '';
    applyThemeColor('dark');
    expect(contents()).toEqual([THEME_COLORS.dark]);
  });

  it('the hook updates the tags when the mode changes', () => {
    const { rerender } = renderHook(({ mode }) => useThemeColorMeta(mode), { initialProps: { mode: 'light' as 'light' | 'dark' } });
    expect(contents()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    rerender({ mode: 'dark' });
    expect(contents()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
  });

  it('in the app: the reader’s choice beats the device, and "system" follows the device live', () => {
    const { store } = renderWithProviders(<p>page</p>);
    // 'system' on a light device.
    expect(contents()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    act(() => {
      store.dispatch(themeChanged('dark'));
    });
    expect(contents()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    act(() => {
      store.dispatch(themeChanged('system'));
    });
    expect(contents()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
    act(() => media.set({ prefersDark: true }));
    expect(contents()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
  });
});
