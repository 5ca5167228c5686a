/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Category, PostFacets, PostType } from '../../api/posts';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { page, post } from '../../test/fixtures';
import { category, frameHandler } from '../../test/frameApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { emptyFormDataWhileSubmitting } from '../../test/formDataShim';
import ExplorePage from './ExplorePage';
import { localInstant } from './exploreQuery';

// The paged list and its cards are their own units (posts/list): here a first page read
// through the real listPosts endpoint stands in for them, so these tests see the very
// request the screen's filters make, and the empty message it passes down.
jest.mock('../../components/posts/list/useInfinitePages', () => ({
   
  useInfinitePages: (endpoint: any, arg: object) => {
    const { data, isLoading, error } = endpoint.useQuery({ ...arg, page: 1 });
    return { items: data?.results ?? [], count: data?.count, isLoading, isFetchingMore: false, hasMore: false, error, loadMore() {}, retry() {}, key: '' };
  },
}));
jest.mock('../../components/posts/list/PostList', () => ({
   
  PostList: ({ pages, label, emptyMessage }: any) => (
    <section aria-label={label}>
      { }
      {pages.items.map((p: any) => (
        <article key={p.id}>{p.title_ar}</article>
      ))}
      {!pages.isLoading && !pages.items.length ? <p>{emptyMessage}</p> : null}
    </section>
  ),
}));

const postType = (id: number, name: PostType['name'], name_ar: string): PostType => ({
  id,
  name,
  name_ar,
  description: '',
  description_ar: '',
  is_active: true,
  post_count: 10,
});
const TYPES = [postType(1, 'decision', 'قرار'), postType(2, 'circular', 'تعميم'), postType(3, 'law', 'نظام')];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}
/** The browser's Back button. */
function Back() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>back</button>;
}
const where = () => screen.getByTestId('where').textContent ?? '';
const query = () => new URLSearchParams(where());

let api: ReturnType<typeof mockFetch>;
/** Answers the screen's calls; `posts` decides how many posts a listPosts query finds. */
function serve({
  categories = 8,
  posts = () => 2,
  facets,
}: { categories?: number | Category[]; posts?: (params: URLSearchParams) => number; facets?: (params: URLSearchParams) => PostFacets } = {}) {
  const categoryList = typeof categories === 'number' ? Array.from({ length: categories }, (_, i) => category(i + 1)) : categories;
  const handler: Handler = (req, path) => {
    const url = new URL(req.url);
    if (path === '/content/categories/') return json(200, categoryList);
    if (path === '/content/post-types/') return json(200, TYPES);
    if (path === '/content/facets/' && facets) return json(200, facets(url.searchParams));
    if (path === '/content/posts/') return json(200, page(Array.from({ length: posts(url.searchParams) }, (_, i) => post(i + 1))));
    return frameHandler()(req, path);
  };
  api = mockFetch(handler);
}
/** The query of every listPosts request so far. */
const postRequests = () => api.calls.filter((r) => new URL(r.url).pathname.endsWith('/content/posts/')).map((r) => new URL(r.url).searchParams);
const lastPostRequest = () => postRequests().at(-1)!;

function renderExplore(route = '/explore') {
  return renderWithProviders(
    <>
      <ExplorePage />
      <Where />
      <Back />
    </>,
    { route },
  );
}
const chip = (name: string | RegExp) => screen.getByRole('button', { name });
const results = () => screen.getByRole('region', { name: 'نتائج البحث' });

beforeEach(() => serve());

emptyFormDataWhileSubmitting();

