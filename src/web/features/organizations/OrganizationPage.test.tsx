/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Department, Organization, Subsidiary } from '../../api/organizations';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n from '../../i18n';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { page, post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import OrganizationPage from './OrganizationPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const moh: Organization = {
  id: 4,
  code: 'MOH',
  name: 'Ministry of Health',
  name_ar: 'وزارة الصحة',
  description: 'The Ministry of Health is a government body.',
  description_ar: 'وزارة الصحة جهة حكومية مقرها الرياض.',
  is_verified: true,
  is_active: true,
  city: { id: 1, name: 'Riyadh', name_ar: 'الرياض' },
  website: 'https://www.moh.gov.sa',
  email: 'info@moh.gov.sa',
  phone: '+966 11 212 5555',
  active_subsidiary_count: 2,
  active_department_count: 3,
  post_count: 140,
};

const subsidiaries: Subsidiary[] = [
  { id: 1, code: 'MOH-1', name: 'Public Health Authority', name_ar: 'هيئة الصحة العامة', description: '', description_ar: '', is_active: true, department_count: 2 },
  { id: 2, code: 'MOH-2', name: 'Old unit', name_ar: 'وحدة سابقة', description: '', description_ar: '', is_active: false, department_count: 0 },
  { id: 3, code: 'MOH-3', name: 'Health cluster', name_ar: 'التجمع الصحي', description: '', description_ar: '', is_active: true, department_count: 0 },
];
const departments: Department[] = [
  { id: 1, name: 'Legal affairs', name_ar: 'الشؤون القانونية', is_active: true, subsidiary_id: null, subsidiary_name: null, subsidiary_name_ar: null },
  { id: 2, name: 'Finance', name_ar: 'الشؤون المالية', is_active: true, subsidiary_id: 1, subsidiary_name: 'Public Health Authority', subsidiary_name_ar: 'هيئة الصحة العامة' },
];

function organizationApi(org: Organization, detail?: () => Response, posts = () => json(200, page([post(1), post(2)]))): Handler {
  const base = `/producers/organizations/${org.code}/`;
  return (_req, path) => {
    if (path === base) return detail ? detail() : json(200, org);
    if (path === `${base}posts/`) return posts();
    if (path === `${base}subsidiaries/`) return json(200, subsidiaries);
    if (path === `${base}departments/`) return json(200, departments);
    return json(404, { detail: 'لم يتم العثور على الجهة.' });
  };
}

const app = (
  <Routes>
    <Route path="/organizations/:code" element={<OrganizationPage />} />
  </Routes>
);
const pathsOf = (calls: Request[]) => calls.map((r) => new URL(r.url).pathname.replace(/^\/api\/v1/, ''));

