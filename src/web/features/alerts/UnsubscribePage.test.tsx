/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import AlertsRoutes from './AlertsRoutes';

const TOKEN = 'uns-t0ken-0123456789abcdef';
const app = (
  <Routes>
    <Route path="/alerts/*" element={<AlertsRoutes />} />
  </Routes>
);

describe('UnsubscribePage', () => {
  it('unsubscribes only when the button is pressed (link scanners open links), posting no body', async () => {
    const f = mockFetch((req, path) => (req.method === 'POST' && path === `/alerts/unsubscribe/${TOKEN}/` ? json(200, { detail: 'Unsubscribed.' }) : json(404, {})));
    const { user } = renderWithProviders(app, { route: `/alerts/unsubscribe?token=${TOKEN}` });
    const button = await screen.findByRole('button', { name: 'إلغاء الاشتراك' });
    // Arrival alone sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(f.calls).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText('تم إلغاء اشتراكك، ولن تُرسَل رسائل أخرى عن هذا التنبيه.')).toBeInTheDocument();
    expect(f.paths()).toEqual([`POST /alerts/unsubscribe/${TOKEN}/`]);
    expect(await f.calls[0].text()).toBe('');
    expect(screen.queryByRole('button', { name: 'إلغاء الاشتراك' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
  });

  it('says when the link is not valid, and lets the reader try again', async () => {
    mockFetch(() => json(404, { detail: 'Not found.' }));
    const { user } = renderWithProviders(app, { route: `/alerts/unsubscribe?token=${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'إلغاء الاشتراك' }));
    expect(await screen.findByText('تعذّر إلغاء الاشتراك: هذا الرابط غير صالح.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إلغاء الاشتراك' })).toBeEnabled();
  });
});
