/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { AlertSubscription } from '../../api/alerts';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import AlertsRoutes from './AlertsRoutes';
import { alert, MANAGE_TOKEN } from '../../components/alerts/alertsTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };
const app = (
  <Routes>
    <Route path="/alerts/*" element={<AlertsRoutes />} />
  </Routes>
);

/** A server holding `alerts`: lists, changes and stops them as the contract says. */
function server(initial: AlertSubscription[]) {
  let alerts = [...initial];
  const changes: unknown[] = [];
  const api = mockFetch(async (req, path) => {
    const id = Number(/^\/alerts\/subscriptions\/(\d+)\/$/.exec(path)?.[1]);
    if (req.method === 'GET' && path === '/alerts/subscriptions/') return json(200, alerts);
    if (req.method === 'PATCH' && id) {
      const change = (await req.json()) as Partial<AlertSubscription>;
      changes.push(change);
      alerts = alerts.map((a) => (a.id === id ? { ...a, ...change } : a));
      return json(200, alerts.find((a) => a.id === id));
    }
    if (req.method === 'DELETE' && id) {
      alerts = alerts.filter((a) => a.id !== id);
      return new Response(null, { status: 204 });
    }
    return json(404, { detail: 'Not found.' });
  });
  return { ...api, changes };
}

async function render(route: string, preloadedState?: PreloadedRootState) {
  const rendered = renderWithProviders(app, { route, preloadedState });
  await act(async () => {
    await import('notistack');
  });
  return rendered;
}

describe('AlertsPage', () => {
  it('lists a signed-in reader’s alerts with their frequency, language and feed', async () => {
    const f = server([alert({ id: 2, title: 'Ministry of Health', lang: 'en', frequency: 'weekly', confirmed: false }), alert()]);
    await render('/alerts', signedIn);
    expect(screen.getByRole('heading', { level: 1, name: 'تنبيهات البريد الإلكتروني' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'تنبيهاتك عبر البريد الإلكتروني' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Ministry of Health', 'الصحة']);
    expect(within(items[0]).getByRole('combobox', { name: 'وتيرة الإرسال' })).toHaveTextContent('ملخص أسبوعي');
    expect(within(items[0]).getByRole('combobox', { name: 'لغة الرسائل' })).toHaveTextContent('English');
    expect(within(items[0]).getByText('بانتظار التأكيد')).toBeInTheDocument();
    expect(within(items[1]).queryByText('بانتظار التأكيد')).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('link', { name: 'الخلاصة' })).toHaveAttribute('href', '/api/v1/feeds/posts.atom?category=health&lang=ar');
    // The reader's own: no token is sent.
    expect(new URL(f.calls[0].url).search).toBe('');
  });

  it('changes an alert’s frequency with its select', async () => {
    const f = server([alert()]);
    const { user: u } = await render('/alerts', signedIn);
    await u.click(await screen.findByRole('combobox', { name: 'وتيرة الإرسال' }));
    await u.click(await screen.findByRole('option', { name: 'ملخص يومي' }));
    expect(await screen.findByText('تم تحديث التنبيه')).toBeInTheDocument();
    const patch = f.calls.find((r) => r.method === 'PATCH')!;
    expect(new URL(patch.url).pathname).toBe('/api/v1/alerts/subscriptions/1/');
    expect(f.changes).toEqual([{ frequency: 'daily' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'وتيرة الإرسال' })).toHaveTextContent('ملخص يومي'));
  });

  it('changes the language of an alert’s e-mails with its select', async () => {
    const f = server([alert()]);
    const { user: u } = await render('/alerts', signedIn);
    await u.click(await screen.findByRole('combobox', { name: 'لغة الرسائل' }));
    await u.click(await screen.findByRole('option', { name: 'English' }));
    expect(await screen.findByText('تم تحديث التنبيه')).toBeInTheDocument();
    expect(f.changes).toEqual([{ lang: 'en' }]);
  });

  it('stops an alert only once the reader confirms', async () => {
    const f = server([alert({ id: 3, title: 'قرارات التعليم' }), alert({ id: 4, title: 'الصحة' })]);
    const { user: u } = await render('/alerts', signedIn);
    const first = (await screen.findAllByRole('listitem'))[0];
    await u.click(within(first).getByRole('button', { name: 'إيقاف' }));
    let dialog = await screen.findByRole('dialog', { name: 'إيقاف هذا التنبيه؟' });
    expect(dialog).toHaveTextContent('لن تُرسَل بعد الآن رسائل عن «قرارات التعليم».');
    await u.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.paths()).not.toContain('DELETE /alerts/subscriptions/3/');

    await u.click(within(first).getByRole('button', { name: 'إيقاف' }));
    dialog = await screen.findByRole('dialog', { name: 'إيقاف هذا التنبيه؟' });
    await u.click(within(dialog).getByRole('button', { name: 'إيقاف' }));
    expect(await screen.findByText('تم إيقاف التنبيه')).toBeInTheDocument();
    expect(f.paths()).toContain('DELETE /alerts/subscriptions/3/');
    await waitFor(() => expect(screen.getAllByRole('listitem').map((i) => within(i).getByRole('heading').textContent)).toEqual(['الصحة']));
  });

  it('manages the address an e-mail’s token names, sending the token with every call', async () => {
    const f = server([alert({ email: 'visitor@example.com' })]);
    const { user: u } = await render(`/alerts?token=${MANAGE_TOKEN}`);
    expect(await screen.findByText('التنبيهات المرسلة إلى visitor@example.com')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'إيقاف' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'إيقاف' }));
    expect(await screen.findByText('لا توجد تنبيهات بريد إلكتروني بعد.')).toBeInTheDocument();
    const urls = f.calls.map((r) => `${r.method} ${new URL(r.url).pathname}${new URL(r.url).search}`);
    expect(urls).toEqual([
      `GET /api/v1/alerts/subscriptions/?token=${MANAGE_TOKEN}`,
      `DELETE /api/v1/alerts/subscriptions/1/?token=${MANAGE_TOKEN}`,
      `GET /api/v1/alerts/subscriptions/?token=${MANAGE_TOKEN}`,
    ]);
  });

  it('says a token that names no address is a bad link', async () => {
    mockFetch(() => json(404, { detail: 'Not found.' }));
    await render(`/alerts?token=${MANAGE_TOKEN}`);
    expect(await screen.findByText('هذا الرابط غير صالح أو منتهي الصلاحية. افتح الرابط الوارد في رسالة تنبيه أحدث.')).toBeInTheDocument();
  });

  it('tells a visitor without a token how alerts are had, asking nothing of the server', async () => {
    const f = mockFetch(() => json(404, {}));
    await render('/alerts');
    expect(screen.getByText('للاشتراك افتح القائمة، واضغط زر الخلاصات، ثم اختر «تنبيهات البريد الإلكتروني».')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login?next=%2Falerts');
    expect(f.calls).toHaveLength(0);
  });
});
