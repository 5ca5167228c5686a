/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { act, screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Feeds } from './Feeds';

const subscription = {
  id: 5,
  email: 'reader@example.com',
  list: { organization_code: 'MOH' },
  title: 'Ministry of Health',
  frequency: 'weekly',
  lang: 'en',
  confirmed: true,
  created_at: '2026-11-20T09:00:00Z',
  feed_url: '/api/v1/feeds/posts.atom?organization_code=MOH&lang=en',
};

async function openDialog(ui: Parameters<typeof renderWithProviders>[0], options: Parameters<typeof renderWithProviders>[1], buttons: { feeds: string; alerts: string }) {
  const rendered = renderWithProviders(ui, options);
  await act(async () => {
    await import('notistack');
  });
  await rendered.user.click(await screen.findByRole('button', { name: buttons.feeds }));
  await rendered.user.click(await screen.findByRole('menuitem', { name: buttons.alerts }));
  return { ...rendered, dialog: await screen.findByRole('dialog') };
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="alternate"]')) link.remove();
});

describe('AlertDialog', () => {
  it('asks a visitor for an address, puts the server’s refusal on the field, then says to check the inbox (202)', async () => {
    const sent: unknown[] = [];
    const f = mockFetch(async (req, path) => {
      if (req.method === 'POST' && path === '/alerts/subscriptions/') {
        const body = (await req.json()) as { email: string };
        sent.push(body);
        if (body.email === 'blocked@example.com') return json(400, { email: ['لا يمكن الاشتراك بهذا العنوان.'] });
        return json(202, { detail: 'A confirmation link was sent.' });
      }
      return json(404, {});
    });
    const { user: u, dialog } = await openDialog(
      <Feeds arg={{ status: 'published', ordering: '-published_at', pageSize: 10, category: 'health', publishedAfter: '2026-01-01' }} title="الصحة" />,
      {},
      { feeds: 'الخلاصات', alerts: 'تنبيهات البريد الإلكتروني' },
    );
    expect(within(dialog).getByText('نرسل إليك المنشورات الجديدة في «الصحة» عبر البريد الإلكتروني.')).toBeInTheDocument();
    // The UI's language by default; immediate by default.
    expect(within(dialog).getByRole('radio', { name: 'العربية' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'فور نشر كل منشور' })).toBeChecked();

    // Checked in the browser first: nothing is sent.
    await u.click(within(dialog).getByRole('button', { name: 'اشتراك' }));
    expect(await within(dialog).findByText('أدخل بريدك الإلكتروني')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/البريد الإلكتروني/), 'not-an-address');
    await u.click(within(dialog).getByRole('button', { name: 'اشتراك' }));
    expect(await within(dialog).findByText('أدخل بريدًا إلكترونيًا صحيحًا، مثل name@example.com')).toBeInTheDocument();
    expect(f.paths()).not.toContain('POST /alerts/subscriptions/');

    const email = within(dialog).getByLabelText(/البريد الإلكتروني/);
    await u.clear(email);
    await u.type(email, 'blocked@example.com');
    await u.click(within(dialog).getByRole('radio', { name: 'ملخص يومي' }));
    await u.click(within(dialog).getByRole('button', { name: 'اشتراك' }));
    // On the field, and once: no toast says it again.
    expect(await within(dialog).findByText('لا يمكن الاشتراك بهذا العنوان.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('لا يمكن الاشتراك بهذا العنوان.')).toHaveLength(1);
    expect(screen.queryByText(/خطأ في التحقق|Validation error/)).not.toBeInTheDocument();

    await u.clear(email);
    await u.type(email, 'visitor@example.com');
    await u.click(within(dialog).getByRole('button', { name: 'اشتراك' }));
    expect(await within(dialog).findByText('تحقّق من بريدك الوارد: أرسلنا رابط تأكيد إلى visitor@example.com، ولن تبدأ التنبيهات قبل فتحه.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ email: 'visitor@example.com', list: { category: 'health' }, frequency: 'daily', lang: 'ar' });
    // The dialog stays open until the visitor has read it.
    await u.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('subscribes a signed-in reader’s account address at once (201) with a toast', async () => {
    const sent: unknown[] = [];
    mockFetch(async (req, path) => {
      if (req.method === 'POST' && path === '/alerts/subscriptions/') {
        sent.push(await req.json());
        return json(201, subscription);
      }
      return json(404, {});
    });
    const { user: u, dialog } = await openDialog(
      <Feeds arg={{ code: 'MOH', pageSize: 20 }} title="Ministry of Health" />,
      { preloadedState: { session: { access: 'a', refresh: 'r', user: user({ email: 'reader@example.com' }) }, preferences: { language: 'en' } } },
      { feeds: 'Feeds', alerts: 'Get e-mail alerts' },
    );
    expect(within(dialog).getByText('Alerts will be sent to reader@example.com, your account’s address.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'English' })).toBeChecked();
    await u.click(within(dialog).getByRole('radio', { name: 'A weekly digest' }));
    await u.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed: new posts in this list will come to your e-mail')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ list: { organization_code: 'MOH' }, frequency: 'weekly', lang: 'en' }]);
  });

  it('says a refusal that is not the address’s above the form (a signed-in reader has no field)', async () => {
    mockFetch((req, path) => (req.method === 'POST' && path === '/alerts/subscriptions/' ? json(429, { detail: 'Too many requests. Try again later.' }) : json(404, {})));
    const { user: u, dialog } = await openDialog(
      <Feeds arg={{ slug: encodeURIComponent('رؤية_2030') }} title="#رؤية_2030" />,
      { preloadedState: { session: { access: 'a', refresh: 'r', user: user() } } },
      { feeds: 'الخلاصات', alerts: 'تنبيهات البريد الإلكتروني' },
    );
    await u.click(within(dialog).getByRole('button', { name: 'اشتراك' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
