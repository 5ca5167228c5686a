/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { Post, SearchMatch } from '../../api/posts';
import i18n, { applyDocumentLanguage } from '../../i18n';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import { json, mockFetch } from '../../test/fetchMock';
import { page, post } from '../../test/fixtures';
import { frameHandler } from '../../test/frameApi';
import { installMatchMedia } from '../../test/matchMedia';
import { renderWithProviders } from '../../test/renderWithProviders';
import { forgetLists } from '../../components/posts/list/listMemory';
import ExplorePage from './ExplorePage';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

/**
 * The explore list as a reader sees a search's results: the real list and cards (not stand-ins,
 * as in ExplorePage.test.tsx), fed by a scripted server that answers with `match` and counts.
 */

const match = (over: Partial<SearchMatch> = {}): SearchMatch => ({ title: '', excerpt: null, found_in: 'title', attachment: null, ...over });

let answer: { posts: Post[]; count?: number; count_bounded?: boolean };
let media: ReturnType<typeof installMatchMedia>;

// The card's content is its own chunk (PostCard.tsx): loaded once, before the cards render.
beforeAll(() => import('../../components/posts/card/PostCardContent'));
beforeEach(() => {
  forgetLists();
  media = installMatchMedia({ width: 1280 });
  answer = { posts: [post(1)] };
  mockFetch(
    frameHandler((_req, path) => {
      if (path === '/content/post-types/') return json(200, []);
      if (path === '/content/posts/') {
        const body = { ...page(answer.posts), ...(answer.count !== undefined ? { count: answer.count } : {}) };
        return json(200, answer.count_bounded ? { ...body, count_bounded: true } : body);
      }
      return json(404, { detail: 'Not found.' });
    }),
  );
});
afterEach(() => {
  media.uninstall();
  applyDocumentLanguage('ar');
});

const search = (text: string, more = '') => `/explore?search=${encodeURIComponent(text)}${more}`;
const renderExplore = (route: string, language: 'ar' | 'en' = 'ar') =>
  renderWithProviders(<ExplorePage />, { route, preloadedState: { preferences: { language } } });
/** The result cards, once the list (named in the reader's language) has them. */
const cards = async (name = 'نتائج البحث') => within(await screen.findByRole('feed', { name })).findAllByRole('article');
const firstCard = async (name?: string) => (await cards(name))[0];
/** A number as the app writes it in Arabic (the locale's own digits, components/posts/dates.ts). */
const arabic = (n: number) => new Intl.NumberFormat('ar').format(n);
const marksIn = (el: Element) => [...el.querySelectorAll('mark')].map((m) => m.textContent);

