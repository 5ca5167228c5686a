/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Member, StudioMe } from '../../api/studio';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch } from '../../test/fetchMock';
import { page, user } from '../../test/fixtures';
import { installMatchMedia } from '../../test/matchMedia';
import { renderWithProviders } from '../../test/renderWithProviders';
import StudioListPage from './StudioListPage';
import StudioMembersPage from './StudioMembersPage';
import { organization, studioHandler, studioMe } from './studioTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };
const app = (
  <Routes>
    <Route path="/studio" element={<StudioListPage />} />
    <Route path="/studio/members" element={<StudioMembersPage />} />
  </Routes>
);

const account = (id: number, username: string, first_name: string, last_name: string) => ({
  id,
  username,
  first_name,
  last_name,
  user_type: 'publisher' as const,
  is_verified: false,
  profile_picture: null,
});
const rana = account(7, 'org3_editor', 'Rana', 'Haddad');
const omar = account(8, 'org3_publisher', 'Omar', 'Saleh');
const layla = account(12, 'layla_k', 'Layla', 'Karim');
const member = (who: Member['user'], role: Member['role']): Member => ({ user: who, role, created_at: '2026-11-20T09:00:00Z' });

const staff = studioMe({ is_staff: true, memberships: [] });

/**
 * The membership calls over a small store: lists by organization, the profile lookup (only
 * Layla has an account besides the members), writes that change what the next list answers.
 * `refuseRole` answers the first write with the server's field error on the role.
 */
function membersServer(me: StudioMe, opts: { refuseRole?: boolean } = {}) {
  const lists: Record<number, Member[]> = { 3: [member(omar, 'publisher'), member(rana, 'editor')], 9: [] };
  const accounts = [rana, omar, layla];
  let refuse = opts.refuseRole ?? false;
  return studioHandler({
    me,
    over: async (req, path) => {
      if (req.method === 'GET' && path === '/producers/organizations/') return json(200, page([organization(3), organization(9)]));
      const profile = path.match(/^\/auth\/profiles\/([^/]+)\/$/);
      if (req.method === 'GET' && profile) {
        const found = accounts.find((a) => a.username === decodeURIComponent(profile[1]));
        if (!found) return json(404, { detail: 'المستخدم غير موجود.' });
        return json(200, { ...found, date_joined: '2026-01-01T00:00:00Z', bio: '', is_following: null });
      }
      const list = path.match(/^\/studio\/organizations\/(\d+)\/members\/$/);
      if (req.method === 'GET' && list) return json(200, lists[Number(list[1])] ?? []);
      const one = path.match(/^\/studio\/organizations\/(\d+)\/members\/(\d+)\/$/);
      if (one) {
        const [org, id] = [Number(one[1]), Number(one[2])];
        const rest = (lists[org] ?? []).filter((m) => m.user.id !== id);
        if (req.method === 'PUT') {
          if (refuse) {
            refuse = false;
            return json(400, { role: ['اختر إحدى القيم: editor، publisher.'] });
          }
          const { role } = (await req.clone().json()) as { role: Member['role'] };
          const written = member(accounts.find((a) => a.id === id)!, role);
          lists[org] = [...rest, written];
          return json(200, written);
        }
        if (req.method === 'DELETE') {
          lists[org] = rest;
          return new Response(null, { status: 204 });
        }
      }
      return json(404, {});
    },
  });
}

const sent = async (f: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const req = f.calls.find((r) => r.method === method && new URL(r.url).pathname.endsWith(path));
  return req ? req.clone().json() : undefined;
};

