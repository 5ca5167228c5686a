/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { PostType } from '../../api/posts';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import i18n, { applyDocumentLanguage } from '../../i18n';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import TypesPage from './TypesPage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const postType = (id: number, over: Partial<PostType> = {}): PostType => ({
  id,
  name: 'decision',
  name_ar: 'قرار',
  description: 'Binding decisions.',
  description_ar: 'القرارات الملزمة.',
  is_active: true,
  post_count: 350,
  ...over,
});

const answering = (response: () => Response) => mockFetch((_req, path) => (path === '/content/post-types/' ? response() : json(404, { detail: 'Not found.' })));

/** The alert holding `text` (the generic failure toast is an alert too). */
const alertSaying = (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('alert').find((a) => a.textContent?.includes(text));
    if (!found) throw new Error(`no alert says ${text}`);
    return found;
  });

afterEach(() => applyDocumentLanguage('ar'));

describe('TypesPage', () => {
  it('shows skeleton cards, then a card per type linking to its page', async () => {
    answering(() => json(200, [postType(1), postType(6, { name: 'decree', name_ar: 'مرسوم', is_active: false, post_count: 12 })]));
    renderWithProviders(<TypesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'أنواع المنشورات' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'جاري التحميل…' })).toBeInTheDocument();

    const list = within(await screen.findByRole('list', { name: 'أنواع المنشورات' }));
    expect(screen.getByText('عدد الأنواع: 2')).toBeInTheDocument();
    expect(list.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/types/1', '/types/6']);
    const decision = within(list.getAllByRole('listitem')[0]);
    expect(decision.getByRole('heading', { level: 2, name: 'قرار' })).toBeInTheDocument();
    expect(decision.getByText('نشط')).toBeInTheDocument();
    expect(decision.getByText('القرارات الملزمة.')).toBeInTheDocument();
    expect(decision.getByText('عدد المنشورات: 350')).toBeInTheDocument();
    expect(within(list.getAllByRole('listitem')[1]).getByText('غير نشط')).toBeInTheDocument();
  });

  it('names the types in English for an English reader', async () => {
    answering(() => json(200, [postType(1)]));
    renderWithProviders(<TypesPage />, { preloadedState: { preferences: { language: 'en' } } });
    const list = within(await screen.findByRole('list', { name: 'Post types' }));
    expect(list.getByRole('heading', { level: 2, name: 'Decision' })).toBeInTheDocument();
    expect(list.getByText('Binding decisions.')).toBeInTheDocument();
    expect(list.getByText('Active')).toBeInTheDocument();
  });

  it('says when there are no types', async () => {
    answering(() => json(200, []));
    renderWithProviders(<TypesPage />);
    expect(await screen.findByText('لا توجد أنواع منشورات')).toBeInTheDocument();
  });

  it('reports a failure and tries again', async () => {
    let calls = 0;
    answering(() => (++calls === 1 ? json(500, { detail: 'Database unavailable' }) : json(200, [postType(2, { name: 'circular', name_ar: 'تعميم' })])));
    const { user } = renderWithProviders(<TypesPage />);
    const failure = await alertSaying('فشل في جلب أنواع المنشورات');
    expect(failure).toHaveTextContent('Database unavailable');
    await user.click(within(failure).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'تعميم' })).toBeInTheDocument();
  });
});
