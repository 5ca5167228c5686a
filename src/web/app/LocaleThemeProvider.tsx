import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { selectLanguage, selectTheme } from '../features/settings/preferencesSlice';
import { applyDocumentLanguage, directionOf } from '../i18n';
import { createAppTheme } from '../theme/createAppTheme';
import { DirectionProvider } from '../theme/DirectionProvider';
import { REDUCED_MOTION_QUERY } from '../theme/motion';
import { useThemeColorMeta } from '../theme/themeColor';
import { useResolvedThemeMode } from '../theme/useResolvedThemeMode';
import { useAppSelector } from './hooks';

/** What MUI's useMediaQuery asks where there is no window (src/web/ssr.tsx). */
export type ServerMedia = (query: string) => { matches: boolean };

/**
 * The one place where the language preference takes effect: `<html lang dir>` and i18next
 * (applyDocumentLanguage), the Emotion cache (DirectionProvider) and the MUI theme direction
 * all follow `preferences.language` together; the palette follows `preferences.theme`, and so
 * does the browser's bar colour (`<meta name="theme-color">`). A system asking for reduced
 * motion gets a theme without transitions.
 */
export function LocaleThemeProvider({ children, serverMedia }: { children: ReactNode; serverMedia?: ServerMedia }) {
  const language = useAppSelector(selectLanguage);
  const themePreference = useAppSelector(selectTheme);
  const mode = useResolvedThemeMode(themePreference);
  const direction = directionOf(language);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true });
  useThemeColorMeta(mode);

  // Before paint, so the first frame already has the right direction and strings.
  useLayoutEffect(() => {
    applyDocumentLanguage(language);
  }, [language]);

  const theme = useMemo(() => {
    const appTheme = createAppTheme(mode, direction, reducedMotion);
    // Only where there is no window: the width the server's renderer draws for.
    return serverMedia ? createTheme(appTheme, { components: { MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: serverMedia } } } }) : appTheme;
  }, [mode, direction, reducedMotion, serverMedia]);

  return (
    <DirectionProvider direction={direction}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </DirectionProvider>
  );
}
