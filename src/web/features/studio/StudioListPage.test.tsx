/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { PostStage, StudioPost } from '../../api/studio';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { emptyFormDataWhileSubmitting } from '../../test/formDataShim';
import { renderWithProviders } from '../../test/renderWithProviders';
import StudioListPage from './StudioListPage';
import { organization, studioHandler, studioMe, studioPost } from './studioTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const app = (
  <>
    <Routes>
      <Route path="/studio" element={<StudioListPage />} />
      <Route path="*" element={null} />
    </Routes>
    <Where />
  </>
);

/** Posts by stage, answering the list call with the stage, organization and search asked for. */
function listHandler(all: StudioPost[], me = studioMe()) {
  return studioHandler({
    me,
    over: (req, path) => {
      if (req.method !== 'GET' || path !== '/studio/posts/') return json(404, {});
      const q = new URL(req.url).searchParams;
      const results = all.filter(
        (p) =>
          p.stage === (q.get('stage') as PostStage) &&
          (!q.get('organization') || String(p.organization.id) === q.get('organization')) &&
          (!q.get('search') || p.title_ar.includes(q.get('search')!)),
      );
      return json(200, { count: results.length, next: null, previous: null, results });
    },
  });
}

const posts = [
  studioPost(1, { title_ar: 'قرار تنظيم الأسواق' }),
  studioPost(2, { title_ar: 'تعميم ساعات العمل' }),
  studioPost(3, { title_ar: 'لائحة المشتريات', stage: 'in_review' }),
  studioPost(4, { title_ar: 'قرار الجهة الأخرى', organization: organization(9) }),
];

emptyFormDataWhileSubmitting();

describe('StudioListPage', () => {
  it('shows the drafts first, and another stage when its tab is chosen', async () => {
    const f = mockFetch(listHandler(posts));
    const { user: u } = renderWithProviders(app, { route: '/studio', preloadedState: signedIn });
    expect(await screen.findByRole('link', { name: 'قرار تنظيم الأسواق' })).toHaveAttribute('href', '/studio/posts/1');
    expect(screen.getByRole('heading', { level: 1, name: 'مساحة النشر' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'مسودة' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('عدد المنشورات: 3')).toBeInTheDocument();
    expect(screen.queryByText('لائحة المشتريات')).not.toBeInTheDocument();

    await u.click(screen.getByRole('tab', { name: 'قيد المراجعة' }));
    expect(await screen.findByRole('link', { name: 'لائحة المشتريات' })).toBeInTheDocument();
    expect(screen.queryByText('قرار تنظيم الأسواق')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/studio?stage=in_review');
    expect(f.calls.some((r) => new URL(r.url).searchParams.get('stage') === 'in_review')).toBe(true);
    expect(screen.getByRole('link', { name: 'منشور جديد' })).toHaveAttribute('href', '/studio/new');
  });

  it('tells a user without a membership that they are not a member, and asks for no list', async () => {
    const f = mockFetch(listHandler(posts, studioMe({ memberships: [] })));
    renderWithProviders(app, { route: '/studio', preloadedState: signedIn });
    expect(await screen.findByText('لست عضواً في أي جهة')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(f.paths()).not.toContain('GET /studio/posts/');
  });

  it('offers the organizations of a user with several, and lists the chosen one', async () => {
    const me = studioMe({ memberships: [{ organization: organization(3), role: 'editor' }, { organization: organization(9), role: 'publisher' }] });
    const f = mockFetch(listHandler(posts, me));
    const { user: u } = renderWithProviders(app, { route: '/studio', preloadedState: signedIn });
    await screen.findByText('قرار الجهة الأخرى');
    await u.click(screen.getByRole('combobox', { name: 'الجهة' }));
    await u.click(await screen.findByRole('option', { name: 'الجهة 9 (ناشر)' }));
    await waitFor(() => expect(screen.queryByText('قرار تنظيم الأسواق')).not.toBeInTheDocument());
    expect(screen.getByText('قرار الجهة الأخرى')).toBeInTheDocument();
    expect(f.calls.some((r) => new URL(r.url).searchParams.get('organization') === '9')).toBe(true);
    expect(screen.getByRole('link', { name: 'منشور جديد' })).toHaveAttribute('href', '/studio/new?organization=9');
  });

  it('searches, keeping the search in the address', async () => {
    mockFetch(listHandler(posts));
    const { user: u } = renderWithProviders(app, { route: '/studio', preloadedState: signedIn });
    await screen.findByText('قرار تنظيم الأسواق');
    await u.type(screen.getByRole('searchbox', { name: 'البحث في منشورات الجهة' }), 'تعميم{Enter}');
    await waitFor(() => expect(screen.queryByText('قرار تنظيم الأسواق')).not.toBeInTheDocument());
    // The old list is gone as soon as the search is asked; the new one comes with its answer.
    const list = await screen.findByRole('list', { name: 'مسودة' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('where')).toHaveTextContent(`/studio?search=${encodeURIComponent('تعميم')}`);
  });
});
