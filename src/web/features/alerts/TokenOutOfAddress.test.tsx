/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import AlertsRoutes from './AlertsRoutes';
import { alert, MANAGE_TOKEN } from '../../components/alerts/alertsTesting';

/**
 * The alert e-mails' links carry their token in the address (SECURITY.md, "Secrets in
 * addresses"): each screen takes it out of the address bar as soon as it has read it, and keeps
 * working with it (on the browser's own history here, not a memory router).
 */
const app = (
  <Routes>
    <Route path="/alerts/*" element={<AlertsRoutes />} />
  </Routes>
);
const CONFIRM_TOKEN = 'c0nfirm-t0ken-0123456789abcdef';
const UNSUBSCRIBE_TOKEN = 'uns-t0ken-0123456789abcdef';

const address = () => window.location.pathname + window.location.search + window.location.hash;

describe('a token in the address', () => {
  it('the alerts screen: removed from the address, the address’s alerts still managed with it', async () => {
    const f = mockFetch((req, path) => (req.method === 'GET' && path === '/alerts/subscriptions/' ? json(200, [alert({ email: 'visitor@example.com' })]) : json(404, {})));
    const { unmount } = renderWithProviders(app, { route: `/alerts?token=${MANAGE_TOKEN}&lang=ar#list`, browser: true });
    expect(await screen.findByText('التنبيهات المرسلة إلى visitor@example.com')).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/alerts?lang=ar#list'));
    expect(new URL(f.calls[0].url).searchParams.get('token')).toBe(MANAGE_TOKEN);
    // Reloaded: the entry's state still has it.
    unmount();
    renderWithProviders(app, { route: address(), browser: true });
    expect(await screen.findByText('التنبيهات المرسلة إلى visitor@example.com')).toBeInTheDocument();
    expect(f.calls.map((c) => new URL(c.url).searchParams.get('token'))).toEqual([MANAGE_TOKEN, MANAGE_TOKEN]);
    expect(window.location.href).not.toContain(MANAGE_TOKEN);
  });

  it('the confirmation screen: removed before anything else, confirmed once, and the manage link’s token removed in turn', async () => {
    const sent: unknown[] = [];
    const f = mockFetch(async (req, path) => {
      if (req.method === 'POST' && path === '/alerts/confirm/') {
        sent.push(await req.json());
        return json(200, { subscription: alert({ email: 'visitor@example.com' }), manage_token: MANAGE_TOKEN });
      }
      if (req.method === 'GET' && path === '/alerts/subscriptions/') return json(200, [alert({ email: 'visitor@example.com' })]);
      return json(404, {});
    });
    const { user } = renderWithProviders(app, { route: `/alerts/confirm?token=${CONFIRM_TOKEN}`, browser: true });
    await waitFor(() => expect(address()).toBe('/alerts/confirm'));
    const manage = await screen.findByRole('link', { name: 'إدارة التنبيهات' });
    expect(sent).toEqual([{ token: CONFIRM_TOKEN }]);
    await user.click(manage);
    expect(await screen.findByText('التنبيهات المرسلة إلى visitor@example.com')).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/alerts'));
    expect(f.paths().filter((p) => p === 'POST /alerts/confirm/')).toHaveLength(1);
    // Back: the confirmation's entry, without its token either.
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe('/alerts/confirm'));
  });

  it('the unsubscribe screen: removed from the address, the button still unsubscribes', async () => {
    const f = mockFetch((req, path) => (req.method === 'POST' && path === `/alerts/unsubscribe/${UNSUBSCRIBE_TOKEN}/` ? json(200, { detail: 'Unsubscribed.' }) : json(404, {})));
    const { user } = renderWithProviders(app, { route: `/alerts/unsubscribe?token=${UNSUBSCRIBE_TOKEN}`, browser: true });
    await waitFor(() => expect(address()).toBe('/alerts/unsubscribe'));
    await user.click(await screen.findByRole('button', { name: 'إلغاء الاشتراك' }));
    expect(await screen.findByText('تم إلغاء اشتراكك، ولن تُرسَل رسائل أخرى عن هذا التنبيه.')).toBeInTheDocument();
    expect(f.paths()).toEqual([`POST /alerts/unsubscribe/${UNSUBSCRIBE_TOKEN}/`]);
  });
});