describe('/organizations/{code}', () => {
  it('shows a skeleton, then name, verified badge, code, description, city and safe contact links', async () => {
    mockFetch(organizationApi(moh));
    renderWithProviders(app, { route: '/organizations/MOH' });
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'وزارة الصحة' })).toBeInTheDocument();
    expect(screen.getAllByText('جهة موثّقة').length).toBeGreaterThan(0);
    expect(screen.getByText('الرمز: \u2068MOH\u2069')).toBeInTheDocument();
    expect(screen.getByText('وزارة الصحة جهة حكومية مقرها الرياض.')).toBeInTheDocument();

    const contacts = within(screen.getByLabelText('بيانات التواصل'));
    expect(contacts.getByText('الرياض')).toBeInTheDocument();
    const site = contacts.getByRole('link', { name: 'www.moh.gov.sa' });
    expect(site).toHaveAttribute('href', 'https://www.moh.gov.sa/');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site.getAttribute('rel')).toMatch(/noopener/);
    expect(site.getAttribute('rel')).toMatch(/noreferrer/);
    expect(contacts.getByRole('link', { name: 'info@moh.gov.sa' })).toHaveAttribute('href', 'mailto:info@moh.gov.sa');
    const phone = contacts.getByRole('link', { name: '+966 11 212 5555' });
    expect(phone).toHaveAttribute('href', 'tel:+966112125555');
    expect(phone).toHaveAttribute('dir', 'ltr');
  });

  it('shows the post count, active subsidiary and department counts, and asks for its posts 20 at a time', async () => {
    const fetchMock = mockFetch(organizationApi(moh));
    renderWithProviders(app, { route: '/organizations/MOH' });
    const figures = within(await screen.findByRole('list', { name: 'أرقام الجهة' }));
    expect(figures.getByText('عدد المنشورات: 140')).toBeInTheDocument();
    expect(figures.getByText('الجهات الفرعية النشطة: 2')).toBeInTheDocument();
    expect(figures.getByText('الإدارات: 3')).toBeInTheDocument();
    const posts = fetchMock.calls.find((r) => r.url.includes('/posts/'))!;
    expect(new URL(posts.url).pathname).toBe('/api/v1/producers/organizations/MOH/posts/');
    expect(new URL(posts.url).searchParams.get('page_size')).toBe('20');
    expect(screen.getByRole('heading', { level: 2, name: 'المنشورات' })).toBeInTheDocument();
  });

  it('lists its posts in a feed, or says it has none yet', async () => {
    mockFetch(organizationApi(moh));
    const { unmount } = renderWithProviders(app, { route: '/organizations/MOH' });
    const feed = await screen.findByRole('feed', { name: 'منشورات وزارة الصحة' });
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(2));
    unmount();

    mockFetch(organizationApi(moh, undefined, () => json(200, page([]))));
    renderWithProviders(app, { route: '/organizations/MOH' });
    expect(await screen.findByText('لا توجد منشورات من هذه الجهة بعد')).toBeInTheDocument();
  });

  it('lists active subsidiaries and departments only when their section is opened', async () => {
    const fetchMock = mockFetch(organizationApi(moh));
    const { user } = renderWithProviders(app, { route: '/organizations/MOH' });
    await screen.findByRole('heading', { level: 1, name: 'وزارة الصحة' });
    const units = () => pathsOf(fetchMock.calls).filter((p) => /subsidiaries|departments/.test(p));
    expect(units()).toEqual([]);

    const subsSummary = screen.getByText('الجهات الفرعية', { selector: 'summary span' });
    const deptsSummary = screen.getByText('الإدارات', { selector: 'summary span' });
    await user.click(subsSummary);
    expect(await screen.findByText('هيئة الصحة العامة')).toBeInTheDocument();
    expect(screen.getByText('التجمع الصحي')).toBeInTheDocument();
    expect(screen.queryByText('وحدة سابقة')).not.toBeInTheDocument();
    expect(screen.getByText('الإدارات: 2')).toBeInTheDocument();
    expect(units()).toEqual(['/producers/organizations/MOH/subsidiaries/']);

    await user.click(deptsSummary);
    expect(await screen.findByText('الشؤون القانونية')).toBeInTheDocument();
    expect(screen.getByText('الشؤون المالية')).toBeInTheDocument();
    expect(units()).toEqual(['/producers/organizations/MOH/subsidiaries/', '/producers/organizations/MOH/departments/']);
  });

  it('leaves out contact rows the record lacks and links nothing unsafe', async () => {
    mockFetch(organizationApi({ ...moh, website: 'javascript:alert(1)', email: '', phone: '', city: null, active_subsidiary_count: 0, active_department_count: 0 }));
    renderWithProviders(app, { route: '/organizations/MOH' });
    await screen.findByRole('heading', { level: 1, name: 'وزارة الصحة' });
    expect(screen.queryByLabelText('بيانات التواصل')).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    expect(document.querySelector('details')).toBeNull();
  });

  it('shows the not-found panel for an unknown code, with go back', async () => {
    mockFetch(organizationApi(moh));
    renderWithProviders(app, { route: '/organizations/NOPE' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'لم يتم العثور على الجهة' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'العودة' })).toBeInTheDocument();
  });

  it('shows the panel with the message and try again when the server fails', async () => {
    let fail = true;
    mockFetch(organizationApi(moh, () => (fail ? json(500, { detail: 'تعذر الاتصال بقاعدة البيانات' }) : json(200, moh))));
    const { user } = renderWithProviders(app, { route: '/organizations/MOH' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByText('تعذر الاتصال بقاعدة البيانات')).toBeInTheDocument();
    fail = false;
    await user.click(panel.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'وزارة الصحة' })).toBeInTheDocument();
  });

  it('treats an empty answer as not found', async () => {
    mockFetch(organizationApi(moh, () => json(200, null)));
    renderWithProviders(app, { route: '/organizations/MOH' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'لم يتم العثور على الجهة' })).toBeInTheDocument();
  });

  it('encodes an odd code once', async () => {
    const fetchMock = mockFetch(() => json(404, { detail: 'x' }));
    renderWithProviders(app, { route: `/organizations/${encodeURIComponent('A/B?')}` });
    await screen.findByTestId('not-found-panel');
    expect(pathsOf(fetchMock.calls)).toContain(`/producers/organizations/${encodeURIComponent('A/B?')}/`);
  });

  it('speaks English to an English reader', async () => {
    mockFetch(organizationApi(moh));
    renderWithProviders(app, { route: '/organizations/MOH', preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ministry of Health' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Posts: 140')).toBeInTheDocument());
    expect(screen.getByText('Riyadh')).toBeInTheDocument();
    expect(screen.getByText('The Ministry of Health is a government body.')).toBeInTheDocument();
  });
});
