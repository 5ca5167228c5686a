import type { Theme } from '@mui/material/styles';

type Declarations = Record<string, string | number>;

const cache = new WeakMap<Theme, Declarations>();

/**
 * The light scheme's CSS variables (the theme's own, as MUI declares them for `:root`), and no
 * elevation overlay: set on an element, everything inside it is drawn in the light palette
 * whatever the reader's scheme — paper is white, and a printer prints no dark background.
 */
export function lightPaletteVariables(theme: Theme): Declarations {
  let found = cache.get(theme);
  if (!found) {
    const sheets = (theme as Theme & { generateStyleSheets?: () => Array<Record<string, unknown>> }).generateStyleSheets?.() ?? [];
    const light = sheets.map((sheet) => Object.entries(sheet)[0]).find(([selector]) => selector?.includes('"light"'))?.[1];
    const dark = sheets.map((sheet) => Object.entries(sheet)[0]).find(([selector]) => selector?.includes('"dark"'))?.[1];
    found = { ...(light as Declarations | undefined) };
    // What only the dark scheme declares (its elevation overlays): nothing in the light one.
    for (const name of Object.keys((dark as Declarations | undefined) ?? {})) {
      if (!(name in found) && name.startsWith('--')) found[name] = name.includes('overlays') ? 'none' : 'initial';
    }
    found.colorScheme = 'light';
    cache.set(theme, found);
  }
  return found;
}
