/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { debugChanged } from '../state/preferencesSlice';
import { mockFetch } from '../test/fetchMock';
import { frameHandler } from '../test/frameApi';
import { installMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/renderWithProviders';
import { lazyPart } from './chunks';
import { AppRoutes } from './router';
import { makeStore, startPersistence } from './store';

/**
 * Issue 27, point 9: a chunk that does not come (a flaky network, a deployment that removed it)
 * is tried again once; should it fail again, the reader is told in their language and the page
 * stays — never an unhandled rejection (jest fails a test during which one happens) nor an error
 * that unmounts the app. Each import is made to fail by its module throwing when required, as
 * babel turns import() into a require in a promise.
 */

const attempts = { site: 0, explore: 0, recorder: 0 };
jest.mock('../features/site/SitePage', () => {
  // Fails the first time only: the retry brings it.
  if (attempts.site++ === 0) throw new Error('Loading chunk site failed.');
  return jest.requireActual('../features/site/SitePage');
});
jest.mock('../features/explore/ExplorePage', () => {
  attempts.explore++;
  throw new Error('Loading chunk explore failed.');
});
jest.mock('./trace/recorder', () => {
  attempts.recorder++;
  throw new Error('Loading chunk trace-recorder failed.');
});

const NETWORK = 'تعذر الاتصال بالخادم. تحقق من اتصالك وحاول مرة أخرى.';
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
  mockFetch(frameHandler());
});
afterEach(() => media.uninstall());

describe('a lazy chunk that fails', () => {
  it('a screen’s, once: tried again, and shown', async () => {
    renderWithProviders(<AppRoutes />, { route: '/about' });
    expect(await screen.findByRole('heading', { level: 1, name: 'حول المنصة' })).toBeInTheDocument();
    expect(attempts.site).toBe(2);
    expect(screen.queryByText(NETWORK)).not.toBeInTheDocument();
  });

  it('a screen’s, twice: the frame stays and the reader is told why', async () => {
    renderWithProviders(<AppRoutes />, { route: '/explore' });
    expect(await screen.findByText(NETWORK)).toBeInTheDocument();
    expect(attempts.explore).toBe(2);
    // The navigation is still there: nothing took the app down.
    expect(screen.getAllByRole('link', { name: 'الرئيسية' }).length).toBeGreaterThan(0);
  });

  it('a part’s: nothing in its place, the reader told why', async () => {
    let tries = 0;
    const Part = lazyPart<object>(() => {
      tries++;
      return Promise.reject(new Error('Loading chunk part failed.'));
    });
    renderWithProviders(
      <main>
        <p>the rest of the page</p>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </main>,
    );
    expect(await screen.findByText(NETWORK)).toBeInTheDocument();
    expect(screen.getByText('the rest of the page')).toBeInTheDocument();
    expect(tries).toBe(2);
  });

  it('the trace recorder’s (developer tools turned on): no unhandled rejection', async () => {
    const store = makeStore(undefined, { readStorage: false });
    const persistor = startPersistence(store);
    act(() => void store.dispatch(debugChanged(true)));
    await settle();
    expect(attempts.recorder).toBe(1);
    persistor.pause();
  });
});
