/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import AlertsRoutes from './AlertsRoutes';
import { alert, MANAGE_TOKEN } from '../../components/alerts/alertsTesting';

const CONFIRM_TOKEN = 'c0nfirm-t0ken-0123456789abcdef';
const app = (
  <Routes>
    <Route path="/alerts/*" element={<AlertsRoutes />} />
  </Routes>
);

describe('ConfirmAlertPage', () => {
  it('confirms the link’s token on arrival, once, and links to the address’s alerts', async () => {
    const sent: unknown[] = [];
    const f = mockFetch(async (req, path) => {
      if (req.method === 'POST' && path === '/alerts/confirm/') {
        sent.push(await req.json());
        return json(200, { subscription: alert({ email: 'visitor@example.com', confirmed: true }), manage_token: MANAGE_TOKEN });
      }
      if (req.method === 'GET' && path === '/alerts/subscriptions/') return json(200, [alert({ email: 'visitor@example.com' })]);
      return json(404, {});
    });
    const { user } = renderWithProviders(app, { route: `/alerts/confirm?token=${CONFIRM_TOKEN}` });
    expect(await screen.findByText('تم تأكيد اشتراكك في تنبيهات «الصحة»، وستصل المنشورات الجديدة إلى visitor@example.com.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: CONFIRM_TOKEN }]);
    const manage = screen.getByRole('link', { name: 'إدارة التنبيهات' });
    expect(manage).toHaveAttribute('href', `/alerts?token=${MANAGE_TOKEN}`);
    await user.click(manage);
    expect(await screen.findByText('التنبيهات المرسلة إلى visitor@example.com')).toBeInTheDocument();
    expect(f.paths().filter((p) => p === 'POST /alerts/confirm/')).toHaveLength(1);
  });

  it('says clearly when the link is not valid', async () => {
    mockFetch(() => json(404, { detail: 'Not found.' }));
    renderWithProviders(app, { route: `/alerts/confirm?token=${CONFIRM_TOKEN}` });
    expect(await screen.findByText('رابط التأكيد هذا غير صالح أو منتهي الصلاحية. اشترك مرة أخرى من القائمة.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'إدارة التنبيهات' })).not.toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    const f = mockFetch(() => json(404, {}));
    renderWithProviders(app, { route: '/alerts/confirm' });
    expect(await screen.findByText('رابط التأكيد هذا ناقص. افتحه مرة أخرى من الرسالة.')).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
  });
});
