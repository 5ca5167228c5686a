/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { PostType } from '../../api/posts';
import { json, mockFetch, type Handler } from '../../test/fetchMock';
import { page, post } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { parseTypeId } from './typeId';
import TypePage, { TYPE_POSTS_PAGE_SIZE } from './TypePage';

const law: PostType = {
  id: 5,
  name: 'law',
  name_ar: 'قانون',
  description: 'Laws.',
  description_ar: 'الأنظمة والقوانين.',
  is_active: true,
  post_count: 182,
};

const app = (
  <Routes>
    <Route path="/types/:id" element={<TypePage />} />
  </Routes>
);

/** The type detail by `typeAnswer`, its posts as one page of three. */
const api =
  (typeAnswer: (id: string) => Response): Handler =>
  (_req, path) => {
    const type = /^\/content\/post-types\/([^/]+)\/$/.exec(path);
    if (type) return typeAnswer(type[1]);
    if (path === '/content/posts/') return json(200, page([post(1), post(2), post(3)]));
    return json(404, { detail: 'Not found.' });
  };

describe('parseTypeId', () => {
  it.each([
    ['5', 5],
    ['123', 123],
  ])('reads %j', (raw, id) => expect(parseTypeId(raw)).toBe(id));
  it.each([undefined, '', '0', '-1', '1.5', 'abc', '5abc', '9999999999'])('refuses %j', (raw) => expect(parseTypeId(raw)).toBeUndefined());
});

describe('TypePage', () => {
  it('shows the type with its description, total and share, and asks for its published posts, newest first, 20 a page', async () => {
    const fetchMock = mockFetch(api((id) => (id === '5' ? json(200, law) : json(404, { detail: 'x' }))));
    renderWithProviders(app, { route: '/types/5' });
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'قانون' })).toBeInTheDocument();
    expect(screen.getByText('الأنظمة والقوانين.')).toBeInTheDocument();
    expect(screen.getByText('إجمالي المنشورات: 182')).toBeInTheDocument();
    expect(document.title).toBe('قانون · قرار');

    await waitFor(() => expect(fetchMock.calls.some((r) => new URL(r.url).pathname.endsWith('/content/posts/'))).toBe(true));
    const list = new URL(fetchMock.calls.find((r) => new URL(r.url).pathname.endsWith('/content/posts/'))!.url);
    expect(Object.fromEntries(list.searchParams)).toEqual({
      type_id: '5',
      status: 'published',
      ordering: '-published_at',
      page_size: String(TYPE_POSTS_PAGE_SIZE),
      page: '1',
    });
    expect(TYPE_POSTS_PAGE_SIZE).toBe(20);
  });

  it('shows the not-found panel for an unknown type', async () => {
    mockFetch(api(() => json(404, { detail: 'Not found.' })));
    renderWithProviders(app, { route: '/types/77' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByRole('heading', { level: 1, name: 'لم يتم العثور على نوع المنشور' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'العودة' })).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
  });

  it('shows the not-found panel for an address that is no id, without asking the server', async () => {
    const fetchMock = mockFetch(api(() => json(200, law)));
    renderWithProviders(app, { route: '/types/abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'لم يتم العثور على نوع المنشور' })).toBeInTheDocument();
    expect(fetchMock.fn).not.toHaveBeenCalled();
  });

  it('shows the failure in the panel, and tries again', async () => {
    let calls = 0;
    mockFetch(api(() => (++calls === 1 ? json(500, { detail: 'Database unavailable' }) : json(200, law))));
    const { user } = renderWithProviders(app, { route: '/types/5' });
    const panel = within(await screen.findByTestId('not-found-panel'));
    expect(panel.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'قانون' })).toBeInTheDocument();
  });
});
