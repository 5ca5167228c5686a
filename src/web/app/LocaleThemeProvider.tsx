import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { selectLanguage, selectTheme } from '../state/preferencesSlice';
import { applyDocumentLanguage, directionOf } from '../i18n';
import { createAppTheme } from '../theme/createAppTheme';
import { DirectionProvider } from '../theme/DirectionProvider';
import { REDUCED_MOTION_QUERY } from '../theme/motion';
import { MODE_KEY, preferenceStorage } from '../theme/preferenceStorage';
import { useThemeColorMeta } from '../theme/themeColor';
import { useResolvedThemeMode } from '../theme/useResolvedThemeMode';
import { useAppSelector } from './hooks';
import { RENDERING_ON_SERVER } from './serverSide';
import type { AppStore } from './store';

/** MUI's provider of a theme with variables takes it (ThemeProviderWithVars); its shared props type does not name it. */
const SCHEMES_IN_PAGE = { disableStyleSheetGeneration: true } as object;

/**
 * In the browser MUI's provider reads the mode in its first render (noSsr) rather than setting
 * it just after: a state change there, while the page the server drew is being taken over,
 * would make React take over the rest of the page in one blocking piece (a long task on a slow
 * phone). The mode changes no markup (the scheme is CSS), so the take-over still matches.
 */
const IN_BROWSER = !RENDERING_ON_SERVER;

/**
 * The one place where the language preference takes effect: `<html lang dir>` and i18next
 * (applyDocumentLanguage), the Emotion cache (DirectionProvider) and the MUI theme direction
 * all follow `preferences.language` together. The palette is CSS: both schemes are variables and
 * `data-color-scheme` on <html> picks one (src/web/theme/colorScheme.ts), set before the first
 * paint and kept by MUI's provider, whose mode is the store's theme preference
 * (preferenceStorage); so is the browser's bar colour (`<meta name="theme-color">`). A system
 * asking for reduced motion gets a theme without transitions once the page is the app's (the
 * global styles stop CSS motion from the first paint). `schemesInPage`: the page's <head> holds the
 * schemes' variables (a page the server drew).
 */
export function LocaleThemeProvider({ children, schemesInPage = false }: { children: ReactNode; schemesInPage?: boolean }) {
  const store = useStore() as AppStore;
  const storage = useMemo(() => preferenceStorage(store), [store]);
  const language = useAppSelector(selectLanguage);
  const mode = useResolvedThemeMode(useAppSelector(selectTheme));
  const direction = directionOf(language);
  // Not read during the first render: a page the server drew is taken over as it was drawn.
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  useThemeColorMeta(mode);

  // Before paint, so the first frame already has the right direction and strings.
  useLayoutEffect(() => {
    applyDocumentLanguage(language);
  }, [language]);

  const theme = useMemo(() => createAppTheme(direction, reducedMotion), [direction, reducedMotion]);

  return (
    <DirectionProvider direction={direction}>
      {/* A page the server drew carries both schemes' variables in its <head> already: inserting
          them again as the app takes over would restyle the whole page at once (a long task on a
          slow phone). */}
      <ThemeProvider theme={theme} storageManager={storage} modeStorageKey={MODE_KEY} disableTransitionOnChange noSsr={IN_BROWSER} {...(schemesInPage ? SCHEMES_IN_PAGE : {})}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </DirectionProvider>
  );
}
