/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

const app = (
  <Routes>
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password" element={<ResetPasswordPage />} />
  </Routes>
);

describe('ForgotPasswordPage', () => {
  it('checks the address, then shows the same answer whatever the account', async () => {
    const f = mockFetch(() => json(200, { detail: 'إذا كان هذا البريد الإلكتروني مرتبطاً بحساب، فقد أُرسل إليه رابط.' }));
    const { user: u } = renderWithProviders(app, { route: '/forgot-password' });
    const email = screen.getByLabelText(/^البريد الإلكتروني/);
    await u.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }));
    expect(await screen.findByText('البريد الإلكتروني مطلوب')).toBeInTheDocument();
    await u.type(email, 'nobody');
    await u.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }));
    expect(await screen.findByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);

    await u.clear(email);
    await u.type(email, ' reader@example.com ');
    await u.click(screen.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }));
    expect(await screen.findByRole('status')).toHaveTextContent('إذا كان هذا البريد الإلكتروني مرتبطاً بحساب، فقد أُرسل إليه رابط.');
    expect(await f.calls[0].json()).toEqual({ email: 'reader@example.com' });
    expect(screen.getByRole('link', { name: 'العودة إلى تسجيل الدخول' })).toHaveAttribute('href', '/login');
  });
});

describe('ResetPasswordPage', () => {
  const newPassword = () => screen.getByLabelText(/^كلمة المرور الجديدة/);
  const confirm = () => screen.getByLabelText(/^تأكيد كلمة المرور الجديدة/);
  const save = () => screen.getByRole('button', { name: 'حفظ كلمة المرور' });

  it('sets the new password with the link’s token, after the §5 password rules', async () => {
    const f = mockFetch(() => json(200, { detail: 'ok' }));
    const { user: u } = renderWithProviders(app, { route: '/reset-password?token=abc123' });
    await u.type(newPassword(), 'short');
    await u.type(confirm(), 'other');
    await u.click(save());
    expect(await screen.findByText('8 أحرف على الأقل')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);

    await u.clear(newPassword());
    await u.type(newPassword(), 'New#Pass2026');
    await u.clear(confirm());
    await u.type(confirm(), 'New#Pass2026');
    await u.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('تم تعيين كلمة المرور الجديدة');
    expect(await f.calls[0].json()).toEqual({ token: 'abc123', new_password: 'New#Pass2026' });
    expect(screen.getByRole('link', { name: 'الانتقال إلى تسجيل الدخول' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message for a used or expired link, with a way to ask again", async () => {
    mockFetch(() => json(400, { token: ['رابط إعادة التعيين غير صالح أو منتهي الصلاحية.'] }));
    const { user: u } = renderWithProviders(app, { route: '/reset-password?token=used' });
    await u.type(newPassword(), 'New#Pass2026');
    await u.type(confirm(), 'New#Pass2026');
    await u.click(save());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('رابط إعادة التعيين غير صالح أو منتهي الصلاحية.'));
    expect(screen.getByRole('link', { name: 'طلب رابط جديد' })).toHaveAttribute('href', '/forgot-password');
    expect(newPassword()).toHaveValue('New#Pass2026');
  });

  it('takes the token out of the address bar once read, and still resets with it, after a reload too', async () => {
    const f = mockFetch(() => json(200, { detail: 'ok' }));
    const first = renderWithProviders(app, { route: '/reset-password?token=s3cret-reset-0123456789', browser: true });
    await waitFor(() => expect(window.location.href).toBe('http://localhost/reset-password'));
    expect(screen.getByRole('button', { name: 'حفظ كلمة المرور' })).toBeInTheDocument();
    // A reload: the same history entry, the page drawn again from nothing.
    first.unmount();
    const { user: u } = renderWithProviders(app, { route: '/reset-password', browser: true });
    await u.type(newPassword(), 'New#Pass2026');
    await u.type(confirm(), 'New#Pass2026');
    await u.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('تم تعيين كلمة المرور الجديدة');
    expect(await f.calls[0].json()).toEqual({ token: 's3cret-reset-0123456789', new_password: 'New#Pass2026' });
    expect(window.location.href).not.toContain('s3cret');
  });

  it('says so when the link has no token', () => {
    mockFetch(() => json(500, {}));
    renderWithProviders(app, { route: '/reset-password' });
    expect(screen.getByText(/رابط إعادة التعيين غير مكتمل/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حفظ كلمة المرور' })).not.toBeInTheDocument();
  });
});