describe('search results on the explore screen', () => {
  it('marks the searched word in the title in any of its written forms (وزارة → بالوزارة)', async () => {
    answer = { posts: [post(1, { title_ar: 'تعميم بالوزارة بشأن الدوام', title: 'Circular on working hours' })] };
    renderExplore(search('وزارة'));
    const heading = within(await firstCard()).getByRole('heading', { level: 2 });
    await waitFor(() => expect(marksIn(heading)).toEqual(['بالوزارة']));
    // The heading still reads (and names the card) as the plain title.
    expect(heading).toHaveTextContent('تعميم بالوزارة بشأن الدوام');
    expect(within(screen.getByRole('feed', { name: 'نتائج البحث' })).getByRole('article', { name: 'تعميم بالوزارة بشأن الدوام' })).toBeInTheDocument();
  });

  it('marks the title the card shows: the English one for an English reader, the Arabic one when there is no English', async () => {
    answer = {
      posts: [
        post(1, { title_ar: 'قرار وزاري', title: 'Ministry decision on permits' }),
        post(2, { title_ar: 'قرار الوزارة بشأن التصاريح', title: '' }),
      ],
    };
    renderExplore(search('ministry permit الوزارة'), 'en');
    const [english, arabicOnly] = await cards('Search results');
    await waitFor(() => expect(marksIn(within(english).getByRole('heading', { level: 2 }))).toEqual(['Ministry', 'permits']));
    expect(marksIn(within(arabicOnly).getByRole('heading', { level: 2 }))).toEqual(['الوزارة']);
  });

  it('marks nothing without a search, and leaves words after a minus unmarked', async () => {
    answer = { posts: [post(1, { title_ar: 'تعميم الوزارة بشأن الدوام' })] };
    const { unmount } = renderExplore('/explore?has_attachments=true');
    expect(marksIn(within(await firstCard()).getByRole('heading', { level: 2 }))).toEqual([]);
    unmount();
    renderExplore(search('الدوام -وزارة'));
    const heading = within(await firstCard()).getByRole('heading', { level: 2 });
    await waitFor(() => expect(marksIn(heading)).toEqual(['الدوام']));
  });

  it("shows the server's excerpt with its marks, and markup in it as text, never as elements", async () => {
    const excerpt = 'يُمنع &lt;script&gt;alert(1)&lt;/script&gt; في <mark>الوزارة</mark> &amp; فروعها <b>x</b>';
    answer = { posts: [post(1, { match: match({ excerpt, found_in: 'content' }) })] };
    renderExplore(search('وزارة'));
    const card = await firstCard();
    const shown = await within(card).findByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith('يُمنع'));
    expect(shown).toHaveTextContent('يُمنع <script>alert(1)</script> في الوزارة & فروعها <b>x</b>', { normalizeWhitespace: false });
    expect(marksIn(shown)).toEqual(['الوزارة']);
    expect(shown.children).toHaveLength(1);
    expect(card.querySelector('script, b')).toBeNull();
    // Its own direction: an excerpt in the other language than the interface.
    expect(shown).toHaveAttribute('dir', 'auto');
  });

  it('says in which attachment and on which page the words were found, the file title isolated', async () => {
    const found = match({ excerpt: 'جدول <mark>الوزارة</mark> للدوام', found_in: 'attachment', attachment: { id: 4, title: 'Circular 12.pdf', page: 3 } });
    answer = { posts: [post(1, { match: found }), post(2, { match: match({ excerpt: 'عن <mark>الوزارة</mark>', found_in: 'content' }) })] };
    renderExplore(search('وزارة'));
    const [first, second] = await cards();
    const [line] = await within(first).findAllByText((_, el) => el?.tagName === 'SPAN' && (el.textContent ?? '').startsWith('وُجد في المرفق'));
    expect(line).toHaveTextContent(`وُجد في المرفق: Circular 12.pdf، صفحة ${arabic(3)}`);
    expect(within(line).getByText('Circular 12.pdf').tagName).toBe('BDI');
    expect(line.parentElement!.querySelector('[data-testid="AttachFileIcon"]')).toBeInTheDocument();
    expect(within(second).queryByText(/وُجد في المرفق/)).not.toBeInTheDocument();
  });

  it('says the same in English', async () => {
    const found = match({ found_in: 'attachment', attachment: { id: 4, title: 'تعميم ١٢.pdf', page: 12 } });
    answer = { posts: [post(1, { match: found })] };
    renderExplore(search('circular'), 'en');
    const card = await firstCard('Search results');
    const [line] = await within(card).findAllByText((_, el) => el?.tagName === 'SPAN' && (el.textContent ?? '').startsWith('Found in attachment'));
    expect(line).toHaveTextContent('Found in attachment: تعميم ١٢.pdf, page 12');
    expect(within(line).getByText('تعميم ١٢.pdf').tagName).toBe('BDI');
  });

  it('shows no match lines without a search, even if a post carries one', async () => {
    answer = { posts: [post(1, { match: match({ excerpt: 'عن <mark>الوزارة</mark>', found_in: 'attachment', attachment: { id: 4, title: 'a.pdf', page: 1 } }) })] };
    renderExplore('/explore?has_attachments=true');
    const card = await firstCard();
    expect(card.querySelector('mark')).toBeNull();
    expect(within(card).queryByText(/وُجد في المرفق/)).not.toBeInTheDocument();
  });
});

describe('the count of results', () => {
  it('shows a bounded count as a lower bound: أكثر من ١٬٠٠٠ نتيجة', async () => {
    answer = { posts: [post(1)], count: 1000, count_bounded: true };
    renderExplore(search('وزارة'));
    expect(await screen.findByText(`أكثر من ${arabic(1000)} نتيجة`)).toBeInTheDocument();
    expect(arabic(1000)).toMatch(/^(1,000|١٬٠٠٠)$/);
  });

  it('and in English: 1,000+ results', async () => {
    answer = { posts: [post(1)], count: 1000, count_bounded: true };
    renderExplore(search('ministry'), 'en');
    expect(await screen.findByText('1,000+ results')).toBeInTheDocument();
  });

  it.each([
    [1, () => 'نتيجة واحدة'],
    [2, () => 'نتيجتان'],
    [5, () => `${arabic(5)} نتائج`],
    [11, () => `${arabic(11)} نتيجة`],
    [1250, () => `${arabic(1250)} نتيجة`],
  ])('counts %i exactly, in the Arabic plural form of the number', async (count, text) => {
    answer = { posts: [post(1)], count };
    renderExplore(search('وزارة'));
    expect(await screen.findByText(text())).toBeInTheDocument();
    expect(screen.queryByText(/أكثر من/)).not.toBeInTheDocument();
  });

  it('counts for a filter too, and not for the unfiltered list', async () => {
    answer = { posts: [post(1)], count: 1250 };
    const { unmount } = renderExplore('/explore?has_attachments=true', 'en');
    expect(await screen.findByText('1,250 results')).toBeInTheDocument();
    unmount();
    renderExplore('/explore', 'en');
    await firstCard('Search results');
    expect(screen.queryByText(/results?$/)).not.toBeInTheDocument();
  });
});
