/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import StudioEditorPage from './StudioEditorPage';
import { NO_ABILITIES, studioHandler, studioPost } from './studioTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };
const app = (
  <Routes>
    <Route path="/studio/posts/:id" element={<StudioEditorPage />} />
    <Route path="*" element={<p>elsewhere</p>} />
  </Routes>
);

describe('PostActions', () => {
  it('offers a scheduled post’s cancelling, with its time in the header; says so when nothing is open', async () => {
    const scheduled = studioPost(8, { stage: 'scheduled', role: 'publisher', scheduled_at: '2026-12-01T06:30:00Z', can: { ...NO_ABILITIES, schedule: true } });
    mockFetch(studioHandler({ posts: [scheduled] }));
    const { unmount } = renderWithProviders(app, { route: '/studio/posts/8', preloadedState: signedIn });
    expect(await screen.findByRole('button', { name: 'إلغاء الجدولة' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'جدولة النشر' })).not.toBeInTheDocument();
    expect(screen.getByText(/^مجدول · موعد النشر /)).toBeInTheDocument();
    unmount();

    mockFetch(studioHandler({ posts: [studioPost(9, { stage: 'in_review', can: NO_ABILITIES })] }));
    renderWithProviders(app, { route: '/studio/posts/9', preloadedState: signedIn });
    const actions = within((await screen.findByRole('heading', { name: 'الإجراءات' })).closest('section')!);
    expect(actions.getByText('لا يوجد إجراء متاح لك في هذه المرحلة.')).toBeInTheDocument();
    expect(actions.queryAllByRole('button')).toEqual([]);
  });

  it('corrects a published post: the changed fields with a major change note, which is required', async () => {
    const published = studioPost(7, { stage: 'published', status: 'published', version: 1, can: { ...NO_ABILITIES, correct: true, withdraw: true } });
    const f = mockFetch(
      studioHandler({
        posts: [published],
        over: (req, path) => (req.method === 'POST' && path === '/studio/posts/7/correct/' ? json(200, { ...published, title_ar: 'العنوان المصحح', version: 2 }) : json(404, {})),
      }),
    );
    const { user: u } = renderWithProviders(app, { route: '/studio/posts/7', preloadedState: signedIn });
    await u.click(await screen.findByRole('button', { name: 'إجراء التصحيح' }));
    const title = screen.getByRole('textbox', { name: 'العنوان (بالعربية)' });
    await u.clear(title);
    await u.click(title);
    await u.paste('العنوان المصحح');
    await u.click(screen.getByRole('button', { name: 'تصحيح' }));
    const dialog = await screen.findByRole('dialog', { name: 'تصحيح المنشور' });
    await u.click(within(dialog).getByRole('radio', { name: /جوهري/ }));
    await u.click(within(dialog).getByRole('button', { name: 'تصحيح' }));
    expect(await within(dialog).findByText('يتطلب التغيير الجوهري ملاحظة تغيير')).toBeInTheDocument();
    expect(f.paths()).not.toContain('POST /studio/posts/7/correct/');

    await u.click(within(dialog).getByRole('textbox', { name: /ملاحظة التغيير \(بالعربية\)/ }));
    await u.paste('تصحيح اسم الجهة');
    await u.click(within(dialog).getByRole('button', { name: 'تصحيح' }));
    await waitFor(() => expect(f.paths()).toContain('POST /studio/posts/7/correct/'));
    const sent = f.calls.find((r) => r.method === 'POST' && r.url.endsWith('/correct/'))!;
    expect(await sent.clone().json()).toEqual({ title_ar: 'العنوان المصحح', change_kind: 'major', change_note: '', change_note_ar: 'تصحيح اسم الجهة' });
    // Out of correction mode, and the focus is on the actions' heading (the dialog's button is gone).
    expect(await screen.findByRole('button', { name: 'إجراء التصحيح' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'الإجراءات' })).toHaveFocus());
  });

  it('withdraws with a public reason in both languages', async () => {
    const published = studioPost(7, { stage: 'published', status: 'published', version: 1, can: { ...NO_ABILITIES, withdraw: true } });
    const f = mockFetch(
      studioHandler({
        posts: [published],
        over: (req, path) => (req.method === 'POST' && path === '/studio/posts/7/withdraw/' ? json(200, { ...published, stage: 'withdrawn', can: NO_ABILITIES }) : json(404, {})),
      }),
    );
    const { user: u } = renderWithProviders(app, { route: '/studio/posts/7', preloadedState: signedIn });
    await u.click(await screen.findByRole('button', { name: 'سحب المنشور' }));
    const dialog = await screen.findByRole('dialog', { name: 'سحب المنشور' });
    await u.click(within(dialog).getByRole('textbox', { name: /بالعربية/ }));
    await u.paste('صدر قرار بديل');
    await u.click(within(dialog).getByRole('button', { name: 'سحب المنشور' }));
    expect(await within(dialog).findByText('اذكر سبب السحب')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('textbox', { name: /بالإنجليزية/ }));
    await u.paste('Superseded');
    await u.click(within(dialog).getByRole('button', { name: 'سحب المنشور' }));
    await waitFor(() => expect(f.paths()).toContain('POST /studio/posts/7/withdraw/'));
    const sent = f.calls.find((r) => r.url.endsWith('/withdraw/'))!;
    expect(await sent.clone().json()).toEqual({ reason: 'Superseded', reason_ar: 'صدر قرار بديل' });
    expect(await screen.findByText('مسحوب')).toBeInTheDocument();
  });
});
