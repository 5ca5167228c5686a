/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { AuditEntry } from '../../api/studio';
import type { PreloadedRootState } from '../../app/store';
import { json, mockFetch } from '../../test/fetchMock';
import { user } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import StudioAuditPage from './StudioAuditPage';
import { organization, studioHandler, studioMe, studioPost } from './studioTesting';

const signedIn: PreloadedRootState = { session: { access: 'a', refresh: 'r', user: user() } };
const app = (
  <Routes>
    <Route path="/studio/audit" element={<StudioAuditPage />} />
  </Routes>
);

const entry: AuditEntry = {
  id: 1,
  action: 'published',
  at: '2026-11-21T09:00:00Z',
  user: studioPost(1).author,
  post: { id: 1, slug: 'p', title: 'Market rules', title_ar: 'قرار تنظيم الأسواق', document_number: '', published_at: null, status: 'published', organization_name: null, organization_name_ar: null },
  version: 1,
  comment: null,
};

describe('StudioAuditPage', () => {
  it('shows a publisher their organization’s log, naming the post', async () => {
    const me = studioMe({ memberships: [{ organization: organization(3), role: 'editor' }, { organization: organization(9), role: 'publisher' }] });
    const f = mockFetch(studioHandler({ me, over: (_req, path) => (path === '/studio/organizations/9/audit/' ? json(200, { count: 1, next: null, previous: null, results: [entry] }) : json(404, {})) }));
    renderWithProviders(app, { route: '/studio/audit', preloadedState: signedIn });
    // The title is isolated (<bdi>) inside the line: read the line as a whole.
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && /نشر — «قرار تنظيم الأسواق»/.test(el.textContent ?? ''))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'سجل الجهة' })).toBeInTheDocument();
    // Only the organization it publishes for: not the one it edits for.
    expect(f.paths()).not.toContain('GET /studio/organizations/3/audit/');
  });

  it('tells an editor the log is for publishers', async () => {
    mockFetch(studioHandler());
    renderWithProviders(app, { route: '/studio/audit', preloadedState: signedIn });
    expect(await screen.findByText('يطّلع على السجل ناشرو الجهة.')).toBeInTheDocument();
  });
});
