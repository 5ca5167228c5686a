/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { Category } from '../../api/posts';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import CategoriesPage from './CategoriesPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const category = (id: number, over: Partial<Category> = {}): Category => ({
  id,
  slug: `category-${id}`,
  name: `Category ${id}`,
  name_ar: `تصنيف ${id}`,
  description: `About category ${id}`,
  description_ar: `عن التصنيف ${id}`,
  post_count: id * 10,
  subcategories: [],
  ...over,
});

const answering = (response: () => Response) => mockFetch((_req, path) => (path === '/content/categories/' ? response() : json(404, { detail: 'Not found.' })));

/** The alert holding `text` (the generic failure toast is an alert too). */
const alertSaying = (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes(text));
    if (!found) throw new Error(`no alert says ${text}`);
    return found;
  });

afterEach(() => applyDocumentLanguage('ar'));

describe('CategoriesPage', () => {
  it('shows skeleton cards, then every category in Arabic with its count line', async () => {
    answering(() => json(200, [category(1), category(2, { slug: 'الصحة' })]));
    renderWithProviders(<CategoriesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'التصنيفات' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();

    const list = within(await screen.findByRole('list', { name: 'التصنيفات' }));
    expect(screen.getByText('عدد التصنيفات: 2')).toBeInTheDocument();
    const links = list.getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/?category=category-1');
    expect(links[1]).toHaveAttribute('href', `/?category=${encodeURIComponent('الصحة')}`);
    expect(list.getByRole('heading', { level: 2, name: 'تصنيف 1' })).toBeInTheDocument();
    expect(list.getByText('عن التصنيف 1')).toBeInTheDocument();
    expect(list.getByText('عدد المنشورات: 20')).toBeInTheDocument();
    expect(document.title).toBe('التصنيفات · قرار');
  });

  it('shows the English name and description to an English reader', async () => {
    answering(() => json(200, [category(1)]));
    renderWithProviders(<CategoriesPage />, { preloadedState: { preferences: { language: 'en' } } });
    const list = within(await screen.findByRole('list', { name: 'Categories' }));
    expect(list.getByRole('heading', { level: 2, name: 'Category 1' })).toBeInTheDocument();
    expect(list.getByText('About category 1')).toBeInTheDocument();
    expect(list.getByText('Posts: 10')).toBeInTheDocument();
    expect(screen.getByText('Categories: 1')).toBeInTheDocument();
  });

  it('says when there are no categories', async () => {
    answering(() => json(200, []));
    renderWithProviders(<CategoriesPage />);
    expect(await screen.findByText('لم يتم العثور على تصنيفات')).toBeInTheDocument();
  });

  it('prefixes a failure with "error loading categories" and tries again', async () => {
    let calls = 0;
    answering(() => (++calls === 1 ? json(500, { detail: 'Database unavailable' }) : json(200, [category(3)])));
    const { user } = renderWithProviders(<CategoriesPage />);
    const failure = await alertSaying('خطأ في تحميل التصنيفات: Database unavailable');
    expect(failure).toBeDefined();
    const alert = within(failure);
    await user.click(alert.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'تصنيف 3' })).toBeInTheDocument();
  });
});
