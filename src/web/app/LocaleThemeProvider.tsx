import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { selectLanguage, selectTheme } from '../features/settings/preferencesSlice';
import { applyDocumentLanguage, directionOf } from '../i18n';
import { createAppTheme } from '../theme/createAppTheme';
import { DirectionProvider } from '../theme/DirectionProvider';
import { REDUCED_MOTION_QUERY } from '../theme/motion';
import { MODE_KEY, preferenceStorage } from '../theme/preferenceStorage';
import { useThemeColorMeta } from '../theme/themeColor';
import { useResolvedThemeMode } from '../theme/useResolvedThemeMode';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

/**
 * The one place where the language preference takes effect: `<html lang dir>` and i18next
 * (applyDocumentLanguage), the Emotion cache (DirectionProvider) and the MUI theme direction
 * all follow `preferences.language` together. The palette is CSS: both schemes are variables and
 * `data-color-scheme` on <html> picks one (src/web/theme/colorScheme.ts), set before the first
 * paint and kept by MUI's provider, whose mode is the store's theme preference
 * (preferenceStorage); so is the browser's bar colour (`<meta name="theme-color">`). A system
 * asking for reduced motion gets a theme without transitions once the page is the app's (the
 * global styles stop CSS motion from the first paint).
 */
export function LocaleThemeProvider({ children }: { children: ReactNode }) {
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
      <ThemeProvider theme={theme} storageManager={storage} modeStorageKey={MODE_KEY} disableTransitionOnChange>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </DirectionProvider>
  );
}
