/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { GuestOnly } from '../../app/guards/GuestOnly';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import LoginPage from './LoginPage';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const app = (
  <Routes>
    <Route element={<GuestOnly />}>
      <Route path="/login" element={<LoginPage />} />
    </Route>
    <Route path="*" element={<Where />} />
  </Routes>
);

const fromBookmarks = { pathname: '/login', state: { from: { pathname: '/bookmarks', search: '', hash: '' } } };
const reader = user({ username: 'reader' });
const signedIn = { access: 'a1', refresh: 'r1', id: reader.id, username: 'reader', email: reader.email, first_name: reader.first_name, last_name: reader.last_name, user_type: reader.user_type, is_verified: false, user: reader };

const username = () => screen.getByRole('textbox', { name: /اسم المستخدم/ });
const password = () => screen.getByLabelText(/كلمة المرور/);
const submit = () => screen.getByRole('button', { name: 'تسجيل الدخول' });
/** The screen's red banner (toasts are alerts too). */
const banner = () => screen.queryAllByRole('alert').find((el) => el.classList.contains('MuiAlert-root')) ?? null;

describe('LoginPage', () => {
  it('requires both fields, with their messages, and sends nothing', async () => {
    const f = mockFetch(() => json(500, {}));
    const { user: u } = renderWithProviders(app, { route: fromBookmarks });
    await u.click(submit());
    expect(await screen.findByText('اسم المستخدم مطلوب')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور مطلوبة')).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
    // Editing a field clears its message.
    await u.type(username(), 'r');
    expect(screen.queryByText('اسم المستخدم مطلوب')).not.toBeInTheDocument();
    expect(screen.getByText('كلمة المرور مطلوبة')).toBeInTheDocument();
  });

  it('signs in, stores the session and returns to the remembered page', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const f = mockFetch(async (req, path) => {
      if (path === '/auth/login/') {
        await held;
        return json(200, signedIn);
      }
      return json(404, {});
    });
    const { user: u, store } = renderWithProviders(app, { route: fromBookmarks });
    await u.type(username(), '  reader ');
    await u.type(password(), 'Reader#2025');
    await u.click(submit());
    // While the call is under way the form cannot be changed or sent again.
    await waitFor(() => expect(username()).toBeDisabled());
    expect(password()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'جاري تسجيل الدخول…' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/bookmarks'));
    expect(await f.calls[0].json()).toEqual({ username: 'reader', password: 'Reader#2025' });
    expect(store.getState().session).toMatchObject({ access: 'a1', refresh: 'r1', user: { username: 'reader' } });
  });

  it("shows the server's message in a red banner when sign-in fails, and clears it on edit", async () => {
    mockFetch(() => json(401, { detail: 'لا يوجد حساب نشط بهذه البيانات' }));
    const { user: u, store } = renderWithProviders(app, { route: '/login' });
    await u.type(username(), 'reader');
    await u.type(password(), 'wrong-password');
    await u.click(submit());
    await waitFor(() => expect(banner()).toHaveTextContent('لا يوجد حساب نشط بهذه البيانات'));
    // …and the same message as a toast.
    await waitFor(() => expect(screen.getAllByText('لا يوجد حساب نشط بهذه البيانات')).toHaveLength(2));
    expect(store.getState().session.access).toBeNull();
    expect(username()).toBeEnabled();
    await u.type(password(), 'x');
    expect(banner()).toBeNull();
  });

  it('falls back to the first field message, then to the fixed text', async () => {
    mockFetch(() => json(400, { username: ['هذا الحقل طويل جداً.'] }));
    const { user: u } = renderWithProviders(app, { route: '/login' });
    await u.type(username(), 'reader');
    await u.type(password(), 'secret');
    await u.click(submit());
    await waitFor(() => expect(banner()).toHaveTextContent('هذا الحقل طويل جداً.'));

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await u.click(submit());
    await waitFor(() => expect(banner()).toHaveTextContent('فشل تسجيل الدخول، يرجى التحقق من بيانات الاعتماد'));
  });

  it('links to sign-up and the forgotten password page', () => {
    mockFetch(() => json(404, {}));
    renderWithProviders(app, { route: '/login' });
    expect(screen.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute('href', '/forgot-password');
  });
});
