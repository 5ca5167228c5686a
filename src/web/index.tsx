import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { makeStore, startPersistence } from './app/store';
import { loadLanguage } from './i18n';
import { registerFonts } from './theme/fonts';

registerFonts();

const store = makeStore();
const persistor = startPersistence(store);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A reader who chose English gets its strings before the first render, not a flash of Arabic.
void loadLanguage(store.getState().preferences.language).finally(() =>
  createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
  ),
);