describe('the explore screen', () => {
  it('lists published posts, newest first, 20 at a time', async () => {
    renderExplore();
    expect(screen.getByRole('heading', { level: 1, name: 'اكتشف' })).toBeInTheDocument();
    await waitFor(() => expect(within(results()).getAllByRole('article')).toHaveLength(2));
    expect(Object.fromEntries(lastPostRequest())).toEqual({ page: '1', page_size: '20', status: 'published', ordering: '-published_at' });
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'true');
    expect(where()).toBe('');
  });

  it('searches for the trimmed text and ignores blank text', async () => {
    const { user } = renderExplore();
    const box = screen.getByRole('combobox', { name: 'البحث في المنشورات' });
    await waitFor(() => expect(postRequests()).toHaveLength(1));
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await user.type(box, '{Enter}');
    expect(where()).toBe('');
    expect(postRequests()).toHaveLength(1);

    await user.clear(box);
    await user.type(box, '  قرار وزاري {Enter}');
    await waitFor(() => expect(query().get('search')).toBe('قرار وزاري'));
    await waitFor(() => expect(lastPostRequest().get('search')).toBe('قرار وزاري'));

    await user.click(screen.getByRole('button', { name: 'مسح البحث' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(box).toHaveValue('');
  });

  it('lands from the right column search with the text in the box and a canonical address', async () => {
    renderExplore(`/explore?search=${encodeURIComponent('نظام')}&sortBy=newest`);
    expect(screen.getByRole('combobox', { name: 'البحث في المنشورات' })).toHaveValue('نظام');
    await waitFor(() => expect(where()).toBe(`?search=${encodeURIComponent('نظام')}`));
    await waitFor(() => expect(lastPostRequest().get('search')).toBe('نظام'));
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'true');
  });

  it('rewrites an address with unknown values to what it applies', async () => {
    renderExplore('/explore?sortBy=random&min_views=abc&status=published&has_attachments=true&utm=x');
    await waitFor(() => expect(where()).toBe('?has_attachments=true'));
    expect(chip('مع مرفقات')).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches the order between latest and most viewed', async () => {
    const { user } = renderExplore();
    await user.click(chip('الأكثر مشاهدة'));
    await waitFor(() => expect(where()).toBe('?sortBy=most_viewed'));
    expect(chip('الأكثر مشاهدة')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(lastPostRequest().get('ordering')).toBe('-view_count'));
    await user.click(chip('الأكثر مشاهدة'));
    await waitFor(() => expect(where()).toBe(''));
    await user.click(chip('الأكثر مشاهدة'));
    await user.click(chip('الأحدث'));
    await waitFor(() => expect(where()).toBe(''));
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers most relevant only while a search is given, and asks the server to rank the search', async () => {
    const { user } = renderExplore();
    await waitFor(() => expect(postRequests()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'الأكثر صلة' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'البحث في المنشورات' }), 'وزارة{Enter}');
    await user.click(await screen.findByRole('button', { name: 'الأكثر صلة' }));
    await waitFor(() => expect(where()).toBe(`?${new URLSearchParams({ search: 'وزارة', sortBy: 'relevance' })}`));
    expect(chip('الأكثر صلة')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(Object.fromEntries(lastPostRequest())).toMatchObject({ search: 'وزارة', ordering: 'relevance' }));

    // Without the search there is nothing to rank: the order goes with it.
    await user.click(screen.getByRole('button', { name: 'مسح البحث' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(screen.queryByRole('button', { name: 'الأكثر صلة' })).not.toBeInTheDocument();
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads sortBy=relevance without a search as the default order', async () => {
    renderExplore('/explore?sortBy=relevance&has_attachments=true');
    await waitFor(() => expect(where()).toBe('?has_attachments=true'));
    expect(screen.queryByRole('button', { name: 'الأكثر صلة' })).not.toBeInTheDocument();
    expect(chip('الأحدث')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(postRequests().length).toBeGreaterThan(0));
    expect(postRequests().map((r) => r.get('ordering'))).not.toContain('relevance');
  });

  it.each([
    ['اليوم', 'today', 0],
    ['هذا الأسبوع', 'week', 6],
    ['هذا الشهر', 'month', 29],
  ] as const)('toggles %s (dateRange=%s) from local midnight', async (name, range, daysBack) => {
    const { user } = renderExplore();
    await user.click(chip(name));
    await waitFor(() => expect(where()).toBe(`?dateRange=${range}`));
    expect(chip(name)).toHaveAttribute('aria-pressed', 'true');
    const today = new Date();
    const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysBack);
    await waitFor(() => expect(lastPostRequest().get('published_after')).toBe(localInstant(from)));
    expect(lastPostRequest().has('published_before')).toBe(false);
    await user.click(chip(name));
    await waitFor(() => expect(where()).toBe(''));
    expect(chip(name)).toHaveAttribute('aria-pressed', 'false');
  });

  it('one date chip replaces another', async () => {
    const { user } = renderExplore('/explore?dateRange=today');
    await user.click(chip('هذا الشهر'));
    await waitFor(() => expect(where()).toBe('?dateRange=month'));
    expect(chip('اليوم')).toHaveAttribute('aria-pressed', 'false');
  });

  it('applies a custom range only with a date, and cancel changes nothing', async () => {
    const { user } = renderExplore();
    const opener = chip('نطاق مخصص');
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    await user.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const panel = within(screen.getByRole('group', { name: 'نطاق مخصص' }));
    const apply = panel.getByRole('button', { name: 'تطبيق' });
    expect(apply).toBeDisabled();
    await user.click(panel.getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('group', { name: 'نطاق مخصص' })).not.toBeInTheDocument();
    expect(where()).toBe('');

    await user.click(opener);
    const reopened = within(screen.getByRole('group', { name: 'نطاق مخصص' }));
    await user.type(reopened.getByLabelText('إلى تاريخ'), '2025-03-31');
    expect(reopened.getByRole('button', { name: 'تطبيق' })).toBeEnabled();
    await user.type(reopened.getByLabelText('من تاريخ'), '2025-03-01');
    await user.click(reopened.getByRole('button', { name: 'تطبيق' }));
    await waitFor(() => expect(where()).toBe('?dateRange=custom&start_date=2025-03-01&end_date=2025-03-31'));
    expect(screen.queryByRole('group', { name: 'نطاق مخصص' })).not.toBeInTheDocument();
    await waitFor(() => expect(lastPostRequest().get('published_before')).toBe(localInstant(new Date(2025, 2, 31, 23, 59, 59, 999))));
    expect(lastPostRequest().get('published_after')).toBe(localInstant(new Date(2025, 2, 1)));
  });

  it('steps Back through the filter changes; the canonical rewrite adds no step', async () => {
    const { user } = renderExplore('/explore?sortBy=newest');
    await waitFor(() => expect(where()).toBe(''));
    await user.click(chip('اليوم'));
    await waitFor(() => expect(where()).toBe('?dateRange=today'));
    await user.click(chip('الأكثر مشاهدة'));
    await waitFor(() => expect(where()).toBe('?dateRange=today&sortBy=most_viewed'));
    await user.click(chip('الأحدث'));
    await waitFor(() => expect(where()).toBe('?dateRange=today'));
    // Pressing what is set already adds no step.
    await user.click(chip('الأحدث'));
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(where()).toBe('?dateRange=today&sortBy=most_viewed'));
    expect(chip('الأكثر مشاهدة')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(where()).toBe('?dateRange=today'));
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(chip('اليوم')).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles with attachments', async () => {
    const { user } = renderExplore();
    await user.click(chip('مع مرفقات'));
    await waitFor(() => expect(where()).toBe('?has_attachments=true'));
    await waitFor(() => expect(lastPostRequest().get('has_attachments')).toBe('true'));
    await user.click(chip('مع مرفقات'));
    await waitFor(() => expect(where()).toBe(''));
  });

  it('narrows to posts in force, amended or repealed (in_force), kept in the address', async () => {
    const { user } = renderExplore();
    const states = within(screen.getByRole('group', { name: 'حالة السريان' }));
    expect(states.getByRole('button', { name: 'الكل' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(lastPostRequest().has('in_force')).toBe(false));

    await user.click(states.getByRole('button', { name: 'معدَّل' }));
    await waitFor(() => expect(where()).toBe('?in_force=amended'));
    await waitFor(() => expect(lastPostRequest().get('in_force')).toBe('amended'));
    expect(states.getByRole('button', { name: 'معدَّل' })).toHaveAttribute('aria-pressed', 'true');
    expect(states.getByRole('button', { name: 'الكل' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(states.getByRole('button', { name: 'ملغى' }));
    await waitFor(() => expect(where()).toBe('?in_force=repealed'));
    await waitFor(() => expect(lastPostRequest().get('in_force')).toBe('repealed'));

    // All again: the unfiltered list (answered from the cache, so not asked again).
    await user.click(states.getByRole('button', { name: 'الكل' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(states.getByRole('button', { name: 'الكل' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lands on an address with in_force set, and drops an unknown state', async () => {
    const { unmount } = renderExplore('/explore?in_force=in_force');
    await waitFor(() => expect(lastPostRequest().get('in_force')).toBe('in_force'));
    expect(within(screen.getByRole('group', { name: 'حالة السريان' })).getByRole('button', { name: 'ساري' })).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderExplore('/explore?in_force=expired');
    await waitFor(() => expect(where()).toBe(''));
  });

  it('selects a post type by id and clears it when pressed again; view all goes to /types', async () => {
    const { user } = renderExplore();
    const types = within(await screen.findByRole('group', { name: 'أنواع المنشورات' }));
    await user.click(await types.findByRole('button', { name: 'نظام' }));
    await waitFor(() => expect(where()).toBe('?type_id=3'));
    expect(types.getByRole('button', { name: 'نظام' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(lastPostRequest().get('type_id')).toBe('3'));
    await user.click(types.getByRole('button', { name: 'تعميم' }));
    await waitFor(() => expect(where()).toBe('?type_id=2'));
    await user.click(types.getByRole('button', { name: 'تعميم' }));
    await waitFor(() => expect(where()).toBe(''));
    const section = screen.getByRole('region', { name: 'أنواع المنشورات' });
    expect(within(section).getByRole('link', { name: 'عرض الكل' })).toHaveAttribute('href', '/types');
  });

  it('shows a type named in the address as selected', async () => {
    renderExplore('/explore?type=decision');
    const types = within(await screen.findByRole('group', { name: 'أنواع المنشورات' }));
    expect(await types.findByRole('button', { name: 'قرار' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the organizations and selects one by code', async () => {
    const { user } = renderExplore();
    const toggle = screen.getByRole('button', { name: 'عرض الجهات' });
    expect(screen.queryByRole('group', { name: 'الجهات' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('إخفاء الجهات');
    const organizations = within(screen.getByRole('group', { name: 'الجهات' }));
    await user.click(await organizations.findByRole('button', { name: 'جهة 2' }));
    await waitFor(() => expect(where()).toBe('?organization_code=ORG2'));
    await waitFor(() => expect(lastPostRequest().get('organization_code')).toBe('ORG2'));
    const organizationsRequest = api.calls.find((r) => r.url.includes('/producers/organizations/'))!;
    expect(Object.fromEntries(new URL(organizationsRequest.url).searchParams)).toEqual({ page_size: '20', is_active: 'true', is_verified: 'true' });
    await user.click(organizations.getByRole('button', { name: 'جهة 2' }));
    await waitFor(() => expect(where()).toBe(''));
  });

  it('opens the organizations already when the address selects one', async () => {
    renderExplore('/explore?organization_code=ORG5');
    const organizations = within(screen.getByRole('group', { name: 'الجهات' }));
    expect(await organizations.findByRole('button', { name: 'جهة 5' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('counts the active filters and clears them all', async () => {
    const { user } = renderExplore('/explore?search=x&type_id=2&dateRange=week&has_attachments=true&sortBy=most_viewed&min_views=5');
    expect(screen.getByText('عوامل التصفية النشطة: 6')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'مسح الكل' }));
    await waitFor(() => expect(where()).toBe(''));
    expect(screen.queryByRole('button', { name: 'مسح الكل' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'البحث في المنشورات' })).toHaveValue('');
  });

  it('lists the filters no control sets, each removable', async () => {
    const { user } = renderExplore('/explore?category=category-3&status=archived&sortBy=oldest&min_views=5&max_views=50');
    const categoryChip = await screen.findByRole('button', { name: 'إزالة عامل التصفية التصنيف: تصنيف 3' });
    for (const name of ['الحالة: مؤرشف', 'الترتيب حسب: الأقدم', 'الحد الأدنى للمشاهدات: 5', 'الحد الأقصى للمشاهدات: 50']) {
      expect(screen.getByRole('button', { name: `إزالة عامل التصفية ${name}` })).toBeInTheDocument();
    }
    await waitFor(() => expect(lastPostRequest().get('category')).toBe('category-3'));
    expect(Object.fromEntries(lastPostRequest())).toMatchObject({ status: 'archived', ordering: 'published_at', min_views: '5', max_views: '50' });
    await user.click(categoryChip);
    await waitFor(() => expect(where()).toBe('?status=archived&min_views=5&max_views=50&sortBy=oldest'));
  });

  it('links the first 10 categories with their counts, and view all only when there are more', async () => {
    serve({ categories: 11 });
    renderExplore();
    const section = within(await screen.findByRole('region', { name: 'التصنيفات' }));
    const links = await section.findAllByRole('link', { name: /تصنيف/ });
    expect(links).toHaveLength(10);
    expect(links[2]).toHaveAttribute('href', '/?category=category-3');
    expect(links[2]).toHaveAccessibleName('تصنيف 3، 3 منشورات');
    expect(links[2]).toHaveTextContent('تصنيف 3 3');
    expect(section.getByRole('link', { name: 'عرض الكل' })).toHaveAttribute('href', '/categories');
  });

  it('has no view all with 10 categories or fewer, and no count of zero', async () => {
    serve({ categories: [{ ...category(1), post_count: 0 }, ...Array.from({ length: 9 }, (_, i) => category(i + 2))] });
    renderExplore();
    const section = within(await screen.findByRole('region', { name: 'التصنيفات' }));
    const links = await section.findAllByRole('link', { name: /تصنيف/ });
    expect(links).toHaveLength(10);
    expect(links[0]).toHaveTextContent(/^تصنيف 1$/);
    expect(links[0]).toHaveAccessibleName('تصنيف 1');
    expect(section.queryByRole('link', { name: 'عرض الكل' })).not.toBeInTheDocument();
  });

  it('links 15 trending hashtags to their pages', async () => {
    renderExplore();
    const section = within(await screen.findByRole('region', { name: 'الوسوم الرائجة' }));
    const links = await section.findAllByRole('link');
    expect(links).toHaveLength(15);
    expect(links[0]).toHaveAttribute('href', '/hashtags/tag-1');
    expect(links[0]).toHaveTextContent('#وسم1');
    expect(api.calls.some((r) => r.url.endsWith('/content/hashtags/trending/?limit=15'))).toBe(true);
  });

  it('says there are no posts, or that none match when filters narrow the list', async () => {
    serve({ posts: () => 0 });
    const { user } = renderExplore('/explore?sortBy=most_viewed');
    // An order alone narrows nothing.
    expect(await within(results()).findByText('لا توجد منشورات حالياً.')).toBeInTheDocument();
    await user.click(chip('مع مرفقات'));
    expect(await within(results()).findByText('لا توجد منشورات تطابق معايير البحث. جرّب تغيير عوامل التصفية.')).toBeInTheDocument();
  });
});

describe('counts beside the filters (issue 32)', () => {
  const counts = (params: URLSearchParams): PostFacets => ({
    count: 7,
    types: [
      { id: 1, name: 'decision', name_ar: 'قرار', count: 5 },
      { id: 2, name: 'circular', name_ar: 'تعميم', count: 2 },
      { id: 3, name: 'law', name_ar: 'نظام', count: 0 },
    ],
    organizations: [],
    categories: [
      { id: 1, slug: 'health', name: 'Health', name_ar: 'الصحة', count: params.get('search') ? 4 : 9 },
      { id: 2, slug: 'roads', name: 'Roads', name_ar: 'الطرق', count: 0 },
    ],
    in_force: [
      { value: 'in_force', count: 6 },
      { value: 'amended', count: 1 },
      { value: 'repealed', count: 0 },
    ],
    years: [
      { year: 2026, count: 4 },
      { year: 2025, count: 3 },
    ],
  });

  it('asks for the counts of the filters on screen, and shows each beside its choice, dimming those with none', async () => {
    serve({ facets: counts });
    renderExplore('/explore?search=%D9%88%D8%B2%D8%A7%D8%B1%D8%A9&sortBy=newest');
    const decision = await screen.findByRole('button', { name: 'قرار 5' });
    expect(decision).toHaveAttribute('aria-pressed', 'false');
    const law = chip('نظام 0');
    // Dimmed, not hidden, and still a choice.
    expect(law).toBeEnabled();
    const asked = api.calls.map((r) => new URL(r.url)).find((u) => u.pathname.endsWith('/content/facets/'))!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ search: 'وزارة' });
    // The search box's text came from the address: nothing is suggested until the reader types.
    expect(api.paths()).not.toContain('GET /content/suggest/');
    // All states together, then each.
    expect(chip('الكل 7')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('ملغى 0')).toBeInTheDocument();
    // Years, newest first; once searched, the categories narrow the results.
    expect(screen.getAllByRole('button', { name: /^202[56] / }).map((b) => b.textContent)).toEqual(['2026 4', '2025 3']);
    expect(chip('الصحة 4')).toHaveAttribute('aria-pressed', 'false');
  });

  it('chooses a year as a custom range of that whole year, and a category of the results as a filter', async () => {
    serve({ facets: counts });
    const { user } = renderExplore('/explore?search=x');
    await user.click(await screen.findByRole('button', { name: '2025 3' }));
    expect(query().get('start_date')).toBe('2025-01-01');
    expect(query().get('end_date')).toBe('2025-12-31');
    expect(chip('2025 3')).toHaveAttribute('aria-pressed', 'true');
    await user.click(chip('2025 3'));
    expect(query().get('start_date')).toBeNull();
    await user.click(chip('الصحة 4'));
    expect(query().get('category')).toBe('health');
  });

  it('shows no counts (and the spec’s category links) while nothing narrows the list, or before they come', async () => {
    serve();
    renderExplore();
    expect(await screen.findByRole('button', { name: 'قرار' })).toBeInTheDocument();
    expect(screen.queryByText('تصنيفات هذه النتائج')).not.toBeInTheDocument();
  });
});

