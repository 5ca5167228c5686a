/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { Organization } from '../../api/organizations';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n from '../../i18n';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { organization } from '../../test/frameApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import OrganizationsPage, { organizationListArg } from './OrganizationsPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const orgs = (from: number, n: number) => Array.from({ length: n }, (_, i) => organization(from + i));
const listPage = (results: Organization[], count: number, next: string | null = null) => ({ count, next, previous: null, results });

function organizationsApi(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  const handler: Handler = (req, path) => {
    if (path !== '/producers/organizations/') return json(404, { detail: 'Not found.' });
    const query = new URL(req.url).searchParams;
    queries.push(query);
    return answer(query);
  };
  return { handler, queries };
}

const failure = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="alert"]')!;
const cards = (name = 'الجهات') => within(screen.getByRole('list', { name })).getAllByRole('link');

describe('organization list arguments (§6, §9)', () => {
  it('asks 20 active, verified organizations per page, searched or not', () => {
    expect(organizationListArg(' ')).toEqual({ pageSize: 20, isActive: true, isVerified: true });
    expect(organizationListArg(' MOH ')).toEqual({ pageSize: 20, isActive: true, isVerified: true, search: 'MOH' });
  });
});

describe('/organizations', () => {
  it('shows skeletons, then cards with name, code, verified badge, city and post count', async () => {
    const api = organizationsApi(() =>
      json(200, listPage([{ ...organization(1), city: { id: 1, name: 'Riyadh', name_ar: 'الرياض' }, post_count: 12 }, { ...organization(2), is_verified: false }], 2)),
    );
    mockFetch(api.handler);
    renderWithProviders(<OrganizationsPage />, { route: '/organizations' });
    expect(screen.getByRole('heading', { level: 1, name: 'الجهات' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();

    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(first).toHaveAttribute('href', '/organizations/ORG1');
    expect(within(first).getByText('جهة 1')).toBeInTheDocument();
    expect(within(first).getByText('الرمز: \u2068ORG1\u2069')).toBeInTheDocument();
    expect(within(first).getByTitle('جهة موثّقة')).toBeInTheDocument();
    expect(within(first).getByText('الرياض')).toBeInTheDocument();
    expect(within(first).getByText('عدد المنشورات: 12')).toBeInTheDocument();
    expect(within(second).queryByTitle('جهة موثّقة')).not.toBeInTheDocument();
    expect(screen.getByText('عدد الجهات: 2')).toBeInTheDocument();

    const query = api.queries[0];
    expect(Object.fromEntries(query)).toEqual({ page: '1', page_size: '20', is_active: 'true', is_verified: 'true' });
  });

  it('loads more with the button until the last page', async () => {
    const api = organizationsApi((query) =>
      query.get('page') === '1' ? json(200, listPage(orgs(1, 20), 25, 'http://localhost/api/v1/producers/organizations/?page=2')) : json(200, listPage(orgs(21, 5), 25)),
    );
    mockFetch(api.handler);
    const { user } = renderWithProviders(<OrganizationsPage />, { route: '/organizations' });
    await waitFor(() => expect(cards()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'تحميل المزيد' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(api.queries.map((q) => q.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'تحميل المزيد' })).not.toBeInTheDocument();
  });

  it('searches by name or code, 20 per page, and lists everything again when cleared', async () => {
    const api = organizationsApi((query) => (query.get('search') ? json(200, listPage([organization(7)], 1)) : json(200, listPage(orgs(1, 3), 3))));
    mockFetch(api.handler);
    const { user } = renderWithProviders(<OrganizationsPage />, { route: '/organizations' });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const box = screen.getByRole('combobox', { name: 'البحث في الجهات' });
    await user.type(box, 'ORG7');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const searched = api.queries.find((q) => q.get('search'))!;
    expect(searched.get('search')).toBe('ORG7');
    expect(searched.get('page_size')).toBe('20');
    await user.clear(box);
    await waitFor(() => expect(cards()).toHaveLength(3));
  });

  it('says so when nothing matches', async () => {
    mockFetch(organizationsApi(() => json(200, listPage([], 0))).handler);
    renderWithProviders(<OrganizationsPage />, { route: '/organizations' });
    expect(await screen.findByText('لم يتم العثور على جهات')).toBeInTheDocument();
  });

  it('shows a failed call and tries again', async () => {
    let fail = true;
    mockFetch(organizationsApi(() => (fail ? json(500, { detail: 'خطأ في الخادم' }) : json(200, listPage(orgs(1, 2), 2)))).handler);
    const { user } = renderWithProviders(<OrganizationsPage />, { route: '/organizations' });
    const alert = await failure('فشل في جلب الجهات');
    expect(alert).toHaveTextContent('خطأ في الخادم');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it.each([
    ['not an object', 'text', 'تنسيق استجابة الخادم غير صالح'],
    ['without results', { count: 3, next: null, previous: null, items: [] }, 'استجابة الخادم لا تحتوي على قائمة النتائج'],
  ])('reports an answer %s as a format error (§5)', async (_case, body, message) => {
    mockFetch(organizationsApi(() => json(200, body)).handler);
    renderWithProviders(<OrganizationsPage />, { route: '/organizations' });
    expect(await failure('فشل في جلب الجهات')).toHaveTextContent(message);
  });

  it('speaks English to an English reader', async () => {
    mockFetch(organizationsApi(() => json(200, listPage([organization(3)], 1))).handler);
    renderWithProviders(<OrganizationsPage />, { route: '/organizations', preloadedState: { preferences: { language: 'en' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organizations' })).toBeInTheDocument();
    await waitFor(() => expect(cards('Organizations')).toHaveLength(1));
    expect(screen.getByText('Organization 3')).toBeInTheDocument();
    expect(screen.getByText('Code: \u2068ORG3\u2069')).toBeInTheDocument();
  });
});
