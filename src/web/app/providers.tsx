import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { Toaster } from '../components/Toaster';
import i18n from '../i18n';
import { LocaleThemeProvider, type ServerMedia } from './LocaleThemeProvider';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  /** From startPersistence(store); without it (tests) the state is used as preloaded. */
  persistor?: Persistor;
  /** The server's renderer: how wide a screen it draws for, as MUI's ssrMatchMedia. */
  serverMedia?: ServerMedia;
  children: ReactNode;
}

/** Everything a screen needs around it: store, persisted state, strings, theme, toasts. */
export function AppProviders({ store, persistor, serverMedia, children }: AppProvidersProps) {
  const app = (
    <I18nextProvider i18n={i18n}>
      <LocaleThemeProvider serverMedia={serverMedia}>
        {children}
        <Toaster />
      </LocaleThemeProvider>
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
