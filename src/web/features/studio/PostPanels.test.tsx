/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Attachment, StudioHistory } from '../../api/studio';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import StudioEditorPage from './StudioEditorPage';
import { studioHandler, studioPost } from './studioTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };
const app = (
  <Routes>
    <Route path="/studio/posts/:id" element={<StudioEditorPage />} />
  </Routes>
);

const attachment = (id: number, title_ar: string, order: number, title: string | null = null): Attachment => ({
  id,
  file: `posts/${id}.pdf`,
  file_url: `http://localhost/media/posts/${id}.pdf`,
  thumbnail_url: null,
  renditions: [],
  title,
  title_ar,
  description: '',
  file_type: 'application/pdf',
  size: 1000,
  file_size_display: '1.0 KB',
  file_extension: 'pdf',
  order,
  created_at: '2026-11-20T09:00:00Z',
  width: null,
  height: null,
});

const files = [attachment(1, 'القرار', 0), attachment(2, 'الملحق', 1, 'Annex')];

function render(over: Handler, history?: StudioHistory) {
  const post = studioPost(5, { attachments: files });
  const base = studioHandler({ posts: [post], over });
  const f = mockFetch((req, path) => (history && req.method === 'GET' && path === '/studio/posts/5/history/' ? json(200, history) : base(req, path)));
  return { f, ...renderWithProviders(app, { route: '/studio/posts/5', preloadedState: signedIn }) };
}

describe('attachments', () => {
  it('refuses a file of another type before sending it, and orders with the buttons', async () => {
    const { f, user: u } = render((req, path) => (req.method === 'PUT' && path === '/studio/posts/5/attachments/order/' ? json(200, studioPost(5)) : json(404, {})));
    const panel = within((await screen.findByRole('heading', { name: 'المرفقات' })).closest('section')!);
    expect(panel.getByText('ملفات PDF حتى 20 ميجابايت، وصور JPEG أو PNG أو WebP حتى 10 ميجابايت.')).toBeInTheDocument();
    const input = panel.getByLabelText<HTMLInputElement>('إضافة ملف');
    // Chosen despite the chooser's filter ("all files"), as a browser allows.
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await panel.findByText('الملف «notes.txt» ليس من نوع PDF أو JPEG أو PNG أو WebP')).toBeInTheDocument();
    expect(f.paths()).not.toContain('POST /studio/posts/5/attachments/');

    expect(panel.getByRole('button', { name: 'نقل «القرار» إلى الأعلى' })).toBeDisabled();
    await u.click(panel.getByRole('button', { name: 'نقل «القرار» إلى الأسفل' }));
    await waitFor(() => expect(f.paths()).toContain('PUT /studio/posts/5/attachments/order/'));
    const sent = f.calls.find((r) => r.url.endsWith('/attachments/order/'))!;
    expect(await sent.clone().json()).toEqual({ ids: [2, 1] });
  });

  it('titles a file in both languages, a blank English title removing it', async () => {
    const { f, user: u } = render((req, path) => (req.method === 'PATCH' && path.startsWith('/studio/posts/5/attachments/') ? json(200, studioPost(5, { attachments: files })) : json(404, {})));
    const panel = within((await screen.findByRole('heading', { name: 'المرفقات' })).closest('section')!);
    const [first, second] = panel.getAllByRole('listitem');
    expect(within(second).getByRole('textbox', { name: 'عنوان الملف بالعربية' })).toHaveValue('الملحق');
    expect(within(second).getByRole('textbox', { name: 'عنوان الملف بالإنجليزية' })).toHaveValue('Annex');
    await u.type(within(first).getByRole('textbox', { name: 'عنوان الملف بالإنجليزية' }), 'The decision');
    await u.click(within(first).getByRole('button', { name: 'حفظ البيانات' }));
    await waitFor(() => expect(f.paths()).toContain('PATCH /studio/posts/5/attachments/1/'));
    const sent = f.calls.find((r) => r.url.endsWith('/attachments/1/'))!;
    expect(await sent.clone().json()).toEqual({ title_ar: 'القرار', title: 'The decision', description: '' });
    await u.clear(within(second).getByRole('textbox', { name: 'عنوان الملف بالإنجليزية' }));
    await u.click(within(second).getByRole('button', { name: 'حفظ البيانات' }));
    await waitFor(() => expect(f.paths()).toContain('PATCH /studio/posts/5/attachments/2/'));
    expect(await f.calls.find((r) => r.url.endsWith('/attachments/2/'))!.clone().json()).toEqual({ title_ar: 'الملحق', title: null, description: '' });
  });
});

