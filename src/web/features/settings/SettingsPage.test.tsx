/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { addInterest } from './InterestsTab';
import SettingsPage from './SettingsPage';

const reader = user({
  username: 'reader',
  first_name: 'سارة',
  last_name: 'القحطاني',
  bio: 'قارئة',
  location: 'الرياض',
  website: '',
  is_verified: true,
  date_joined: '2025-03-15T10:00:00Z',
  following_count: 3,
  followers_count: 7,
  posts_count: 0,
  bookmarks_count: 12,
});
const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: reader } };

function render(handler: Handler = () => json(404, {})) {
  sessionStorage.clear();
  const api = mockFetch(handler);
  return { api, ...renderWithProviders(<SettingsPage />, { route: '/settings', preloadedState: signedIn }) };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const box = (label: RegExp) => screen.getByLabelText(label);

/** The multipart body of the profile update as a plain object (files by name). */
async function sentForm(req: Request): Promise<Record<string, string>> {
  const form = await req.formData();
  return Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]));
}

// jsdom has no object URLs; the preview of a chosen picture needs one.
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('SettingsPage', () => {
  it('has five tabs, profile first, and keeps the chosen one for this browser tab', async () => {
    const { user: u, unmount } = render();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['الملف الشخصي', 'روابط التواصل', 'الاهتمامات', 'كلمة المرور', 'الحساب']);
    expect(tab('الملف الشخصي')).toHaveAttribute('aria-selected', 'true');
    await u.click(tab('الحساب'));
    unmount();
    mockFetch(() => json(404, {}));
    renderWithProviders(<SettingsPage />, { route: '/settings', preloadedState: signedIn });
    expect(tab('الحساب')).toHaveAttribute('aria-selected', 'true');
  });

  it('profile: checks §5 rules, sends only the fields as multipart with the picture, and confirms', async () => {
    const sent: Record<string, string>[] = [];
    const { user: u, store } = render(async (req, path) => {
      if (req.method === 'PATCH' && path === '/auth/me/update/') {
        sent.push(await sentForm(req));
        return json(200, { ...reader, first_name: 'سارة ن', profile_picture: '/media/avatars/a.png' });
      }
      return json(404, {});
    });
    await u.clear(box(/^الاسم الأول/));
    await u.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('الاسم الأول مطلوب')).toBeInTheDocument();
    await u.type(box(/^نبذة/), 'ن'.repeat(500));
    await u.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('يجب أن تكون النبذة أقل من 500 حرف')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await u.type(box(/^الاسم الأول/), 'سارة ن');
    await u.clear(box(/^نبذة/));
    await u.type(box(/^نبذة/), 'قارئة');
    expect(screen.getByText('5/500')).toBeInTheDocument();
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await u.upload(screen.getByLabelText('الصورة الشخصية'), picture);
    await u.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('تم تحديث الملف الشخصي بنجاح')).toBeInTheDocument();
    expect(sent).toEqual([{ first_name: 'سارة ن', last_name: 'القحطاني', bio: 'قارئة', location: 'الرياض', profile_picture: 'file:me.png' }]);
    await waitFor(() => expect(store.getState().session.user?.first_name).toBe('سارة ن'));
  });

  it('profile: a refused picture shows the server’s message, the rest stays typed', async () => {
    const { user: u } = render((req, path) =>
      req.method === 'PATCH' && path === '/auth/me/update/' ? json(400, { profile_picture: ['الصورة أكبر من 5 ميغابايت.'] }) : json(404, {}),
    );
    await u.upload(screen.getByLabelText('الصورة الشخصية'), new File([new Uint8Array(8)], 'big.png', { type: 'image/png' }));
    await u.clear(box(/^الموقع/));
    await u.type(box(/^الموقع/), 'جدة');
    await u.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findAllByText('الصورة أكبر من 5 ميغابايت.')).not.toHaveLength(0);
    expect(box(/^الموقع/)).toHaveValue('جدة');
  });

  it('social: the website must be a link or empty; failures and success are said', async () => {
    let fail = true;
    const sent: Record<string, string>[] = [];
    const { user: u } = render(async (req, path) => {
      if (req.method === 'PATCH' && path === '/auth/me/update/') {
        if (fail) return json(500, {});
        sent.push(await sentForm(req));
        return json(200, reader);
      }
      return json(404, {});
    });
    await u.click(tab('روابط التواصل'));
    await u.type(box(/^الموقع الإلكتروني/), 'not a link');
    await u.click(screen.getByRole('button', { name: 'حفظ الروابط' }));
    expect(await screen.findByText('رابط غير صالح')).toBeInTheDocument();
    await u.clear(box(/^الموقع الإلكتروني/));
    await u.type(box(/^الموقع الإلكتروني/), 'https://sara.example');
    await u.type(box(/^تويتر/), '@sara');
    await u.click(screen.getByRole('button', { name: 'حفظ الروابط' }));
    expect(await screen.findByText('خطأ في تحديث روابط التواصل')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'حفظ الروابط' }));
    expect(await screen.findByText('تم التحديث بنجاح')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ website: 'https://sara.example', twitter: '@sara' });
  });

  it('interests: added by button or Enter, blanks and duplicates ignored, removable', async () => {
    expect(addInterest(['الصحة'], '  ')).toEqual(['الصحة']);
    expect(addInterest(['Health'], ' health ')).toEqual(['Health']);
    const { user: u, api } = render();
    await u.click(tab('الاهتمامات'));
    await u.type(box(/^إضافة اهتمام/), 'التعليم{Enter}');
    await u.type(box(/^إضافة اهتمام/), 'الصحة');
    await u.click(screen.getByRole('button', { name: 'إضافة' }));
    await u.type(box(/^إضافة اهتمام/), 'التعليم{Enter}');
    await u.type(box(/^إضافة اهتمام/), '   {Enter}');
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['التعليم', 'الصحة']);
    await u.click(screen.getByRole('button', { name: 'إزالة التعليم' }));
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['الصحة']);
    expect(api.calls).toHaveLength(0);
  });

  it('password: §5 rules; any failure says the current password is incorrect; success resets the form', async () => {
    let fail = true;
    const { user: u } = render((req, path) => (path === '/auth/me/change-password/' ? (fail ? json(400, { detail: 'x' }) : json(200, { detail: 'ok' })) : json(404, {})));
    await u.click(tab('كلمة المرور'));
    await u.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('كلمة المرور الحالية مطلوبة')).toBeInTheDocument();
    await u.type(box(/^كلمة المرور الجديدة/), 'short');
    await u.type(box(/^تأكيد كلمة المرور الجديدة/), 'other');
    await u.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('8 أحرف على الأقل')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();

    await u.type(box(/^كلمة المرور الحالية/), 'Reader#2025');
    await u.clear(box(/^كلمة المرور الجديدة/));
    await u.type(box(/^كلمة المرور الجديدة/), 'Better#2026');
    await u.clear(box(/^تأكيد كلمة المرور الجديدة/));
    await u.type(box(/^تأكيد كلمة المرور الجديدة/), 'Better#2026');
    await u.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('كلمة المرور الحالية غير صحيحة')).toBeInTheDocument();
    expect(box(/^كلمة المرور الجديدة/)).toHaveValue('Better#2026');
    fail = false;
    await u.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('تم تغيير كلمة المرور بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(box(/^كلمة المرور الجديدة/)).toHaveValue(''));
  });

  it('account: read-only facts, the join date in Arabic (Saudi) format', async () => {
    const { user: u } = render();
    await u.click(tab('الحساب'));
    const facts = screen.getByRole('tabpanel');
    expect(facts).toHaveTextContent('@reader');
    expect(facts).toHaveTextContent('موثّق');
    expect(facts).toHaveTextContent(new Intl.DateTimeFormat('ar-SA', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date('2025-03-15T10:00:00Z')));
    expect(facts).toHaveTextContent('12');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