describe('StudioMembersPage', () => {
  it('shows staff an organization’s members in a table on a wide screen, and another organization when chosen', async () => {
    const media = installMatchMedia({ width: 1280 });
    const f = mockFetch(membersServer(staff));
    const { user: u } = renderWithProviders(app, { route: '/studio/members', preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: 'أعضاء الجهة 3' });
    expect(screen.getByRole('heading', { level: 1, name: 'أعضاء الجهات' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    // A header row, then the members in the server's order.
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('Omar Saleh@org3_publisher');
    expect(within(rows[1]).getByRole('combobox', { name: 'دور Omar Saleh' })).toHaveTextContent('ناشر');
    expect(within(rows[2]).getByRole('combobox', { name: 'دور Rana Haddad' })).toHaveTextContent('محرر');
    expect(within(rows[2]).getByRole('button', { name: 'إزالة Rana Haddad من الجهة 3' })).toBeInTheDocument();

    await u.click(screen.getByRole('combobox', { name: 'الجهة' }));
    await u.click(await screen.findByRole('option', { name: 'الجهة 9' }));
    expect(await screen.findByText('لا يوجد أعضاء في هذه الجهة بعد')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'أعضاء الجهة 9' })).toBeInTheDocument();
    expect(f.paths()).toContain('GET /studio/organizations/9/members/');
    media.uninstall();
  });

  it('adds a member: the form’s own checks, an unknown username and the server’s refusal on their fields, then the new row', async () => {
    const media = installMatchMedia({ width: 1280 });
    const f = mockFetch(membersServer(staff, { refuseRole: true }));
    const { user: u } = renderWithProviders(app, { route: '/studio/members', preloadedState: signedIn });
    await screen.findByRole('table', { name: 'أعضاء الجهة 3' });
    await u.click(screen.getByRole('button', { name: 'إضافة عضو' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'إضافة عضو' }));
    const username = dialog.getByRole('textbox', { name: 'اسم المستخدم' });
    // The organization shown is the form's first choice.
    expect(dialog.getByRole('combobox', { name: 'الجهة' })).toHaveTextContent('الجهة 3');

    await u.click(dialog.getByRole('button', { name: 'إضافة' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription('أدخل اسم المستخدم'));
    expect(username).toHaveAttribute('aria-invalid', 'true');

    await u.type(username, 'ghost');
    await u.click(dialog.getByRole('button', { name: 'إضافة' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription('لا يوجد حساب نشط باسم المستخدم «ghost»'));
    expect(f.paths()).toContain('GET /auth/profiles/ghost/');
    expect(f.paths().some((p) => p.startsWith('PUT '))).toBe(false);

    await u.clear(username);
    await u.type(username, '@layla_k');
    await u.click(dialog.getByRole('radio', { name: /^ناشر/ }));
    await u.click(dialog.getByRole('button', { name: 'إضافة' }));
    // The server refuses the role (its field error): shown on the role's group, the dialog stays.
    expect(await dialog.findByText('اختر إحدى القيم: editor، publisher.')).toBeInTheDocument();
    expect(dialog.getByRole('group', { name: 'الدور' })).toHaveTextContent('اختر إحدى القيم');
    expect(username).toHaveAttribute('aria-invalid', 'false');

    await u.click(dialog.getByRole('button', { name: 'إضافة' }));
    expect(await screen.findByText('أُضيف Layla Karim إلى الجهة 3 بدور: ناشر')).toBeInTheDocument();
    expect(await sent(f, 'PUT', '/studio/organizations/3/members/12/')).toEqual({ role: 'publisher' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'أعضاء الجهة 3' });
    expect(await within(table).findByRole('combobox', { name: 'دور Layla Karim' })).toHaveTextContent('ناشر');
    media.uninstall();
  });

  it('changes a role on a phone, where the members are a list', async () => {
    const f = mockFetch(membersServer(staff));
    const { user: u } = renderWithProviders(app, { route: '/studio/members', preloadedState: signedIn });
    const list = await screen.findByRole('list', { name: 'أعضاء الجهة 3' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await u.click(within(list).getByRole('combobox', { name: 'دور Rana Haddad' }));
    await u.click(await screen.findByRole('option', { name: 'ناشر' }));
    expect(await screen.findByText('أصبح دور Rana Haddad في الجهة 3: ناشر')).toBeInTheDocument();
    expect(await sent(f, 'PUT', '/studio/organizations/3/members/7/')).toEqual({ role: 'publisher' });
    await waitFor(() => expect(within(list).getByRole('combobox', { name: 'دور Rana Haddad' })).toHaveTextContent('ناشر'));
  });

  it('removes a membership only once the dialog is confirmed', async () => {
    const f = mockFetch(membersServer(staff));
    const { user: u } = renderWithProviders(app, { route: '/studio/members', preloadedState: signedIn });
    const list = await screen.findByRole('list', { name: 'أعضاء الجهة 3' });

    await u.click(within(list).getByRole('button', { name: 'إزالة Rana Haddad من الجهة 3' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'إزالة هذا العضو؟' }));
    expect(dialog.getByText(/لن يتمكن Rana Haddad بعد الآن من التحرير أو النشر باسم الجهة 3/)).toBeInTheDocument();
    await u.click(dialog.getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.paths()).not.toContain('DELETE /studio/organizations/3/members/7/');
    expect(within(list).getByText('Rana Haddad')).toBeInTheDocument();

    await u.click(within(list).getByRole('button', { name: 'إزالة Rana Haddad من الجهة 3' }));
    dialog = within(await screen.findByRole('dialog', { name: 'إزالة هذا العضو؟' }));
    await u.click(dialog.getByRole('button', { name: 'إزالة' }));
    expect(await screen.findByText('تمت إزالة Rana Haddad من الجهة 3')).toBeInTheDocument();
    expect(f.paths()).toContain('DELETE /studio/organizations/3/members/7/');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(list).queryByText('Rana Haddad')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    // The removed row's button is gone: the list's heading holds the focus.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'أعضاء الجهة 3' })).toHaveFocus());
  });

  it('refuses an editor, without asking for any organization’s members', async () => {
    const f = mockFetch(membersServer(studioMe()));
    renderWithProviders(app, { route: '/studio/members', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 2, name: 'إدارة العضويات من صلاحيات فريق المنصة' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إضافة عضو' })).not.toBeInTheDocument();
    expect(f.paths().some((p) => p.includes('/members/'))).toBe(false);
  });

  it('shows a publisher their organization’s members without the controls', async () => {
    const publisher = studioMe({ memberships: [{ organization: organization(3), role: 'publisher' }, { organization: organization(9), role: 'editor' }] });
    const f = mockFetch(membersServer(publisher));
    renderWithProviders(app, { route: '/studio/members?organization=9', preloadedState: signedIn });
    // Not the organization it only edits for, whatever the address asks.
    const list = await screen.findByRole('list', { name: 'أعضاء الجهة 3' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('محرر');
    expect(screen.getByText('يتولى فريق المنصة إضافة الأعضاء وتعديل أدوارهم.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^إزالة/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إضافة عضو' })).not.toBeInTheDocument();
    expect(f.paths()).not.toContain('GET /studio/organizations/9/members/');
  });

  it('links the workspace to the members for staff, not for an editor', async () => {
    const over = () => json(200, { count: 0, next: null, previous: null, results: [] });
    mockFetch(studioHandler({ me: staff, over }));
    const { unmount } = renderWithProviders(app, { route: '/studio', preloadedState: signedIn });
    expect(await screen.findByRole('link', { name: 'الأعضاء' })).toHaveAttribute('href', '/studio/members');
    unmount();

    mockFetch(studioHandler({ over }));
    renderWithProviders(app, { route: '/studio', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'مساحة النشر' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'الأعضاء' })).not.toBeInTheDocument();
  });
  it('reaches every organization for staff, past the first page of a hundred', async () => {
    const media = installMatchMedia({ width: 1280 });
    const all = Array.from({ length: 250 }, (_, i) => organization(i + 1));
    const f = mockFetch(
      studioHandler({
        me: staff,
        over: async (req, path) => {
          if (req.method === 'GET' && path === '/producers/organizations/') {
            const query = new URL(req.url).searchParams;
            const size = Number(query.get('page_size') ?? 20);
            const at = Number(query.get('page') ?? 1);
            return json(200, { count: all.length, next: null, previous: null, results: all.slice((at - 1) * size, at * size) });
          }
          if (req.method === 'GET' && /^\/studio\/organizations\/\d+\/members\/$/.test(path)) return json(200, []);
          return json(404, {});
        },
      }),
    );
    renderWithProviders(app, { route: '/studio/members?organization=250', preloadedState: signedIn });
    // The address's organization is shown only when the list holds it (the first one otherwise).
    expect(await screen.findByRole('heading', { level: 2, name: 'أعضاء الجهة 250' })).toBeInTheDocument();
    expect(f.paths()).toContain('GET /studio/organizations/250/members/');
    expect(screen.getByRole('combobox', { name: 'الجهة' })).toHaveTextContent('الجهة 250');
    const pages = f.calls.filter((r) => new URL(r.url).pathname.endsWith('/producers/organizations/')).map((r) => new URL(r.url).searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '3']);
    media.uninstall();
  });
});