describe('review', () => {
  it('lists what happened to the post and sends a comment', async () => {
    const history: StudioHistory = {
      versions: [],
      events: [
        { id: 1, action: 'created', at: '2026-11-20T09:00:00Z', user: studioPost(5).author, post: null, version: null, comment: null },
        { id: 2, action: 'changes_requested', at: '2026-11-21T09:00:00Z', user: { ...studioPost(5).author, first_name: 'Omar', last_name: 'Saleh' }, post: null, version: null, comment: 'أضف رقم القرار' },
      ],
    };
    const { f, user: u } = render((req, path) => (req.method === 'POST' && path === '/studio/posts/5/comments/' ? json(201, history) : json(404, {})), history);
    const section = within((await screen.findByRole('heading', { name: 'المراجعة والسجل' })).closest('section')!);
    const items = await section.findAllByRole('listitem');
    // Newest first.
    expect(items[0]).toHaveTextContent('Omar Saleh طلب تعديلات');
    expect(items[0]).toHaveTextContent('أضف رقم القرار');
    expect(items[1]).toHaveTextContent('Rana Haddad أنشأ المسودة');

    await u.click(section.getByRole('textbox', { name: 'تعليق' }));
    await u.paste('تمت الإضافة');
    await u.click(section.getByRole('button', { name: 'إرسال التعليق' }));
    await waitFor(() => expect(f.paths()).toContain('POST /studio/posts/5/comments/'));
    const sent = f.calls.find((r) => r.url.endsWith('/comments/'))!;
    expect(await sent.clone().json()).toEqual({ comment: 'تمت الإضافة' });
    await waitFor(() => expect(section.getByRole('textbox', { name: 'تعليق' })).toHaveValue(''));
  });
});

describe('relations', () => {
  it('adds a relation to a post found by search, and saves the whole list', async () => {
    const target = { id: 40, slug: 'old', title: 'Old market rules', title_ar: 'لائحة الأسواق القديمة', document_number: '12/1440', published_at: '2019-01-01T00:00:00Z', status: 'published' as const, organization_name: null, organization_name_ar: null };
    const { f, user: u } = render((req, path) => {
      if (req.method === 'GET' && path === '/studio/lookup/posts/') return json(200, [target]);
      if (req.method === 'PUT' && path === '/studio/posts/5/relations/') return json(200, studioPost(5, { relations: [{ kind: 'repeals', direction: 'out', post: target }] }));
      return json(404, {});
    });
    const panel = within((await screen.findByRole('heading', { name: 'الوثائق ذات الصلة' })).closest('section')!);
    expect(panel.getByText('لا توجد وثائق ذات صلة')).toBeInTheDocument();
    await u.click(panel.getByRole('combobox', { name: 'نوع العلاقة' }));
    await u.click(await screen.findByRole('option', { name: 'يلغي' }));
    await u.click(panel.getByRole('combobox', { name: 'ابحث عن المنشور' }));
    await u.paste('الأسواق');
    await waitFor(() => expect(f.paths()).toContain('GET /studio/lookup/posts/'));
    await u.click(await screen.findByRole('option', { name: 'لائحة الأسواق القديمة — 12/1440' }, { timeout: 3000 }));
    await u.click(panel.getByRole('button', { name: 'إضافة العلاقة' }));
    await waitFor(() => expect(f.paths()).toContain('PUT /studio/posts/5/relations/'));
    const sent = f.calls.find((r) => r.url.endsWith('/relations/'))!;
    expect(await sent.clone().json()).toEqual({ relations: [{ kind: 'repeals', post_id: 40 }] });
    expect(await panel.findByText(/يلغي:/)).toHaveTextContent('يلغي: لائحة الأسواق القديمة — 12/1440');
    expect(new URL(f.calls.find((r) => r.url.includes('/lookup/'))!.url).searchParams.get('search')).toBe('الأسواق');
  });
});
