/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { CATEGORY_COUNT, ORGANIZATION_COUNT, frameHandler } from '../../test/frameApi';
import { installMatchMedia } from '../../test/matchMedia';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { PreloadedRootState } from '../../app/store';
import { AppLayout } from './AppLayout';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const frame = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="*" element={<Where />} />
    </Route>
  </Routes>
);

const signedIn: PreloadedRootState = {
  session: { access: 'a', refresh: 'r', user: user({ first_name: 'Rana', last_name: 'Haddad', username: 'reader' }) },
};

let media: ReturnType<typeof installMatchMedia>;
let api: ReturnType<typeof mockFetch>;
beforeEach(() => {
  media = installMatchMedia({ width: 1400 });
  api = mockFetch(frameHandler());
});
afterEach(() => media.uninstall());

const mainNav = () => screen.getByRole('navigation', { name: 'التنقل الرئيسي' });

describe('desktop navigation column', () => {
  it('offers a visitor home, explore, hashtags, organizations and sign-in, without bookmarks', async () => {
    renderWithProviders(frame);
    // The column renders once the screen is known to be wide enough (a phone never takes it over).
    const nav = within(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' }));
    for (const name of ['الرئيسية', 'اكتشف', 'الوسوم', 'الجهات']) expect(nav.getByRole('link', { name })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'المحفوظات' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(nav.queryByRole('button', { name: 'تسجيل الخروج' })).not.toBeInTheDocument();
    expect(nav.queryByRole('group', { name: /مسجّل الدخول/ })).not.toBeInTheDocument();
  });

  it('adds following, bookmarks, the user card and sign-out for a signed-in reader', async () => {
    renderWithProviders(frame, { preloadedState: signedIn });
    const nav = within(mainNav());
    // The reader's own links come in a chunk of their own, after the frame.
    expect(await nav.findByRole('link', { name: 'المحفوظات' })).toHaveAttribute('href', '/bookmarks');
    expect(nav.getByRole('link', { name: 'متابعاتي' })).toHaveAttribute('href', '/following');
    expect(nav.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
    const card = within(nav.getByRole('group', { name: 'مسجّل الدخول باسم Rana Haddad' }));
    expect(card.getByText('Rana Haddad')).toBeInTheDocument();
    expect(card.getByText('RH')).toBeInTheDocument();
    expect(card.getByRole('link', { name: '@reader' })).toHaveAttribute('href', '/profile/reader');
    expect(card.getByRole('link', { name: 'الإعدادات' })).toHaveAttribute('href', '/settings');
  });

  it('offers the publishing workspace to the accounts that write for organizations, and to no reader', async () => {
    const { unmount } = renderWithProviders(frame, { preloadedState: signedIn });
    expect(within(mainNav()).queryByRole('link', { name: 'مساحة النشر' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(frame, { preloadedState: { session: { access: 'a', refresh: 'r', user: user({ username: 'moh_media', user_type: 'publisher' }) } } });
    // Its own small chunk: it arrives after the rest of the column.
    expect(await within(mainNav()).findByRole('link', { name: 'مساحة النشر' })).toHaveAttribute('href', '/studio');
  });

  it('marks the current page', () => {
    renderWithProviders(frame, { route: '/explore' });
    expect(within(mainNav()).getByRole('link', { name: 'اكتشف' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: 'الرئيسية' })).not.toHaveAttribute('aria-current');
  });

  it('cycles the display mode system → light → dark → system', async () => {
    const { store, user: u } = renderWithProviders(frame);
    const toggle = () => within(mainNav()).getByRole('button', { name: /وضع العرض/ });
    expect(toggle()).toHaveTextContent('حسب النظام');
    await u.click(toggle());
    expect(store.getState().preferences.theme).toBe('light');
    await u.click(toggle());
    expect(store.getState().preferences.theme).toBe('dark');
    await u.click(toggle());
    expect(store.getState().preferences.theme).toBe('system');
  });

  it('switches the language and with it the whole frame', async () => {
    const { store, user: u } = renderWithProviders(frame);
    await u.click(within(mainNav()).getByRole('button', { name: 'تغيير اللغة إلى English' }));
    expect(store.getState().preferences.language).toBe('en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    const nav = within(screen.getByRole('navigation', { name: 'Main navigation' }));
    expect(nav.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    await u.click(nav.getByRole('button', { name: 'Switch language to العربية' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('has landmarks and a skip link to the main content', async () => {
    const { user: u } = renderWithProviders(frame);
    const main = screen.getByRole('main');
    expect(await screen.findByRole('complementary', { name: 'المزيد للاستكشاف' })).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'الانتقال إلى المحتوى الرئيسي' });
    await u.tab();
    expect(skip).toHaveFocus();
    await u.click(skip);
    expect(main).toHaveFocus();
  });
});

describe('sign-out', () => {
  it('revokes the refresh token, clears the session and says so', async () => {
    const { store, user: u } = renderWithProviders(frame, { preloadedState: signedIn, route: '/settings' });
    // With the reader's links, in a chunk of their own (readerParts.tsx).
    await u.click(await within(mainNav()).findByRole('button', { name: 'تسجيل الخروج' }));
    expect(await screen.findByText('تم تسجيل الخروج بنجاح')).toBeInTheDocument();
    // Off a signed-in-only page (router updates are transitions, hence the wait).
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    const logout = api.calls.find((r) => r.url.endsWith('/auth/logout/'));
    expect(logout?.method).toBe('POST');
    expect(await logout?.clone().json()).toEqual({ refresh: 'r' });
    expect(store.getState().session).toMatchObject({ access: null, refresh: null, user: null });
    expect(within(mainNav()).getByRole('link', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });

  it('signs out locally even when the server call fails', async () => {
    mockFetch((req, path) => (path === '/auth/logout/' ? Promise.reject(new TypeError('offline')) : frameHandler()(req, path)));
    const { store, user: u } = renderWithProviders(frame, { preloadedState: signedIn });
    await u.click(await within(mainNav()).findByRole('button', { name: 'تسجيل الخروج' }));
    expect(await screen.findByText('تم تسجيل الخروج بنجاح')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ access: null, refresh: null, user: null });
  });
});

describe('right column', () => {
  // Which frame shows at which width is CSS (media queries, checked in the browser tests); the
  // column's code and lists are not even asked for below its width.
  it('is loaded on large screens only, and when the window grows', async () => {
    media.set({ width: 1000 });
    renderWithProviders(frame);
    expect(screen.getByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary', { name: 'المزيد للاستكشاف' })).not.toBeInTheDocument();
    expect(api.calls.some((r) => r.url.includes('/content/categories/'))).toBe(false);
    media.set({ width: 1300 });
    expect(await screen.findByRole('complementary', { name: 'المزيد للاستكشاف' })).toBeInTheDocument();
  });

  it('lists 5 categories, 5 organizations and 5 trending hashtags with view-more links', async () => {
    renderWithProviders(frame);
    const aside = within(await screen.findByRole('complementary', { name: 'المزيد للاستكشاف' }));

    const categories = within(aside.getByRole('region', { name: 'التصنيفات' }));
    expect(await categories.findByRole('link', { name: 'تصنيف 1' })).toHaveAttribute('href', '/?category=category-1');
    expect(categories.getAllByRole('link', { name: /^تصنيف/ })).toHaveLength(5);
    expect(categories.getByRole('link', { name: `عرض ${CATEGORY_COUNT - 5} أخرى` })).toHaveAttribute('href', '/categories');

    const organizations = within(aside.getByRole('region', { name: 'الجهات' }));
    expect(await organizations.findByRole('link', { name: 'جهة 1' })).toHaveAttribute('href', '/organizations/ORG1');
    expect(organizations.getAllByRole('link', { name: /^جهة/ })).toHaveLength(5);
    expect(organizations.getByRole('link', { name: `عرض ${ORGANIZATION_COUNT - 5} أخرى` })).toHaveAttribute('href', '/organizations');
    const orgCall = api.calls.find((r) => r.url.includes('/producers/organizations/'));
    expect(Object.fromEntries(new URL(orgCall!.url).searchParams)).toEqual({ is_active: 'true', is_verified: 'true', page_size: '20' });

    const trending = within(aside.getByRole('region', { name: 'الوسوم الرائجة' }));
    expect(await trending.findByRole('link', { name: '#وسم1' })).toHaveAttribute('href', '/hashtags/tag-1');
    expect(trending.getAllByRole('link')).toHaveLength(5);

    for (const [name, href] of [['سياسة الخصوصية', '/privacy'], ['شروط الاستخدام', '/terms'], ['حول المنصة', '/about']]) {
      expect(aside.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(aside.getByText(new RegExp(`© ${new Date().getFullYear()} قرار`))).toBeInTheDocument();
  });
});

describe('mobile', () => {
  beforeEach(() => media.set({ width: 390 }));

  it('has a top bar with menu and search buttons, and never loads the right column', async () => {
    renderWithProviders(frame);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('complementary', { name: 'المزيد للاستكشاف' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'فتح القائمة' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'فتح البحث' })).toBeInTheDocument();
  });

  it('opens a menu from the start side with categories and settings', async () => {
    const { user: u } = renderWithProviders(frame, { preloadedState: signedIn });
    await u.click(screen.getByRole('button', { name: 'فتح القائمة' }));
    const nav = within(within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'التنقل الرئيسي' }));
    expect(nav.getByRole('link', { name: 'التصنيفات' })).toHaveAttribute('href', '/categories');
    expect(nav.getAllByRole('link', { name: 'الإعدادات' }).length).toBeGreaterThan(0);
    expect(nav.getByRole('link', { name: 'المحفوظات' })).toBeInTheDocument();
    expect(await nav.findByRole('link', { name: 'تصنيف 1' })).toBeInTheDocument();
    // anchor="left" is written for ltr; the rtl cache turns its `left: 0` into `right: 0`.
    const paper = document.querySelector('.MuiDrawer-paper') as HTMLElement;
    expect(getComputedStyle(paper).right).toBe('0px');
    expect(getComputedStyle(paper).left).not.toBe('0px');

    await u.click(nav.getByRole('link', { name: 'اكتشف' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/explore');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('anchors the menu on the left in English', async () => {
    const { user: u } = renderWithProviders(frame, { preloadedState: { preferences: { language: 'en' } } });
    await u.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    const paper = document.querySelector('.MuiDrawer-paper') as HTMLElement;
    expect(getComputedStyle(paper).left).toBe('0px');
    expect(getComputedStyle(paper).right).not.toBe('0px');
  });

  it('opens a full-screen search with a quick action to explore and 10 trending hashtags', async () => {
    const { user: u } = renderWithProviders(frame);
    await u.click(screen.getByRole('button', { name: 'فتح البحث' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'البحث' }));
    expect(dialog.getByRole('link', { name: 'استكشاف جميع المنشورات' })).toHaveAttribute('href', '/explore');
    await waitFor(() => expect(dialog.getAllByRole('link', { name: /^#وسم/ })).toHaveLength(10));
    await u.click(dialog.getByRole('link', { name: '#وسم3' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/hashtags/tag-3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
