import type { PaletteMode } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ThemePreference } from '../state/preferencesSlice';

export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The palette mode to render: the reader's choice, or for 'system' the device's preference,
 * followed live (useMediaQuery re-renders when the media query changes).
 */
export function useResolvedThemeMode(preference: ThemePreference): PaletteMode {
  // noSsr: read the media query during the first render, so a dark device never flashes light.
  const prefersDark = useMediaQuery(PREFERS_DARK_QUERY, { noSsr: true });
  if (preference === 'system') return prefersDark ? 'dark' : 'light';
  return preference;
}
