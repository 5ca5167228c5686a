/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { useGetPostQuery } from '../../../api/posts';
import type { PreloadedRootState } from '../../../app/store';
import { json, mockFetch } from '../../../test/fetchMock';
import { post, user } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { BookmarkButton } from './BookmarkButton';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>{`${location.pathname}${location.search}`}</output>;
}

/** The post as a card shows it: read from the cache, where the bookmark calls patch it. */
function CachedPostButton() {
  const { data } = useGetPostQuery({ slug: 'post-1' });
  return data ? <BookmarkButton post={data} /> : null;
}

const deferred = () => {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
};

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };
/** The toggle, once it shows `pressed` (the optimistic patch lands a few microtasks after the press). */
const button = (pressed?: boolean) => screen.findByRole('button', { name: 'حفظ المنشور', pressed });

/** Serves post-1 (bookmarked or not) and holds the bookmark call until `answer` is resolved. */
function serve(bookmarked: boolean) {
  const answer = deferred();
  const api = mockFetch((req, path) => {
    if (req.method === 'GET' && path === '/content/posts/post-1/') return json(200, post(1, bookmarked ? { is_bookmarked: true, bookmark_id: 9 } : {}));
    return answer.promise;
  });
  return { answer, api };
}

describe('BookmarkButton for a visitor', () => {
  it('asks to sign in and goes to /login remembering where the reader was', async () => {
    const api = mockFetch(() => json(500, {}));
    const { user: reader } = renderWithProviders(
      <>
        <BookmarkButton post={post(1)} />
        <LocationProbe />
      </>,
      { route: '/explore?search=x#top' },
    );
    // A link, so that it works before the app's scripts arrive: /login says why and brings them back.
    const control = await screen.findByRole('link', { name: 'حفظ المنشور' });
    expect(control).toHaveAttribute('href', `/login?${new URLSearchParams({ next: '/explore?search=x#top', reason: 'bookmark' })}`);
    await reader.click(control);
    expect(await screen.findByText('يرجى تسجيل الدخول لحفظ المنشورات')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(JSON.parse(screen.getByTestId('location').getAttribute('data-state')!)).toEqual({ from: { pathname: '/explore', search: '?search=x', hash: '#top' } });
    expect(api.calls).toHaveLength(0);
  });
});

/** The note popover, once its chunk has loaded. */
const popover = () => screen.findByRole('dialog', { name: 'حفظ المنشور' });
const note = () => screen.getByRole('textbox', { name: 'ملاحظة (اختيارية)' });

describe('BookmarkButton for a signed-in reader', () => {
  it('asks for a note first; saving without one marks the post saved at once, then shows the server’s message', async () => {
    const { answer, api } = serve(false);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button(false);
    await reader.click(toggle);
    await popover();
    expect(api.calls.filter((r) => r.method !== 'GET')).toHaveLength(0);
    await reader.click(screen.getByRole('button', { name: 'حفظ بدون ملاحظة' }));
    await button(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    answer.resolve(json(201, { message: 'تمت إضافة المنشور إلى المحفوظات', bookmark: { id: 42, post: 1, notes: '', created_at: '', updated_at: '' } }));
    expect(await screen.findByText('تمت إضافة المنشور إلى المحفوظات')).toBeInTheDocument();
    await button(true);
    expect(toggle).toHaveAttribute('title', 'إزالة من المحفوظات');
    const call = api.calls.find((r) => r.method === 'POST')!;
    expect(new URL(call.url).pathname).toBe('/api/v1/content/posts/post-1/bookmark/');
    expect(await call.json()).toEqual({ notes: null });
  });

  it('saves the note, trimmed, with its live counter', async () => {
    const { answer, api } = serve(false);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    await reader.click(await button(false));
    await popover();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await reader.type(note(), '  للمراجعة يوم الأحد ');
    expect(screen.getByText('21/500')).toBeInTheDocument();
    await reader.click(screen.getByRole('button', { name: 'حفظ مع الملاحظة' }));
    await button(true);
    answer.resolve(json(201, { message: 'تم', bookmark: { id: 42, post: 1, notes: 'للمراجعة يوم الأحد', created_at: '', updated_at: '' } }));
    const call = api.calls.find((r) => r.method === 'POST')!;
    expect(await call.json()).toEqual({ notes: 'للمراجعة يوم الأحد' });
  });

  it('keeps the note to 500 characters', async () => {
    serve(false);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    await reader.click(await button(false));
    await popover();
    await reader.click(note());
    await reader.paste('ن'.repeat(520));
    expect(note()).toHaveValue('ن'.repeat(500));
    expect(screen.getByText('500/500')).toBeInTheDocument();
  });

  it('closes on Escape, saving nothing, and gives the focus back to the button', async () => {
    const { api } = serve(false);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button(false);
    await reader.click(toggle);
    await popover();
    await waitFor(() => expect(note()).toHaveFocus());
    await reader.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('closes on a click outside, saving nothing', async () => {
    const { api } = serve(false);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button(false);
    await reader.click(toggle);
    await popover();
    await reader.type(note(), 'لا تحفظ');
    // MUI's popover puts an invisible backdrop over the page: a click anywhere else lands on it.
    await reader.click(document.querySelector('.MuiBackdrop-root')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(api.calls.filter((r) => r.method !== 'GET')).toHaveLength(0);
    // Opened again, it starts empty.
    await reader.click(toggle);
    await popover();
    expect(note()).toHaveValue('');
  });

  it('reverts with §4’s message when adding fails', async () => {
    const { answer } = serve(false);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button(false);
    await reader.click(toggle);
    await popover();
    await reader.click(screen.getByRole('button', { name: 'حفظ بدون ملاحظة' }));
    await button(true);
    answer.resolve(json(500, { detail: 'boom' }));
    expect(await screen.findByText('فشل في إضافة الإشارة المرجعية')).toBeInTheDocument();
    await button(false);
  });

  it('removes a bookmark at once and confirms', async () => {
    const { answer, api } = serve(true);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button(true);
    await reader.click(toggle);
    await button(false);
    answer.resolve(new Response(null, { status: 204 }));
    expect(await screen.findByText('تم حذف الإشارة المرجعية')).toBeInTheDocument();
    expect(api.paths()).toContain('DELETE /content/bookmarks/9/');
  });

  it('puts a bookmark back with §4’s message when removing fails', async () => {
    const { answer } = serve(true);
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button(true);
    await reader.click(toggle);
    await button(false);
    answer.resolve(json(500, {}));
    expect(await screen.findByText('فشل في حذف الإشارة المرجعية')).toBeInTheDocument();
    await button(true);
  });

  it('answers a press made while a call is under way once it is done: no press is lost', async () => {
    const added = deferred();
    const api = mockFetch((req, path) => {
      if (req.method === 'GET' && path === '/content/posts/post-1/') return json(200, post(1));
      if (req.method === 'DELETE' && path === '/content/bookmarks/42/') return new Response(null, { status: 204 });
      return added.promise;
    });
    const { user: reader } = renderWithProviders(<CachedPostButton />, { preloadedState: signedIn });
    const toggle = await button();
    await reader.click(toggle);
    await popover();
    await reader.click(screen.getByRole('button', { name: 'حفظ بدون ملاحظة' }));
    await button(true);
    // Pressed again before the add call has answered: nothing is sent yet...
    await reader.click(toggle);
    expect(api.calls.filter((r) => r.method !== 'GET')).toHaveLength(1);
    // ...and once it has, the bookmark it made is removed.
    added.resolve(json(201, { message: 'ok', bookmark: { id: 42, post: 1, notes: '', created_at: '', updated_at: '' } }));
    expect(await screen.findByText('تم حذف الإشارة المرجعية')).toBeInTheDocument();
    expect(api.calls.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST', 'DELETE']);
    await button(false);
  });

  it('waits for the profile of a stored session before acting', async () => {
    const { api } = serve(false);
    const { user: reader } = renderWithProviders(
      <>
        <CachedPostButton />
        <LocationProbe />
      </>,
      { preloadedState: { session: { access: 'a', refresh: 'r', user: null } } },
    );
    await reader.click(await button());
    await waitFor(() => expect(api.calls.filter((r) => r.method !== 'GET')).toHaveLength(0));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
