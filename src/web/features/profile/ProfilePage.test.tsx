/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PublicUser } from '../../api/people';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { page, post, user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { socialHref } from './ProfileHeader';
import ProfilePage from './ProfilePage';

const editor: PublicUser = {
  id: 40,
  username: 'mcit_editor',
  first_name: 'عبدالرحمن',
  last_name: 'العمري',
  user_type: 'publisher',
  is_verified: true,
  date_joined: '2024-01-10T08:00:00Z',
  profile_picture: null,
  bio: 'محرر الأخبار في الوزارة',
  location: 'الرياض',
  website: 'https://www.mcit.gov.sa',
  twitter: '@mcitgovsa',
  facebook: '',
  instagram: '',
  linkedin: '',
  following_count: 2,
  followers_count: 10,
  posts_count: 2,
  is_following: false,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
const app = (
  <>
    <Routes>
      <Route path="/profile/:username" element={<ProfilePage />} />
      <Route path="*" element={null} />
    </Routes>
    <Where />
  </>
);
const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user({ id: 7 }) } };

function api(over: { follow?: Handler; profile?: () => Response } = {}): Handler {
  return (req, path) => {
    if (path === '/auth/profiles/mcit_editor/') return over.profile ? over.profile() : json(200, editor);
    if (path === '/auth/profiles/nobody/') return json(404, { detail: 'غير موجود' });
    if (path === '/content/posts/') {
      const author = new URL(req.url).searchParams.get('author');
      return json(200, author === 'mcit_editor' ? page([post(1), post(2)]) : page([]));
    }
    if (path === '/auth/users/40/follow/' && over.follow) return over.follow(req, path);
    return json(404, {});
  };
}

describe('ProfilePage', () => {
  it('shows who the user is and the posts they published', async () => {
    const f = mockFetch(api());
    renderWithProviders(app, { route: '/profile/mcit_editor' });
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();
    const header = (await screen.findByRole('heading', { level: 1, name: 'عبدالرحمن العمري' })).closest('header')!;
    expect(within(header).getByText('@mcit_editor')).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'حساب موثّق' })).toBeInTheDocument();
    expect(screen.getByText('محرر الأخبار في الوزارة')).toBeInTheDocument();
    expect(screen.getByText('المتابِعون: 10')).toBeInTheDocument();
    expect(screen.getByText('يتابع: 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /www.mcit.gov.sa/ })).toHaveAttribute('href', 'https://www.mcit.gov.sa');
    expect(screen.getByRole('link', { name: /@mcitgovsa/ })).toHaveAttribute('href', 'https://x.com/mcitgovsa');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const postsCall = f.calls.find((r) => new URL(r.url).pathname.endsWith('/content/posts/'))!;
    expect(Object.fromEntries(new URL(postsCall.url).searchParams)).toMatchObject({ author: 'mcit_editor', page_size: '20' });
  });

  it('shows the not-found panel for a missing user', async () => {
    mockFetch(api());
    renderWithProviders(app, { route: '/profile/nobody' });
    expect(await screen.findByRole('heading', { name: 'لم يتم العثور على هذا المستخدم' })).toBeInTheDocument();
  });

  it('follows at once, and unfollows back with a message when the call fails', async () => {
    let fail = false;
    // The server's side: the profile answers what the follow calls changed.
    const server = { ...editor };
    mockFetch(
      api({
        profile: () => json(200, server),
        follow: () => {
          if (fail) return json(500, {});
          server.is_following = !server.is_following;
          server.followers_count += server.is_following ? 1 : -1;
          return json(200, { following: server.is_following, followers_count: server.followers_count, detail: 'ok' });
        },
      }),
    );
    const { user: u } = renderWithProviders(app, { route: '/profile/mcit_editor', preloadedState: signedIn });
    await u.click(await screen.findByRole('button', { name: 'متابعة' }));
    expect(await screen.findByRole('button', { name: 'إلغاء المتابعة' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('المتابِعون: 11')).toBeInTheDocument();
    fail = true;
    await u.click(screen.getByRole('button', { name: 'إلغاء المتابعة' }));
    expect(await screen.findByText('تعذر تحديث المتابعة')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'إلغاء المتابعة' })).toBeInTheDocument();
    expect(screen.getByText('المتابِعون: 11')).toBeInTheDocument();
  });

  it('has no follow button on one’s own profile, and sends a visitor to sign in', async () => {
    mockFetch(api());
    const own: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user({ id: 40, username: 'mcit_editor' }) } };
    const { unmount } = renderWithProviders(app, { route: '/profile/mcit_editor', preloadedState: own });
    await screen.findByRole('heading', { level: 1, name: 'عبدالرحمن العمري' });
    expect(screen.queryByRole('button', { name: 'متابعة' })).not.toBeInTheDocument();
    unmount();

    const { user: u } = renderWithProviders(app, { route: '/profile/mcit_editor' });
    await u.click(await screen.findByRole('button', { name: 'متابعة' }));
    expect(await screen.findByText('يرجى تسجيل الدخول لمتابعة المستخدمين')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('makes links of handles and addresses only', () => {
    const x = (h: string) => `https://x.com/${h}`;
    expect(socialHref('@qarar', x)).toBe('https://x.com/qarar');
    expect(socialHref('https://x.com/qarar', x)).toBe('https://x.com/qarar');
    expect(socialHref('not a handle', x)).toBeNull();
    expect(socialHref(' ', x)).toBeNull();
  });
});
