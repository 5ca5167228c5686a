/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { alert } from '../../components/alerts/alertsTesting';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import SettingsPage from './SettingsPage';
import { reader, signedInAs } from './settingsTesting';

const tab = (name: string) => screen.getByRole('tab', { name });
const TABS = ['الملف الشخصي', 'روابط التواصل', 'الاهتمامات', 'التنبيهات', 'كلمة المرور', 'الحساب'];

async function render(preloadedState = signedInAs(reader)) {
  mockFetch(() => json(404, {}));
  const rendered = renderWithProviders(<SettingsPage />, { route: '/settings', preloadedState });
  await act(async () => {
    await import('notistack');
  });
  return rendered;
}

beforeEach(() => sessionStorage.clear());

describe('SettingsPage', () => {
  it('has the six tabs in a named, scrollable tab list, profile first and chosen', async () => {
    await render();
    expect(screen.getByRole('heading', { name: 'الإعدادات' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'أقسام الإعدادات' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(TABS);
    expect(tab('الملف الشخصي')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'الملف الشخصي' })).toContainElement(screen.getByLabelText(/^الاسم الأول/));
  });

  it('shows one panel at a time, each tab naming the panel it controls', async () => {
    const { user } = await render();
    for (const name of TABS) {
      await user.click(tab(name));
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveAccessibleName(name);
      expect(tab(name)).toHaveAttribute('aria-controls', panel.id);
    }
  });

  it('keeps what was typed in a tab while another is looked at', async () => {
    const { user } = await render();
    await user.type(screen.getByLabelText(/^الاسم الأول/), ' ن');
    await user.click(tab('الحساب'));
    await user.click(tab('الملف الشخصي'));
    expect(screen.getByLabelText(/^الاسم الأول/)).toHaveValue('سارة ن');
  });

  it('remembers the chosen tab for this browser tab only (local selection)', async () => {
    const first = await render();
    await first.user.click(tab('الحساب'));
    first.unmount();
    const second = await render();
    expect(tab('الحساب')).toHaveAttribute('aria-selected', 'true');
    sessionStorage.setItem('qarar:settings-tab', 'nonsense');
    second.unmount();
    await render();
    expect(tab('الملف الشخصي')).toHaveAttribute('aria-selected', 'true');
  });

  it('waits with a spinner while the signed-in user is still loading', async () => {
    await render({ session: { access: 'a', refresh: 'r', user: null } });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('has the alerts screen’s list as its alerts tab, loaded with the alerts’ own chunk', async () => {
    mockFetch((req, path) => (req.method === 'GET' && path === '/alerts/subscriptions/' ? json(200, [alert()]) : json(404, { detail: 'Not found.' })));
    const { user: u } = renderWithProviders(
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
      </Routes>,
      { route: '/settings', preloadedState: signedInAs(reader) },
    );
    await u.click(await screen.findByRole('tab', { name: 'التنبيهات' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'الصحة' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'الإعدادات' })).toBeInTheDocument();
  });
});
