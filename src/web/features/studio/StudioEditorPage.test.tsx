/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import type { StudioPost } from '../../api/studio';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { emptyFormDataWhileSubmitting } from '../../test/formDataShim';
import { renderWithProviders } from '../../test/renderWithProviders';
import StudioEditorPage from './StudioEditorPage';
import { NO_ABILITIES, studioHandler, studioPost } from './studioTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/studio/new" element={<StudioEditorPage />} />
      <Route path="/studio/posts/:id" element={<StudioEditorPage />} />
      <Route path="*" element={null} />
    </Routes>
    <Link to="/explore">elsewhere</Link>
    <Where />
  </>
);

/** The autosave waits 1.5 s after the last keystroke. */
// Generous: the debounce is 1.5 s, and a machine running the whole suite on its two cores is slow.
const AFTER_AUTOSAVE = { timeout: 10_000 };

const bodies = (f: ReturnType<typeof mockFetch>, method: string, path: string) =>
  Promise.all(f.calls.filter((r) => r.method === method && new URL(r.url).pathname.endsWith(path)).map((r) => r.clone().json() as Promise<unknown>));

function open(post: StudioPost, over?: Handler) {
  const f = mockFetch(studioHandler({ posts: [post], over }));
  const rendered = renderWithProviders(app, { route: `/studio/posts/${post.id}`, preloadedState: signedIn });
  return { f, ...rendered };
}

const titleAr = () => screen.findByRole('textbox', { name: 'العنوان (بالعربية)' });

emptyFormDataWhileSubmitting();

