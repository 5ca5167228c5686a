/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import type { SearchCorrections } from '../../api/generated/posts.gen';
import i18n, { applyDocumentLanguage } from '../../i18n';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import { json, mockFetch } from '../../test/fetchMock';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DidYouMean, type DidYouMeanProps } from './DidYouMean';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

const answers: Record<string, SearchCorrections['corrections']> = {
  المحافضة: [
    { q: 'المحافظة', words: [{ from: 'المحافضة', to: 'المحافظة' }], posts_count: 133 },
    { q: 'المحافظ', words: [{ from: 'المحافضة', to: 'المحافظ' }], posts_count: 1 },
  ],
  'minstry of helth': [
    { q: 'ministry of health', words: [{ from: 'minstry', to: 'ministry' }, { from: 'helth', to: 'health' }], posts_count: 1000 },
    { q: 'ministry of wealth', words: [{ from: 'minstry', to: 'ministry' }, { from: 'helth', to: 'wealth' }], posts_count: 1 },
  ],
};

/** Answers GET /content/spelling/ from `answers` and records each query string asked. */
function spellingApi() {
  const asked: string[] = [];
  mockFetch((req, path) => {
    if (path !== '/content/spelling/') return json(404, { detail: 'Not found.' });
    const url = new URL(req.url);
    asked.push(url.search);
    const q = url.searchParams.get('q') ?? '';
    return json(200, { q, corrections: answers[q] ?? [] });
  });
  return asked;
}

const hrefFor = (q: string) => `/explore?search=${encodeURIComponent(q)}&sortBy=relevance`;
const render = (props: Partial<DidYouMeanProps>, language: 'ar' | 'en' = 'ar') =>
  renderWithProviders(<DidYouMean search="المحافضة" count={0} hrefFor={hrefFor} {...props} />, { preloadedState: { preferences: { language } } });
const region = (name = 'اقتراحات البحث') => screen.getByRole('status', { name });

afterEach(() => applyDocumentLanguage('ar'));

describe('DidYouMean', () => {
  it('offers the corrected searches of a search that found nothing, each a link with its count', async () => {
    const asked = spellingApi();
    render({});
    const links = await within(region()).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['المحافظة', 'المحافظ']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([hrefFor('المحافظة'), hrefFor('المحافظ')]);
    // «هل تقصد: المحافظة (١٣٣ منشورًا)، المحافظ (منشور واحد)؟»
    expect(region().textContent).toBe(`هل تقصد: المحافظة (${new Intl.NumberFormat('ar').format(133)} منشورًا)، المحافظ (منشور واحد)؟`);
    // The corrected search in its own direction inside the sentence.
    expect(links[0].querySelector('bdi')?.textContent).toBe('المحافظة');
    expect(asked).toEqual([`?q=${encodeURIComponent('المحافضة')}`]);
  });

  it('is a polite live region from the start, empty until there is something to say', async () => {
    spellingApi();
    render({ count: undefined });
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();
  });

  it('asks only when the search finds few posts, and nothing for a blank search', async () => {
    const asked = spellingApi();
    const { rerender } = render({ count: 3 });
    rerender(<DidYouMean search="   " count={0} hrefFor={hrefFor} />);
    rerender(<DidYouMean search="المحافضة" count={undefined} hrefFor={hrefFor} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([]);
    expect(region()).toBeEmptyDOMElement();
    rerender(<DidYouMean search=" المحافضة " count={2} hrefFor={hrefFor} language="en" />);
    await within(region()).findAllByRole('link');
    // Trimmed, and counted in the list's language.
    expect(asked).toEqual([`?q=${encodeURIComponent('المحافضة')}&language=en`]);
    // More found (the reader's page counted again): the offer goes.
    rerender(<DidYouMean search="المحافضة" count={40} hrefFor={hrefFor} />);
    expect(region()).toBeEmptyDOMElement();
  });

  it('says nothing when there is nothing to offer', async () => {
    const asked = spellingApi();
    render({ search: 'المحافظة' });
    await waitFor(() => expect(asked).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(region()).toBeEmptyDOMElement();
  });

  it('speaks English left to right, a count at the list\'s bound as "1,000+"', async () => {
    spellingApi();
    render({ search: 'minstry of helth' }, 'en');
    // The English strings come with the language switch.
    const [link] = await within(await screen.findByRole('status', { name: 'Search suggestions' })).findAllByRole('link');
    expect(link).toHaveAttribute('href', hrefFor('ministry of health'));
    expect(region('Search suggestions').textContent).toBe('Did you mean: ministry of health (1,000+ posts), ministry of wealth (one post)?');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
