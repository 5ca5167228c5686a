import { createTheme, type Theme } from '@mui/material/styles';
import type { Direction } from '../i18n/types';
import { COLOR_SCHEME_ATTRIBUTE } from '../pageMarks';
import { FONT_FAMILY } from './fonts';
import { REDUCED_MOTION_QUERY } from './motion';
import { postTypeColorVariables } from './postTypeColors';

const palettes = {
  light: {
    primary: { main: '#0f5e4f', contrastText: '#ffffff' },
    secondary: { main: '#8a5a00', contrastText: '#ffffff' },
    background: { default: '#f5f7f6', paper: '#ffffff' },
    text: { primary: '#111827', secondary: '#4b5563' },
    divider: 'rgba(17, 24, 39, 0.12)',
  },
  dark: {
    // dark: a contained button's hover; MUI's own (main darkened 30 %, #42927e) leaves its dark
    // text at 4.37:1, under WCAG's 4.5 (the accessibility audit caught it under the pointer).
    primary: { main: '#5fd1b5', dark: '#48b89c', contrastText: '#06251e' },
    secondary: { main: '#f2c46d', contrastText: '#2a1c00' },
    background: { default: '#0b1220', paper: '#111827' },
    text: { primary: '#f3f4f6', secondary: '#9ca3af' },
    divider: 'rgba(243, 244, 246, 0.12)',
  },
} as const;

/** No motion: every MUI transition is 'none' and every duration 0 (Fade, Grow, Slide, Collapse read these). */
const STILL_TRANSITIONS = {
  create: () => 'none',
  getAutoHeightDuration: () => 0,
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

/**
 * The app theme for one direction, with both palettes as CSS variables: which one shows is
 * decided by `data-color-scheme` on <html> (colorScheme.ts), so the same markup and the same
 * class names serve a light and a dark reader, and a page the server drew is right for both.
 *
 * `reducedMotion` is the reader's `prefers-reduced-motion: reduce` (LocaleThemeProvider follows
 * it once the page is the app's): MUI's transitions are then switched off in the theme itself;
 * the same media query in the global styles stops any other CSS motion (skeleton pulse and
 * wave, ripples, smooth scrolling) from the first paint, whatever the theme says.
 */
export function createAppTheme(direction: Direction, reducedMotion = false): Theme {
  return createTheme({
    direction,
    cssVariables: { colorSchemeSelector: COLOR_SCHEME_ATTRIBUTE, cssVarPrefix: 'q' },
    colorSchemes: { light: { palette: palettes.light }, dark: { palette: palettes.dark } },
    motion: { reducedMotion: 'system' },
    // MUI's own keyboard focus ring (2px outline in the primary colour) on every button, chip,
    // tab and icon button: their base style removes the browser's outline.
    focusVisible: true,
    ...(reducedMotion ? { transitions: STILL_TRANSITIONS } : {}),
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
        styleOverrides: (theme) => ({
          // The post types' colours of both schemes (postTypeColors.ts).
          ...postTypeColorVariables(),
          // Safari still takes only the prefixed user-select (emotionCache.ts adds no prefixes).
          '.MuiButtonBase-root': { WebkitUserSelect: 'none' },
          // A visible keyboard focus ring everywhere, in the theme's colour.
          ':focus-visible': {
            outline: `2px solid ${theme.vars.palette.primary.main}`,
            outlineOffset: '2px',
          },
          [`@media ${REDUCED_MOTION_QUERY}`]: {
            html: { scrollBehavior: 'auto' },
            '*, *::before, *::after': {
              animationDuration: '0s !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0s !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
          },
        }),
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      ...(reducedMotion ? { MuiSkeleton: { defaultProps: { animation: false } }, MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    },
  });
}
