import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { Toaster } from '../components/Toaster';
import i18n from '../i18n';
import { ClockProvider, type PageClock } from './clock';
import { RENDERING_ON_SERVER } from './serverSide';
import { LocaleThemeProvider } from './LocaleThemeProvider';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  /** From startPersistence(store); without it (tests) the state is used as preloaded. */
  persistor?: Persistor;
  /** The strings' instance: the server's renderer gives each language its own (src/web/ssr.tsx). */
  i18n?: typeof i18n;
  /** The moment and zone a page the server drew was drawn in, while the app takes it over. */
  clock?: PageClock;
  children: ReactNode;
}

/** Everything a screen needs around it: store, persisted state, strings, theme, toasts. */
export function AppProviders({ store, persistor, i18n: strings = i18n, clock, children }: AppProvidersProps) {
  const app = (
    <I18nextProvider i18n={strings}>
      <ClockProvider drawnAt={clock}>
        <LocaleThemeProvider schemesInPage={!!clock && !RENDERING_ON_SERVER}>
          {children}
          <Toaster />
        </LocaleThemeProvider>
      </ClockProvider>
    </I18nextProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {app}
        </PersistGate>
      ) : (
        app
      )}
    </Provider>
  );
}
