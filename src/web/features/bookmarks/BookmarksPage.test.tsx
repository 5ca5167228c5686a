/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Bookmark } from '../../api/bookmarks';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { post, user } from '../../test/fixtures';
import { emptyFormDataWhileSubmitting } from '../../test/formDataShim';
import { renderWithProviders } from '../../test/renderWithProviders';
import BookmarksPage from './BookmarksPage';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };

const bookmark = (id: number, notes = ''): Bookmark => ({
  id,
  post: post(id, { is_bookmarked: true, bookmark_id: id }),
  notes,
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/bookmarks" element={<BookmarksPage />} />
      <Route path="*" element={null} />
    </Routes>
    <Where />
  </>
);

/** Bookmarks by page (10 a page) and search; `over` answers other calls. */
function bookmarksApi(all: Bookmark[], over: Handler = () => json(404, {})): Handler {
  return (req, path) => {
    if (req.method !== 'GET' || path !== '/content/bookmarks/') return over(req, path);
    const url = new URL(req.url);
    const search = url.searchParams.get('search');
    const matching = search ? all.filter((b) => b.notes.includes(search) || b.post.title_ar.includes(search)) : all;
    const pageNo = Number(url.searchParams.get('page') ?? '1');
    const results = matching.slice((pageNo - 1) * 10, pageNo * 10);
    return json(200, { count: matching.length, next: pageNo * 10 < matching.length ? `?page=${pageNo + 1}` : null, previous: null, results });
  };
}

const articles = () => screen.findAllByRole('article');

emptyFormDataWhileSubmitting();

describe('BookmarksPage', () => {
  it('lists the saved posts with their notes, the date saved and the count', async () => {
    mockFetch(bookmarksApi([bookmark(1, 'للمراجعة'), bookmark(2)]));
    renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await articles()).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'المحفوظات' })).toBeInTheDocument();
    expect(screen.getByText('عدد المنشورات المحفوظة: 2')).toBeInTheDocument();
    expect(screen.getByText('للمراجعة')).toBeInTheDocument();
    expect(screen.getByText('لا توجد ملاحظات')).toBeInTheDocument();
    expect(screen.getAllByText(/^تم الحفظ في .*2026/)).toHaveLength(2);
    // On each card too, as the card words its dates (spec §3 savedAt).
    for (const article of screen.getAllByRole('article')) {
      expect(within(article).getByText(/^حُفظ (قبل|في) /)).toHaveAttribute('dateTime', '2026-11-20T09:00:00Z');
    }
    expect(screen.getAllByRole('heading', { name: 'ملاحظاتي' })).toHaveLength(2);
  });

  it('says there are none yet, with a link to browse posts', async () => {
    mockFetch(bookmarksApi([]));
    renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    expect(await screen.findByText('لا توجد محفوظات بعد')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفح المنشورات' })).toHaveAttribute('href', '/');
  });

  it('shows the error with its message, and tries again', async () => {
    let fail = true;
    const inner = bookmarksApi([bookmark(1)]);
    mockFetch((req, path) => (fail ? json(500, { detail: 'قاعدة البيانات لا تستجيب' }) : inner(req, path)));
    const { user: u } = renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    const alert = (await screen.findByText('خطأ في تحميل المحفوظات')).closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('قاعدة البيانات لا تستجيب');
    fail = false;
    await u.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await articles()).toHaveLength(1);
    // The screen says it; no second, generic toast.
    expect(screen.queryAllByText('قاعدة البيانات لا تستجيب')).toHaveLength(0);
  });

  it('loads more while there is a next page', async () => {
    mockFetch(bookmarksApi(Array.from({ length: 12 }, (_, i) => bookmark(i + 1))));
    const { user: u } = renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    expect(await articles()).toHaveLength(10);
    await u.click(screen.getByRole('button', { name: 'تحميل المزيد' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'تحميل المزيد' })).not.toBeInTheDocument();
  });

  it('searches titles and notes, keeping the search in the address', async () => {
    const f = mockFetch(bookmarksApi([bookmark(1, 'عقد الإيجار'), bookmark(2, 'أخرى')]));
    const { user: u } = renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    await articles();
    await u.type(screen.getByRole('searchbox', { name: 'البحث في المحفوظات' }), 'الإيجار{Enter}');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByText('نتائج البحث: 1')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/bookmarks?search=${encodeURIComponent('الإيجار')}`);
    expect(f.calls.some((r) => new URL(r.url).searchParams.get('search') === 'الإيجار')).toBe(true);

    await u.clear(screen.getByRole('searchbox', { name: 'البحث في المحفوظات' }));
    await u.type(screen.getByRole('searchbox', { name: 'البحث في المحفوظات' }), 'لا شيء{Enter}');
    expect(await screen.findByText('لا توجد محفوظات تطابق بحثك')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'مسح البحث' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/bookmarks$/);
  });

  it('removing takes the post out of the list at once, and puts it back when the call fails', async () => {
    const answers: Array<(r: Response) => void> = [];
    const f = mockFetch(
      bookmarksApi([bookmark(1, 'أولى'), bookmark(2, 'ثانية')], (req, path) =>
        req.method === 'DELETE' && path === '/content/bookmarks/1/' ? new Promise<Response>((resolve) => answers.push(resolve)) : json(404, {}),
      ),
    );
    const { user: u } = renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    expect(await articles()).toHaveLength(2);
    const first = () => screen.getByText('أولى').closest('li') as HTMLElement;

    // By keyboard: the focus stays in the list when the item holding it leaves.
    within(first()).getByRole('button', { name: 'حفظ المنشور' }).focus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('أولى')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'المحفوظات' })).toHaveFocus();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('عدد المنشورات المحفوظة: 1')).toBeInTheDocument();
    answers.shift()!(json(500, {}));
    expect(await screen.findByText('فشل في حذف الإشارة المرجعية')).toBeInTheDocument();
    expect(await screen.findByText('أولى')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('عدد المنشورات المحفوظة: 2')).toBeInTheDocument();
    expect(f.paths().filter((p) => p === 'DELETE /content/bookmarks/1/')).toHaveLength(1);
  });

  it('edits a note: cancel discards, save trims and confirms, a failure keeps the text', async () => {
    const saved: unknown[] = [];
    let failNext = false;
    mockFetch(
      bookmarksApi([bookmark(1, 'قديمة')], async (req, path) => {
        if (req.method === 'PATCH' && path === '/content/bookmarks/1/') {
          if (failNext) return json(500, {});
          saved.push(await req.json());
          return json(200, bookmark(1, 'جديدة'));
        }
        return json(404, {});
      }),
    );
    const { user: u } = renderWithProviders(app, { route: '/bookmarks', preloadedState: signedIn });
    await articles();
    await u.click(screen.getByRole('button', { name: 'تعديل الملاحظات' }));
    const box = screen.getByRole('textbox', { name: 'ملاحظاتك على المنشور' });
    expect(box).toHaveValue('قديمة');
    await u.clear(box);
    await u.type(box, 'شيء');
    expect(screen.getByText('3/500')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'إلغاء' }));
    expect(screen.getByText('قديمة')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    failNext = true;
    await u.click(screen.getByRole('button', { name: 'تعديل الملاحظات' }));
    await u.clear(screen.getByRole('textbox', { name: 'ملاحظاتك على المنشور' }));
    await u.type(screen.getByRole('textbox', { name: 'ملاحظاتك على المنشور' }), '  جديدة ');
    await u.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('فشل في تحديث الملاحظات')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ملاحظاتك على المنشور' })).toHaveValue('  جديدة ');

    failNext = false;
    await u.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم تحديث الملاحظات')).toBeInTheDocument();
    expect(saved).toEqual([{ notes: 'جديدة' }]);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'ملاحظاتك على المنشور' })).not.toBeInTheDocument());
  });
});
