/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { GuestOnly } from '../../app/guards/GuestOnly';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import SignupPage from './SignupPage';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const app = (
  <Routes>
    <Route element={<GuestOnly />}>
      <Route path="/signup" element={<SignupPage />} />
    </Route>
    <Route path="*" element={<Where />} />
  </Routes>
);

const box = (name: RegExp) => screen.getByLabelText(name);
const fields = {
  username: () => box(/^اسم المستخدم/),
  first: () => box(/^الاسم الأول/),
  last: () => box(/^اسم العائلة/),
  email: () => box(/^البريد الإلكتروني/),
  password: () => box(/^كلمة المرور/),
  password2: () => box(/^تأكيد كلمة المرور/),
};
const submit = () => screen.getByRole('button', { name: 'إنشاء الحساب' });
const banner = () => screen.queryAllByRole('alert').find((el) => el.classList.contains('MuiAlert-root')) ?? null;

async function fill(u: ReturnType<typeof renderWithProviders>['user'], values: Partial<Record<keyof typeof fields, string>>) {
  for (const [key, value] of Object.entries(values)) {
    const input = fields[key as keyof typeof fields]();
    await u.clear(input);
    if (value) await u.type(input, value);
  }
}

const valid = { username: 'sara', first: 'سارة', last: 'العلي', email: 'sara@example.com', password: 'Sara#2025x', password2: 'Sara#2025x' };

describe('SignupPage', () => {
  it('checks every §5 rule with its message, and sends nothing', async () => {
    const f = mockFetch(() => json(500, {}));
    const { user: u } = renderWithProviders(app, { route: '/signup' });
    await u.click(submit());
    for (const message of ['اسم المستخدم مطلوب', 'الاسم الأول مطلوب', 'اسم العائلة مطلوب', 'البريد الإلكتروني مطلوب', 'كلمة المرور مطلوبة', 'التأكيد مطلوب']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fill(u, { username: 'sa', first: 'سارة', last: 'العلي', email: 'not-an-email', password: 'short', password2: 'other' });
    await u.click(submit());
    for (const message of ['3 أحرف على الأقل', 'البريد الإلكتروني غير صالح', '8 أحرف على الأقل', 'كلمتا المرور غير متطابقتين']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('الاسم الأول مطلوب')).not.toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
  });

  it('clears a field’s message when that field is edited, and only that one', async () => {
    mockFetch(() => json(500, {}));
    const { user: u } = renderWithProviders(app, { route: '/signup' });
    await u.click(submit());
    await screen.findByText('اسم المستخدم مطلوب');
    await u.type(fields.username(), 's');
    expect(screen.queryByText('اسم المستخدم مطلوب')).not.toBeInTheDocument();
    expect(screen.getByText('الاسم الأول مطلوب')).toBeInTheDocument();
  });

  it('creates a regular account, signs the reader in and goes to /', async () => {
    const reader = user({ username: 'sara' });
    const f = mockFetch((_req, path) => (path === '/auth/register/' ? json(201, { access: 'a', refresh: 'r', user: reader }) : json(404, {})));
    const { user: u, store } = renderWithProviders(app, { route: '/signup' });
    await fill(u, valid);
    await u.click(submit());
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(await f.calls[0].json()).toEqual({
      username: 'sara',
      first_name: 'سارة',
      last_name: 'العلي',
      email: 'sara@example.com',
      password: 'Sara#2025x',
      password2: 'Sara#2025x',
      user_type: 'regular',
    });
    expect(store.getState().session).toMatchObject({ access: 'a', refresh: 'r', user: { username: 'sara' } });
    expect(await screen.findByText('تم إنشاء الحساب بنجاح')).toBeInTheDocument();
  });

  it("puts the server's field errors under their fields with the 'fix the errors' toast", async () => {
    mockFetch(() => json(400, { username: ['اسم المستخدم مستخدم بالفعل.'], email: ['هذا البريد مسجل بالفعل.'] }));
    const { user: u, store } = renderWithProviders(app, { route: '/signup' });
    await fill(u, valid);
    await u.click(submit());
    expect(await screen.findByText('اسم المستخدم مستخدم بالفعل.')).toBeInTheDocument();
    expect(screen.getByText('هذا البريد مسجل بالفعل.')).toBeInTheDocument();
    expect(fields.username()).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('يرجى تصحيح أخطاء التحقق')).toBeInTheDocument();
    expect(store.getState().session.access).toBeNull();
    // Nothing typed is lost.
    expect(fields.email()).toHaveValue('sara@example.com');
    await u.type(fields.email(), 'x');
    expect(screen.queryByText('هذا البريد مسجل بالفعل.')).not.toBeInTheDocument();
  });

  it('shows the error message, else the fixed text, when there is no field to point at', async () => {
    mockFetch(() => json(429, { detail: 'طلبات كثيرة، حاول لاحقاً.' }));
    const { user: u } = renderWithProviders(app, { route: '/signup' });
    await fill(u, valid);
    await u.click(submit());
    await waitFor(() => expect(banner()).toHaveTextContent('طلبات كثيرة، حاول لاحقاً.'));

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await u.click(submit());
    await waitFor(() => expect(banner()).toHaveTextContent('فشل التسجيل، يرجى المحاولة مرة أخرى'));
    await u.type(fields.first(), 'ة');
    expect(banner()).toBeNull();
  });
});
