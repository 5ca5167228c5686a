import type { PaletteMode } from '@mui/material/styles';
import { useEffect } from 'react';

/**
 * The browser's own bar (address bar on phones, title bar of an installed app) in the colour of
 * the theme shown: the brand green in light, the page's night blue in dark.
 */
export const THEME_COLORS: Record<PaletteMode, string> = { light: '#0f5e4f', dark: '#0b1220' };

/**
 * Keeps `<meta name="theme-color">` on the palette the reader chose. index.html ships one per
 * `prefers-color-scheme`, right for 'system' only: a reader who picked dark on a light device
 * would get a light bar. Every such tag is given the chosen colour (whichever media query the
 * browser matches, it shows the theme on screen); one is added when the page has none.
 */
export function applyThemeColor(mode: PaletteMode, doc: Document = document): void {
  const color = THEME_COLORS[mode];
  const tags = [...doc.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  if (!tags.length) {
    const tag = doc.createElement('meta');
    tag.name = 'theme-color';
    doc.head.appendChild(tag);
    tags.push(tag);
  }
  for (const tag of tags) tag.content = color;
}

/** applyThemeColor whenever the shown palette changes (a new choice, or the device's for 'system'). */
export function useThemeColorMeta(mode: PaletteMode): void {
  useEffect(() => {
    applyThemeColor(mode);
  }, [mode]);
}
