import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { setup, type Harness, type PageOptions } from './harness';

type Language = 'ar' | 'en';

const WORDS = {
  ar: { results: 'نتائج البحث', relevance: 'الأكثر صلة', inFile: 'وُجد في المرفق', page: 'صفحة' },
  en: { results: 'Search results', relevance: 'Most relevant', inFile: 'Found in attachment', page: 'page' },
} as const;

/**
 * Search as a reader meets it on /explore: results found in any written form of the word, the
 * words marked in titles and excerpts, relevance offered, and a result found in an attached PDF
 * saying which file and page — in Arabic and English, on a phone and on a desktop, light and dark.
 */
describe('search', () => {
  let h: Harness;
  before(async () => {
    h = await setup();
  });
  after(async () => {
    await h?.close();
  });

  const open = async (language: Language, opts: PageOptions) => {
    const page = await h.newPage({ ...opts, locale: language });
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('qarar:language', 'en'));
    return page;
  };
  const feed = (page: Page, language: Language) => page.getByRole('feed', { name: WORDS[language].results });

  async function marksOf(page: Page, language: Language): Promise<string[]> {
    const marks = feed(page, language).locator('mark');
    await marks.first().waitFor();
    return marks.allTextContents();
  }

  for (const [language, word, forms, fileWord] of [
    ['ar', 'بالوزارة', /وزار/, 'جسامة'],
    ['en', 'regulations', /regulat/i, 'stakeholders'],
  ] as const) {
    for (const opts of [{ viewport: { width: 1280, height: 900 } }, { viewport: { width: 360, height: 740 }, colorScheme: 'dark' as const }]) {
      const kind = `${language}-${opts.viewport.width}`;
      test(`${kind}: finds every form, marks it, offers relevance, names the file and page`, async () => {
        const w = WORDS[language];
        const page = await open(language, opts);
        await page.goto(`/explore?search=${encodeURIComponent(word)}`);
        const marks = await marksOf(page, language);
        // The marks are the forms the text has (الوزارة, وزارة…), not only the form searched.
        assert.ok(marks.every((m) => forms.test(m)), `marks: ${marks.join(', ')}`);
        if (language === 'ar') assert.ok(marks.some((m) => m !== word), `only the typed form marked: ${marks.join(', ')}`);

        // Relevance: offered while searching; the request asks for it.
        const [request] = await Promise.all([
          page.waitForRequest((r) => r.url().includes('/content/posts/') && r.url().includes('ordering=relevance')),
          page.getByRole('button', { name: w.relevance, exact: true }).click(),
        ]);
        assert.equal((await request.response())?.status(), 200);
        assert.equal(new URL(page.url()).searchParams.get('sortBy'), 'relevance');
        await page.getByRole('button', { name: w.relevance, exact: true, pressed: true }).waitFor();
        await h.screenshot(page, `search-${kind}`);

        // A word only the attached PDFs hold: the result says which file and page.
        await page.goto(`/explore?search=${encodeURIComponent(fileWord)}`);
        const line = feed(page, language).getByText(w.inFile).first();
        await line.waitFor();
        const text = (await line.textContent()) ?? '';
        assert.match(text, new RegExp(`${w.page} \\d+`));
        assert.ok((await marksOf(page, language)).length > 0);
        await h.screenshot(page, `search-file-${kind}`);
        assert.deepEqual(h.errorsOf(page), []);
      });
    }
  }

  test('without a search there is no relevance to choose', async () => {
    const page = await open('ar', { viewport: { width: 1280, height: 900 } });
    await page.goto('/explore?sortBy=relevance');
    await page.getByRole('button', { name: 'الأحدث', exact: true, pressed: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: WORDS.ar.relevance, exact: true }).count(), 0);
  });
});
