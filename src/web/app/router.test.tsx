/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { sessionEnded } from '../state/sessionSlice';
import { mockFetch } from '../test/fetchMock';
import { user } from '../test/fixtures';
import { frameHandler } from '../test/frameApi';
import { installMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/renderWithProviders';
import type { PreloadedRootState } from './store';
import { AppRoutes } from './router';

/** Shows where the router is, and the state it carries, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

const app = (
  <>
    <AppRoutes />
    <LocationProbe />
  </>
);
const where = () => screen.getByTestId('location');
const stateOf = () => JSON.parse(where().getAttribute('data-state') ?? 'null');
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  media = installMatchMedia({ width: 1280 });
  mockFetch(frameHandler());
});
afterEach(() => media.uninstall());

describe('public routes', () => {
  it.each([
    ['/', 'الرئيسية'],
    ['/explore', 'اكتشف'],
    ['/categories', 'التصنيفات'],
    ['/types', 'أنواع المنشورات'],
    ['/types/3', 'لم يتم العثور على نوع المنشور'],
    ['/hashtags', 'الوسوم'],
    ['/hashtags/tag-1', 'لم يتم العثور على الوسم'],
    ['/organizations', 'الجهات'],
    ['/organizations/ORG1', 'لم يتم العثور على الجهة'],
    ['/profile/reader', 'لم يتم العثور على هذا المستخدم'],
    ['/forgot-password', 'نسيت كلمة المرور'],
    ['/reset-password?token=x', 'تعيين كلمة مرور جديدة'],
    ['/about', 'حول المنصة'],
    ['/privacy', 'سياسة الخصوصية'],
    ['/terms', 'شروط الاستخدام'],
  ])('%s shows its screen to a visitor', async (route, title) => {
    renderWithProviders(app, { route });
    expect(await heading(title)).toBeInTheDocument();
    expect(where()).toHaveTextContent(route);
  });

  it('sends any other path to /', async () => {
    renderWithProviders(app, { route: '/no/such/page?x=1' });
    expect(await heading('الرئيسية')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/$/);
  });
});

describe('signed-in-only routes', () => {
  it.each(['/bookmarks', '/following', '/settings'])('send a visitor from %s to /login, remembering the origin', async (route) => {
    renderWithProviders(app, { route: `${route}?page=2` });
    expect(await heading('تسجيل الدخول إلى منصة القرارات')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/login$/);
    expect(stateOf()).toEqual({ from: { pathname: route, search: '?page=2', hash: '' } });
  });

  it.each([
    ['/bookmarks', 'المحفوظات'],
    ['/following', 'متابعاتي'],
    ['/settings', 'الإعدادات'],
  ])('let a signed-in reader into %s', async (route, title) => {
    renderWithProviders(app, { route, preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('are in the navigation for a signed-in reader only (their links come in a chunk of their own)', async () => {
    renderWithProviders(app, { route: '/', preloadedState: signedIn });
    const nav = await screen.findByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(await within(nav).findByRole('link', { name: 'متابعاتي' })).toHaveAttribute('href', '/following');
    expect(within(nav).getByRole('link', { name: 'المحفوظات' })).toHaveAttribute('href', '/bookmarks');
  });

  it('are not in a visitor’s navigation', async () => {
    renderWithProviders(app, { route: '/' });
    const nav = await screen.findByRole('navigation', { name: 'التنقل الرئيسي' });
    await heading('الرئيسية');
    expect(within(nav).queryByRole('link', { name: 'متابعاتي' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'المحفوظات' })).not.toBeInTheDocument();
  });
});

describe('guest-only routes', () => {
  it.each(['/login', '/signup'])('redirect a signed-in reader from %s to /', async (route) => {
    renderWithProviders(app, { route, preloadedState: signedIn });
    expect(await heading('الرئيسية')).toBeInTheDocument();
    expect(where()).toHaveTextContent(/^\/$/);
  });

  it('show sign-in and sign-up to a visitor', async () => {
    renderWithProviders(app, { route: '/signup' });
    expect(await heading('إنشاء حساب')).toBeInTheDocument();
  });

  it('return a reader who has just signed in to the remembered origin', async () => {
    const { store } = renderWithProviders(app, {
      route: { pathname: '/login', state: { from: { pathname: '/settings', search: '?tab=password', hash: '' } } },
    });
    await heading('تسجيل الدخول إلى منصة القرارات');
    act(() => {
      store.dispatch({ type: 'session/signedIn', payload: { access: 'a', refresh: 'r', user: user() } });
    });
    expect(await heading('الإعدادات')).toBeInTheDocument();
    expect(where()).toHaveTextContent('/settings?tab=password');
  });
});

describe('a stored token without a loaded user', () => {
  it('fetches the profile first behind a spinner, then renders the route', async () => {
    // /auth/me/ is held until the spinner has been seen.
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const frame = frameHandler();
    const f = mockFetch(async (req, path) => {
      if (path === '/auth/me/') await held;
      return frame(req, path);
    });

    const { store } = renderWithProviders(app, { route: '/bookmarks', preloadedState: { session: { access: 'a', refresh: 'r' } } });
    expect(screen.getByRole('progressbar', { name: 'جاري تحميل حسابك…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await waitFor(() => expect(f.paths()).toContain('GET /auth/me/'));
    expect(f.calls.find((r) => r.url.endsWith('/auth/me/'))?.headers.get('authorization')).toBe('Bearer a');

    answer?.();
    expect(await heading('المحفوظات')).toBeInTheDocument();
    expect(store.getState().session.user?.username).toBe('reader');
  });

  it('does not fetch the profile for a visitor or a loaded user', async () => {
    const f = mockFetch(frameHandler());
    renderWithProviders(app, { route: '/', preloadedState: signedIn });
    await heading('الرئيسية');
    renderWithProviders(app, { route: '/' });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(2));
    expect(f.paths()).not.toContain('GET /auth/me/');
  });
});

describe('session messages', () => {
  it('shows the §8 message and goes to /login when the session ends', async () => {
    const { store } = renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    await heading('المحفوظات');
    act(() => {
      store.dispatch(sessionEnded({ reason: 'sessionExpired' }));
    });
    expect(await screen.findByText('انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.')).toBeInTheDocument();
    expect(await heading('تسجيل الدخول إلى منصة القرارات')).toBeInTheDocument();
    expect(store.getState().session.notice).toBeNull();
    expect(stateOf()).toEqual({ from: { pathname: '/bookmarks', search: '', hash: '' } });
  });

  it('says authentication failed when the refresh failed', async () => {
    const { store } = renderWithProviders(app, { route: '/', preloadedState: signedIn });
    await heading('الرئيسية');
    act(() => {
      store.dispatch(sessionEnded({ reason: 'authFailed' }));
    });
    expect(await screen.findByText('فشلت المصادقة. يرجى تسجيل الدخول مرة أخرى.')).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent(/^\/login$/));
  });
});
