/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, within } from '@testing-library/react';
import type { Category } from '../../api/posts';
import i18n, { applyDocumentLanguage } from '../../i18n';
import enCore from '../../i18n/locales/en/core';
import enScreens from '../../i18n/locales/en/screens';
import { json, mockFetch } from '../../test/fetchMock';
import { category } from '../../test/frameApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CategoriesSection } from './CategoriesSection';

i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

afterEach(() => applyDocumentLanguage('ar'));

const COUNTS = [0, 1, 2, 3, 11, 100, 1234];
const categories: Category[] = COUNTS.map((count, i) => ({ ...category(i + 1), name: ['Health', 'Education', 'Economy', 'Justice', 'Energy', 'Transport', 'Housing'][i], post_count: count }));

function renderSection(language: 'ar' | 'en') {
  mockFetch((_req, path) => (path === '/content/categories/' ? json(200, categories) : json(404, {})));
  renderWithProviders(<CategoriesSection />, { preloadedState: { preferences: { language } } });
}

/** The chips, once the strings of the language and the categories are in. */
async function chips(region: string) {
  const section = within(await screen.findByRole('region', { name: region }));
  return section.findAllByRole('link');
}

/** A chip's text as shown (what speech input users say), spaces collapsed. */
const shown = (chip: HTMLElement) => (chip.textContent ?? '').replace(/\s+/g, ' ').trim();
/** A name as axe compares it (label-content-name-mismatch): punctuation dropped, lower case. */
const curated = (text: string) => text.replace(/[\p{P}]/gu, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

describe('CategoriesSection chips: the name begins with the text shown (WCAG 2.5.3, label in name)', () => {
  it('names each chip in English by its text, then what the count counts, in the plural form of the number', async () => {
    renderSection('en');
    const links = await chips('Categories');
    expect(links.map(shown)).toEqual(['Health', 'Education 1', 'Economy 2', 'Justice 3', 'Energy 11', 'Transport 100', 'Housing 1,234']);
    expect(links.map((chip) => chip.getAttribute('aria-label'))).toEqual([
      null,
      'Education, 1 post',
      'Economy, 2 posts',
      'Justice, 3 posts',
      'Energy, 11 posts',
      'Transport, 100 posts',
      'Housing, 1,234 posts',
    ]);
    expect(links[0]).toHaveAccessibleName('Health');
    for (const chip of links) expect(curated(chip.getAttribute('aria-label') ?? shown(chip)).startsWith(curated(shown(chip)))).toBe(true);
  });

  it('names each chip in Arabic the same way, with the six plural forms', async () => {
    renderSection('ar');
    const links = await chips('التصنيفات');
    expect(links.map(shown)).toEqual(['تصنيف 1', 'تصنيف 2 1', 'تصنيف 3 2', 'تصنيف 4 3', 'تصنيف 5 11', 'تصنيف 6 100', 'تصنيف 7 1,234']);
    expect(links.map((chip) => chip.getAttribute('aria-label'))).toEqual([
      null,
      'تصنيف 2، 1 منشور',
      'تصنيف 3، 2 منشوران',
      'تصنيف 4، 3 منشورات',
      'تصنيف 5، 11 منشورًا',
      'تصنيف 6، 100 منشور',
      'تصنيف 7، 1,234 منشورًا',
    ]);
    for (const chip of links) expect(curated(chip.getAttribute('aria-label') ?? shown(chip)).startsWith(curated(shown(chip)))).toBe(true);
  });
});