describe('StudioEditorPage', () => {
  it('saves a change by itself once typing stops, sending only that field', async () => {
    const post = studioPost(5);
    const { f, user: u } = open(post, (req, path) => (req.method === 'PATCH' && path === '/studio/posts/5/' ? json(200, { ...post, title_ar: 'مسودة رقم 5 معدلة' }) : json(404, {})));
    await u.click(await titleAr());
    await u.paste(' معدلة');
    expect(screen.getByText('غير محفوظ')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('تم الحفظ')).toBeInTheDocument(), AFTER_AUTOSAVE);
    expect(await bodies(f, 'PATCH', '/studio/posts/5/')).toEqual([{ title_ar: 'مسودة رقم 5 معدلة' }]);
    // The preview follows the form, Arabic right to left.
    const arabic = screen.getByRole('heading', { level: 3, name: 'مسودة رقم 5 معدلة' }).closest('article');
    expect(arabic).toHaveAttribute('dir', 'rtl');
  });

  it('saves what was typed once before submitting, and nothing after (the pending autosave is dropped)', async () => {
    // The save the submission waits for is slow: the autosave's own moment (1.5 s after the
    // keystroke) comes while it is still on its way, and must not send the same change again,
    // which would reach the server after the submission (409: not editable in review).
    const post = studioPost(5);
    const slowSave = () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, { ...post, title_ar: 'مسودة رقم 5 معدلة' })), 3_000));
    const { f, user: u } = open(post, (req, path) => {
      if (req.method === 'PATCH' && path === '/studio/posts/5/') return slowSave();
      if (req.method === 'POST' && path === '/studio/posts/5/submit/') return json(200, { ...post, stage: 'in_review', can: NO_ABILITIES });
      return json(404, {});
    });
    await u.click(await titleAr());
    await u.paste(' معدلة');
    await u.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    await waitFor(() => expect(f.paths()).toContain('POST /studio/posts/5/submit/'), AFTER_AUTOSAVE);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(f.paths().filter((p) => !p.startsWith('GET '))).toEqual(['PATCH /studio/posts/5/', 'POST /studio/posts/5/submit/']);
  });

  it('creates a new post on its first save and moves to its address', async () => {
    const created = studioPost(12, { title_ar: 'قرار جديد', title: '' });
    const f = mockFetch(studioHandler({ posts: [created], over: (req, path) => (req.method === 'POST' && path === '/studio/posts/' ? json(201, created) : json(404, {})) }));
    const { user: u } = renderWithProviders(app, { route: '/studio/new', preloadedState: signedIn });
    await u.click(await titleAr());
    await u.paste('قرار جديد');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/studio/posts/12'), AFTER_AUTOSAVE);
    // The single membership's organization is the new post's.
    expect(await bodies(f, 'POST', '/studio/posts/')).toEqual([{ title_ar: 'قرار جديد', language: 'ar', organization_id: 3 }]);
    expect(screen.getByRole('textbox', { name: 'العنوان (بالعربية)' })).toHaveValue('قرار جديد');
  });

  it('shows the saved post when the page is loaded again after its creation (the address keeps its "created" state)', async () => {
    // A reload, or coming back to the page, keeps the history entry's state: the editor must
    // still wait for the post, not start from an empty form.
    const post = studioPost(12, { title_ar: 'قرار محفوظ', content: 'Saved text' });
    const answer = studioHandler({ posts: [post] });
    // The post arrives after the user's memberships, as it may.
    mockFetch((req, path) => (path === '/studio/posts/12/' ? new Promise<Response>((resolve) => setTimeout(() => resolve(answer(req, path) as Response), 500)) : answer(req, path)));
    renderWithProviders(app, { route: { pathname: '/studio/posts/12', state: { created: true } }, preloadedState: signedIn });
    expect(await titleAr()).toHaveValue('قرار محفوظ');
    expect(screen.getByRole('textbox', { name: 'المحتوى (بالإنجليزية)' })).toHaveValue('Saved text');
  });

  it('warns before leaving while a change is not saved', async () => {
    const { user: u } = open(studioPost(5), () => new Promise<Response>(() => undefined));
    await u.type(await titleAr(), ' x');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await u.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(confirm).toHaveBeenCalledWith('لم تُحفظ آخر تعديلاتك بعد. هل تريد المغادرة رغم ذلك؟');
    expect(screen.getByTestId('where')).toHaveTextContent('/studio/posts/5');
    confirm.mockReturnValue(true);
    await u.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/explore');
    confirm.mockRestore();
  });

  it('does not warn when everything is saved', async () => {
    const { user: u } = open(studioPost(5));
    await titleAr();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await u.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/explore');
    confirm.mockRestore();
  });

  it('shows only the actions the post allows', async () => {
    open(studioPost(5));
    const actions = within((await screen.findByRole('heading', { name: 'الإجراءات' })).closest('section')!);
    expect(actions.getByRole('button', { name: 'إرسال للمراجعة' })).toBeInTheDocument();
    expect(actions.getByRole('button', { name: 'حذف المسودة' })).toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'نشر الآن' })).not.toBeInTheDocument();
    expect(actions.queryByRole('button', { name: 'طلب تعديلات' })).not.toBeInTheDocument();
  });

  it('gives a publisher review, publishing and scheduling, and a published post correction and withdrawal', async () => {
    const review = studioPost(6, { stage: 'in_review', role: 'publisher', can: { ...NO_ABILITIES, edit: true, review: true, publish: true, schedule: true } });
    const { unmount } = open(review);
    expect(await screen.findByRole('button', { name: 'نشر الآن' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'طلب تعديلات' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'جدولة النشر' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إرسال للمراجعة' })).not.toBeInTheDocument();
    unmount();

    const published = studioPost(7, { stage: 'published', status: 'published', version: 1, can: { ...NO_ABILITIES, correct: true, withdraw: true } });
    open(published);
    expect(await screen.findByRole('button', { name: 'إجراء التصحيح' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'سحب المنشور' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حذف المسودة' })).not.toBeInTheDocument();
    expect(screen.getByText('لا يمكن تعديل هذا المنشور في مرحلته الحالية.')).toBeInTheDocument();
  });

  it('asks for a comment before requesting changes', async () => {
    const review = studioPost(6, { stage: 'in_review', can: { ...NO_ABILITIES, review: true } });
    const { f, user: u } = open(review, (req, path) =>
      req.method === 'POST' && path === '/studio/posts/6/request-changes/' ? json(200, { ...review, stage: 'changes_requested', can: NO_ABILITIES }) : json(404, {}),
    );
    await u.click(await screen.findByRole('button', { name: 'طلب تعديلات' }));
    const dialog = await screen.findByRole('dialog', { name: 'طلب تعديلات' });
    await u.click(within(dialog).getByRole('button', { name: 'طلب تعديلات' }));
    expect(await within(dialog).findByText('اكتب التعديلات المطلوبة')).toBeInTheDocument();
    expect(f.paths()).not.toContain('POST /studio/posts/6/request-changes/');

    await u.click(within(dialog).getByRole('textbox', { name: 'ملاحظة للكاتب' }));
    await u.paste('أضف رقم القرار');
    await u.click(within(dialog).getByRole('button', { name: 'طلب تعديلات' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await bodies(f, 'POST', '/request-changes/')).toEqual([{ comment: 'أضف رقم القرار' }]);
    // The answered post replaces the cached one: its stage shows, and the button is gone.
    expect(await screen.findByText('مطلوب تعديلات')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'طلب تعديلات' })).not.toBeInTheDocument();
  });

  it('refuses to schedule in the past', async () => {
    const review = studioPost(6, { stage: 'in_review', can: { ...NO_ABILITIES, schedule: true } });
    const { f, user: u } = open(review, (req, path) =>
      req.method === 'POST' && path === '/studio/posts/6/schedule/' ? json(200, { ...review, stage: 'scheduled', scheduled_at: '2099-01-01T07:00:00Z' }) : json(404, {}),
    );
    await u.click(await screen.findByRole('button', { name: 'جدولة النشر' }));
    const dialog = await screen.findByRole('dialog', { name: 'جدولة النشر' });
    const when = within(dialog).getByLabelText(/تاريخ النشر ووقته/);
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } });
    await u.click(within(dialog).getByRole('button', { name: 'جدولة النشر' }));
    expect(await within(dialog).findByText('يجب أن يكون الموعد في المستقبل')).toBeInTheDocument();
    expect(f.paths()).not.toContain('POST /studio/posts/6/schedule/');

    fireEvent.change(when, { target: { value: '2099-01-01T10:00' } });
    await u.click(within(dialog).getByRole('button', { name: 'جدولة النشر' }));
    await waitFor(() => expect(f.paths()).toContain('POST /studio/posts/6/schedule/'));
    expect(await bodies(f, 'POST', '/schedule/')).toEqual([{ publish_at: new Date('2099-01-01T10:00').toISOString() }]);
    expect(await screen.findByRole('button', { name: 'إلغاء الجدولة' })).toBeInTheDocument();
  });

  it('puts the server’s field message under its field', async () => {
    const { user: u } = open(studioPost(5), (req, path) =>
      req.method === 'PATCH' && path === '/studio/posts/5/' ? json(400, { document_number: ['رقم الوثيقة مستخدم في منشور آخر'] }) : json(404, {}),
    );
    await u.click(await screen.findByRole('textbox', { name: 'رقم الوثيقة' }));
    await u.paste('794/1446');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'رقم الوثيقة' })).toHaveAccessibleDescription('رقم الوثيقة مستخدم في منشور آخر'), AFTER_AUTOSAVE);
    expect(screen.getByRole('textbox', { name: 'رقم الوثيقة' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/^لم يتم الحفظ/)).toBeInTheDocument();
  });

  it('checks the fields before sending for review, with the Arabic messages', async () => {
    const { f, user: u } = open(studioPost(5, { title_ar: '', type_id: null }));
    await u.click(await screen.findByRole('button', { name: 'إرسال للمراجعة' }));
    expect(await screen.findByText('أدخل العنوان بالعربية')).toBeInTheDocument();
    expect(screen.getByText('اختر نوع المنشور')).toBeInTheDocument();
    expect(f.paths()).not.toContain('POST /studio/posts/5/submit/');
  });
});
