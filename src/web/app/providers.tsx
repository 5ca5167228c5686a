import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { Toaster } from '../components/Toaster';
import i18n from '../i18n';
import { ClockProvider, type PageClock } from './clock';
import { RENDERING_ON_SERVER } from './serverSide';
import { LocaleThemeProvider } from './LocaleThemeProvider';
import type { AppStore } from './store';

interface AppProvidersProps {
  /** The stored session and preferences are back before the first render (src/web/start.tsx waits for them). */
  store: AppStore;
  /** The strings' instance: the server's renderer gives each language its own (src/web/ssr.tsx). */
  i18n?: typeof i18n;
  /** The moment and zone a page the server drew was drawn in, while the app takes it over. */
  clock?: PageClock;
  children: ReactNode;
}

/** Everything a screen needs around it: store, strings, theme, toasts. */
export function AppProviders({ store, i18n: strings = i18n, clock, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={strings}>
        <ClockProvider drawnAt={clock}>
          <LocaleThemeProvider schemesInPage={!!clock && !RENDERING_ON_SERVER}>
            {children}
            <Toaster />
          </LocaleThemeProvider>
        </ClockProvider>
      </I18nextProvider>
    </Provider>
  );
}
