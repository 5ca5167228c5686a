/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PublicUser, TopicFollows } from '../../api/people';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { page, post, user } from '../../test/fixtures';
import i18n from '../../i18n';
import enScreens from '../../i18n/locales/en/screens';
import { renderWithProviders } from '../../test/renderWithProviders';
import FollowingPage from './FollowingPage';
import TopicFollowButton from '../../components/follow/TopicFollowButton';
import type { Topic } from '../../components/follow/topics';

// The type names' English (the screen strings, which the router's lazy import would bring).
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user({ id: 7 }) } };

const moh = { id: 3, code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة', is_verified: true };
const decision = { id: 1, name: 'decision' as const, name_ar: 'قرار' };
const tag = { id: 9, name: 'الإسكان', slug: 'housing' };
const person: PublicUser = {
  id: 40,
  username: 'mcit_editor',
  first_name: 'عبدالرحمن',
  last_name: 'العمري',
  user_type: 'publisher',
  is_verified: true,
  date_joined: '2024-01-10T08:00:00Z',
  profile_picture: null,
  bio: '',
  location: '',
  website: '',
  twitter: '',
  facebook: '',
  instagram: '',
  linkedin: '',
  following_count: 0,
  followers_count: 1,
  posts_count: 3,
  is_following: true,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** A server that keeps what the reader follows, as the real one does, and answers the posts of it. */
function server(start: Partial<TopicFollows> = {}, people: PublicUser[] = [], over: { follow?: Handler } = {}) {
  const follows: TopicFollows = { organizations: [], hashtags: [], types: [], ...start };
  const lists = { organization: 'organizations', hashtag: 'hashtags', type: 'types' } as const;
  const known = { organization: [moh], hashtag: [tag], type: [decision] };
  const f = mockFetch((req, path) => {
    if (path === '/auth/follows/') return json(200, follows);
    const m = path.match(/^\/auth\/follows\/(organization|hashtag|type)\/(\d+)\/$/);
    if (m) {
      if (over.follow) return over.follow(req, path);
      const kind = m[1] as keyof typeof lists;
      const id = Number(m[2]);
      const list = follows[lists[kind]] as { id: number }[];
      const at = list.findIndex((t) => t.id === id);
      if (req.method === 'PUT' && at < 0) list.unshift(known[kind].find((t) => t.id === id)!);
      if (req.method === 'DELETE' && at >= 0) list.splice(at, 1);
      return json(200, { kind, id, following: req.method === 'PUT' });
    }
    if (path === '/auth/users/7/following/') return json(200, page(people));
    if (path === '/content/posts/') {
      const q = new URL(req.url).searchParams;
      if (q.get('following') !== 'true') return json(400, {});
      const any = follows.organizations.length + follows.hashtags.length + follows.types.length + people.length;
      return json(200, page(any ? [post(1, { title: 'قرار من وزارة الصحة' }), post(2)] : []));
    }
    return json(404, {});
  });
  return { f, follows };
}

const postsCalls = (f: ReturnType<typeof mockFetch>) => f.calls.filter((r) => new URL(r.url).pathname.endsWith('/content/posts/'));

describe('FollowingPage', () => {
  it('lists what the reader follows, by kind, and the newest posts of it', async () => {
    const { f } = server({ organizations: [moh], types: [decision], hashtags: [tag] }, [person]);
    renderWithProviders(<FollowingPage />, { route: '/following', preloadedState: signedIn });
    expect(screen.getByRole('heading', { level: 1, name: 'متابعاتي' })).toBeInTheDocument();
    const what = (await screen.findByRole('heading', { level: 2, name: 'ما تتابعه' })).closest('section')!;
    expect(within(what).getByRole('link', { name: 'وزارة الصحة' })).toHaveAttribute('href', '/organizations/MOH');
    expect(within(what).getByRole('link', { name: 'قرار' })).toHaveAttribute('href', '/types/1');
    expect(within(what).getByRole('link', { name: '#الإسكان' })).toHaveAttribute('href', '/hashtags/housing');
    expect(within(what).getByRole('link', { name: 'عبدالرحمن العمري' })).toHaveAttribute('href', '/profile/mcit_editor');
    expect(within(what).getByRole('heading', { level: 3, name: 'الجهات' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(Object.fromEntries(new URL(postsCalls(f)[0].url).searchParams)).toMatchObject({ following: 'true', status: 'published', ordering: '-published_at' });
  });

  it('stops following from its list: the topic goes and the posts are asked again', async () => {
    const { f, follows } = server({ organizations: [moh], hashtags: [tag] });
    const { user: u } = renderWithProviders(<FollowingPage />, { route: '/following', preloadedState: signedIn });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const asked = postsCalls(f).length;
    await u.click(await screen.findByRole('button', { name: 'إلغاء المتابعة: وزارة الصحة' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'وزارة الصحة' })).not.toBeInTheDocument());
    expect(await screen.findByText('لم تعد تتابع وزارة الصحة')).toBeInTheDocument();
    expect(follows.organizations).toHaveLength(0);
    expect(f.calls.some((r) => r.method === 'DELETE' && new URL(r.url).pathname.endsWith('/auth/follows/organization/3/'))).toBe(true);
    await waitFor(() => expect(postsCalls(f).length).toBeGreaterThan(asked));
    expect(screen.getByRole('link', { name: '#الإسكان' })).toBeInTheDocument();
  });

  it('says how to start when nothing is followed', async () => {
    server();
    renderWithProviders(<FollowingPage />, { route: '/following', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 2, name: 'لا تتابع أي شيء بعد.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفح الجهات' })).toHaveAttribute('href', '/organizations');
    expect(screen.getByRole('link', { name: 'تصفح الوسوم' })).toHaveAttribute('href', '/hashtags');
    expect(screen.queryByRole('heading', { level: 2, name: 'المنشورات' })).not.toBeInTheDocument();
  });

  it('reads in English', async () => {
    server({ types: [decision] });
    renderWithProviders(<FollowingPage />, { route: '/following', preloadedState: { ...signedIn, preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Following' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Decision' })).toHaveAttribute('href', '/types/1');
    expect(screen.getByRole('button', { name: 'Unfollow Decision' })).toBeInTheDocument();
  });
});

describe('TopicFollowButton', () => {
  const topic: Topic = { kind: 'organization', item: moh };
  const app = (
    <>
      <Routes>
        <Route path="/organizations/MOH" element={<TopicFollowButton topic={topic} name="وزارة الصحة" />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>
  );

  it('follows and stops following, the state shown at once', async () => {
    const { f, follows } = server();
    const { user: u } = renderWithProviders(app, { route: '/organizations/MOH', preloadedState: signedIn });
    const button = await screen.findByRole('button', { name: 'متابعة وزارة الصحة' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await u.click(button);
    const pressed = await screen.findByRole('button', { name: 'إلغاء المتابعة: وزارة الصحة' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveTextContent('إلغاء المتابعة');
    expect(await screen.findByText('أصبحت تتابع وزارة الصحة')).toBeInTheDocument();
    expect(follows.organizations.map((o) => o.code)).toEqual(['MOH']);
    const put = f.calls.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toMatch(/\/auth\/follows\/organization\/3\/$/);
    await u.click(pressed);
    expect(await screen.findByRole('button', { name: 'متابعة وزارة الصحة' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(follows.organizations).toHaveLength(0));
  });

  it('goes back to what it was, with a message, when the server refuses', async () => {
    server({}, [], { follow: () => json(503, { detail: 'غير متاح' }) });
    const { user: u } = renderWithProviders(app, { route: '/organizations/MOH', preloadedState: signedIn });
    const button = await screen.findByRole('button', { name: 'متابعة وزارة الصحة' });
    await waitFor(() => expect(button).toBeEnabled());
    await u.click(button);
    expect(await screen.findByText('تعذر تحديث المتابعة. حاول مرة أخرى.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'متابعة وزارة الصحة' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks a visitor to sign in (and asks the server nothing)', async () => {
    const { f } = server();
    const { user: u } = renderWithProviders(app, { route: '/organizations/MOH' });
    await u.click(screen.getByRole('button', { name: 'متابعة وزارة الصحة' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(await screen.findByText('يرجى تسجيل الدخول لمتابعة الجهات وأنواع المنشورات والوسوم')).toBeInTheDocument();
    expect(f.calls).toHaveLength(0);
  });
});
