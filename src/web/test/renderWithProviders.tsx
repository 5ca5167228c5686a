import { render, type RenderOptions } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { makeStore, type AppStore, type PreloadedRootState } from '../app/store';
import i18n from '../i18n';
import arScreens from '../i18n/locales/ar/screens';

// A screen rendered on its own (not through the router's lazy import, which loads them) needs
// the screen strings as well as the bundled core.
i18n.addResourceBundle('ar', 'translation', arScreens, true, false);

interface ExtendedRenderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: PreloadedRootState;
  /** The initial address: a path, or a path with location state (e.g. a remembered origin). */
  route?: string | { pathname: string; search?: string; state?: unknown };
  store?: AppStore;
  /**
   * Under a BrowserRouter on jsdom's window.history, at `route` (a string), rather than a
   * MemoryRouter: for what a page does to the browser's own address bar and history.
   */
  browser?: boolean;
}

/**
 * Renders inside the app's real providers (store, i18n, theme/direction, toasts) and a
 * MemoryRouter, as RTK's testing guide recommends. Persistence is not started.
 */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/', store = makeStore(preloadedState, { readStorage: false }), browser = false, ...options }: ExtendedRenderOptions = {},
) {
  // A route other than the current address is a new entry; the same one is the page drawn again
  // on the same entry (a reload), keeping its state.
  const here = window.location.pathname + window.location.search + window.location.hash;
  if (browser && typeof route === 'string' && route !== here) window.history.pushState(null, '', route);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store}>
        {browser ? <BrowserRouter>{children}</BrowserRouter> : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
      </AppProviders>
    );
  }
  return { store, user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }), ...render(ui, { wrapper: Wrapper, ...options }) };
}
