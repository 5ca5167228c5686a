/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import { useState } from 'react';
import type { Persistor } from 'redux-persist';
import { Route, Routes } from 'react-router-dom';
import { GuestOnly } from '../../app/guards/GuestOnly';
import { SESSION_STORAGE_KEY } from '../../app/persistence';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { persistedStore } from '../../test/persistedStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

/**
 * Issue 18: the session reached localStorage about 20 ms after the address changed to /, so a
 * reload at that moment lost it. Spec §4: sign-in and sign-up store the tokens, then navigate.
 * The home route here reads localStorage on its first render, the moment the address changes.
 */
function Home() {
  const [stored] = useState(() => localStorage.getItem(SESSION_STORAGE_KEY));
  return <p data-testid="stored-on-arrival">{stored ?? 'nothing'}</p>;
}

const app = (
  <Routes>
    <Route element={<GuestOnly />}>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
    </Route>
    <Route path="/" element={<Home />} />
  </Routes>
);

const reader = user({ username: 'reader' });
const session = { access: 'a1', refresh: 'r1', ...reader, user: reader };

let persistor: Persistor | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => persistor?.pause());

/** The tokens as redux-persist stores them (each field JSON-encoded in a JSON object). */
async function storedOnArrival() {
  const raw = (await screen.findByTestId('stored-on-arrival')).textContent ?? '';
  const fields = raw === 'nothing' ? {} : (JSON.parse(raw) as Record<string, string>);
  return { access: fields.access && JSON.parse(fields.access), refresh: fields.refresh && JSON.parse(fields.refresh) };
}

describe('a new session is stored before the address changes to /', () => {
  it('after sign-in', async () => {
    mockFetch((_req, path) => (path === '/auth/login/' ? json(200, session) : json(404, {})));
    const persisted = await persistedStore();
    persistor = persisted.persistor;
    const { user: u } = renderWithProviders(app, { route: '/login', store: persisted.store });
    await u.type(screen.getByRole('textbox', { name: /اسم المستخدم/ }), 'reader');
    await u.type(screen.getByLabelText(/كلمة المرور/), 'Reader#2025');
    await u.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await storedOnArrival()).toEqual({ access: 'a1', refresh: 'r1' });
  });

  it('after sign-up', async () => {
    mockFetch((_req, path) => (path === '/auth/register/' ? json(201, session) : json(404, {})));
    const persisted = await persistedStore();
    persistor = persisted.persistor;
    const { user: u } = renderWithProviders(app, { route: '/signup', store: persisted.store });
    const values: [RegExp, string][] = [
      [/^اسم المستخدم/, 'reader'],
      [/^الاسم الأول/, 'Rana'],
      [/^اسم العائلة/, 'Haddad'],
      [/^البريد الإلكتروني/, 'reader@example.com'],
      [/^كلمة المرور/, 'Reader#2025'],
      [/^تأكيد كلمة المرور/, 'Reader#2025'],
    ];
    for (const [label, value] of values) await u.type(screen.getByLabelText(label), value);
    await u.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await storedOnArrival()).toEqual({ access: 'a1', refresh: 'r1' });
  });
});
