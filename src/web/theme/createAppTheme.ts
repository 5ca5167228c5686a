import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import type { Direction } from '../i18n/types';
import { FONT_FAMILY } from './fonts';


const palettes = {
  light: {
    primary: { main: '#0f5e4f', contrastText: '#ffffff' },
    secondary: { main: '#8a5a00', contrastText: '#ffffff' },
    background: { default: '#f5f7f6', paper: '#ffffff' },
    text: { primary: '#111827', secondary: '#4b5563' },
    divider: 'rgba(17, 24, 39, 0.12)',
  },
  dark: {
    primary: { main: '#5fd1b5', contrastText: '#06251e' },
    secondary: { main: '#f2c46d', contrastText: '#2a1c00' },
    background: { default: '#0b1220', paper: '#111827' },
    text: { primary: '#f3f4f6', secondary: '#9ca3af' },
    divider: 'rgba(243, 244, 246, 0.12)',
  },
} as const;

/** The app theme for one palette mode and one direction. */
export function createAppTheme(mode: PaletteMode, direction: Direction): Theme {
  const palette = palettes[mode];
  return createTheme({
    direction,
    palette: { mode, ...palette },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none', fontWeight: 500 },
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A visible keyboard focus ring everywhere, in the theme's colour.
          ':focus-visible': {
            outline: `2px solid ${palette.primary.main}`,
            outlineOffset: '2px',
          },
          body: { colorScheme: mode },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
