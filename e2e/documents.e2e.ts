import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { SCREENSHOTS, setup, storePreferences, type Harness } from './harness';

/**
 * Issue 30's print view and comparison of versions in a real browser, against the seeded demo
 * (which has posts corrected after publication, src/server/seed/corrections.ts):
 * - the print page's QR code, as Chromium draws it, decodes (ZXing, in this process) to exactly
 *   the address of the version printed; printed (print media, a PDF) it is the sheet alone;
 * - the comparison of two versions, reached from the post's history, marks words added and
 *   removed and says how many;
 * - axe finds nothing on either, in Arabic and English, light and dark;
 * - screenshots of both at a phone's and a desktop's width (screenshots/documents-*.png).
 */

interface ApiPost {
  slug: string;
  language: 'ar' | 'en';
  version: number;
  title: string;
  title_ar: string;
}

type Language = 'ar' | 'en';
type Scheme = 'light' | 'dark';
type Width = 'desktop' | 'mobile';
interface Look {
  language: Language;
  scheme: Scheme;
  width: Width;
}
const lookName = ({ language, scheme, width }: Look) => `${language}-${width}-${scheme}`;
/** Each language, scheme and width at least once. */
const LOOKS: Look[] = [
  { language: 'ar', scheme: 'light', width: 'desktop' },
  { language: 'ar', scheme: 'dark', width: 'mobile' },
  { language: 'en', scheme: 'dark', width: 'desktop' },
  { language: 'en', scheme: 'light', width: 'mobile' },
];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const enc = encodeURIComponent;

/** ZXing's reader, given its WebAssembly from node_modules (no network here). */
const zxingReady = prepareZXingModule({
  overrides: { wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer },
  fireImmediately: true,
});

async function decodeQr(png: Buffer): Promise<string[]> {
  await zxingReady;
  const results = await readBarcodes(new Blob([new Uint8Array(png)]), { formats: ['QRCode'], tryHarder: true });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

describe('print view and comparison of versions', () => {
  let h: Harness;
  /** A published post corrected at least once (version 2 or more), in Arabic when the demo has one. */
  let corrected: ApiPost;
  /** A published post written in English (the demo has some 15 %). */
  let english: ApiPost;
  /** The post each look prints: an Arabic one and an English one, each under both languages of the app. */
  const printedBy = (look: Look) => ((look.width === 'desktop') === (look.language === 'ar') ? corrected : english);

  const api = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${h.baseURL}/api/v1${url}`);
    assert.equal(res.status, 200, `GET ${url} answered ${res.status}`);
    return (await res.json()) as T;
  };

  const lookPage = async (look: Look): Promise<Page> => {
    const page = await h.newPage({ locale: look.language, colorScheme: look.scheme, viewport: look.width });
    await storePreferences(page.context(), h.baseURL, { language: look.language, theme: look.scheme });
    return page;
  };

  const audit = async (page: Page, what: string) => {
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    assert.deepEqual(
      violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
      [],
    );
  };

  before(async () => {
    h = await setup();
    const all: ApiPost[] = [];
    for (let n = 1; n <= 5; n++) {
      const { results, next } = await api<{ results: ApiPost[]; next: string | null }>(`/content/posts/?status=published&page_size=100&page=${n}`);
      all.push(...results);
      if (!next) break;
    }
    // The most corrected, Arabic first (the demo's decision corrected twice: its period, then a typo in its title).
    const correctedPosts = all.filter((p) => p.version >= 2).sort((a, b) => Number(b.language === 'ar') - Number(a.language === 'ar') || b.version - a.version);
    assert.ok(correctedPosts.length, 'the demo has a corrected post');
    corrected = correctedPosts[0];
    const englishPost = all.find((p) => p.language === 'en');
    assert.ok(englishPost, 'the demo has a post in English');
    english = englishPost;
  });
  after(async () => {
    await h?.close();
  });

  test("the print page's QR code, drawn by Chromium, decodes to the address of the version printed (Arabic, desktop)", async () => {
    const page = await lookPage(LOOKS[0]);
    await page.goto(`/post/${enc(corrected.slug)}/print`);
    const sheet = page.getByTestId('print-sheet');
    await sheet.waitFor();
    assert.equal(await sheet.getAttribute('lang'), corrected.language);
    assert.equal(await sheet.getAttribute('dir'), corrected.language === 'ar' ? 'rtl' : 'ltr');
    await sheet.getByRole('heading', { level: 1, name: corrected.language === 'ar' ? corrected.title_ar : corrected.title }).waitFor();

    const address = `${h.baseURL}/post/${enc(corrected.slug)}/versions/${corrected.version}`;
    const qr = page.getByTestId('version-qr');
    assert.equal(await qr.getAttribute('data-address'), address);
    assert.deepEqual(await decodeQr(await qr.screenshot({ type: 'png' })), [address]);
    assert.deepEqual(h.errorsOf(page), []);

    // A scanned printout's link leads to that version's page.
    await page.goto(new URL(address).pathname);
    await page.getByTestId('version-banner').waitFor();
  });

  test("a QR code at a phone's width decodes too; an English post prints left to right for an Arabic reader (phone, dark)", async () => {
    const page = await lookPage(LOOKS[1]);
    const post = english;
    await page.goto(`/post/${enc(post.slug)}/print`);
    const sheet = page.getByTestId('print-sheet');
    await sheet.waitFor();
    assert.equal(await sheet.getAttribute('lang'), 'en');
    assert.equal(await sheet.getAttribute('dir'), 'ltr');
    // The screen around it stays in the reader's language.
    await page.getByRole('button', { name: 'طباعة' }).waitFor();
    const qr = page.getByTestId('version-qr');
    await qr.scrollIntoViewIfNeeded();
    assert.deepEqual(await decodeQr(await qr.screenshot({ type: 'png' })), [`${h.baseURL}/post/${enc(post.slug)}/versions/${post.version}`]);
  });

  test('printed, the page is the sheet alone on A4: no navigation, no buttons', async () => {
    for (const look of [LOOKS[0], LOOKS[2]]) {
      const page = await lookPage(look);
      await page.goto(`/post/${enc(printedBy(look).slug)}/print`);
      await page.getByTestId('version-qr').waitFor();
      const print = page.getByRole('button', { name: look.language === 'ar' ? 'طباعة' : 'Print' });
      assert.equal(await print.isVisible(), true);
      assert.equal(await page.locator('nav').first().isVisible(), true, 'the navigation shows on screen at a desktop width');

      await page.emulateMedia({ media: 'print' });
      assert.equal(await print.isVisible(), false, 'no print button on paper');
      assert.equal(await page.locator('nav').first().isVisible(), false, 'no navigation on paper');
      assert.equal(await page.getByTestId('print-sheet').isVisible(), true);
      // On paper the sheet is white with dark text, whatever the scheme.
      const colours = await page.getByTestId('print-sheet').evaluate((el) => [getComputedStyle(el).color, getComputedStyle(document.body).backgroundColor]);
      assert.deepEqual(colours, ['rgb(17, 24, 39)', 'rgb(255, 255, 255)']);
      // About A4's width less its margins (180 mm at 96 dpi), as paper has it; the whole sheet in
      // the viewport (a full-page screenshot lays print media out anew, wider).
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.setViewportSize({ width: 680, height: 1000 });
      await page.setViewportSize({ width: 680, height: await page.evaluate(() => document.documentElement.scrollHeight) });
      await page.screenshot({ path: path.join(SCREENSHOTS, `documents-print-${lookName(look)}-paper.png`) });
      const pdf = await page.pdf({ preferCSSPageSize: true });
      writeFileSync(path.join(SCREENSHOTS, `documents-print-${lookName(look)}.pdf`), pdf);
      // A4 in points (595 × 842), as the page's @page rule asks.
      const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'));
      assert.deepEqual(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))], [595, 842]);
      await page.emulateMedia({ media: 'screen' });
    }
  });

  test('the history links each version to its comparison with the one before, which marks the words added and removed', async () => {
    const page = await lookPage(LOOKS[0]);
    await page.goto(`/post/${enc(corrected.slug)}`);
    const previous = corrected.version - 1;
    await page.getByRole('link', { name: `مقارنة بالنسخة ${previous}` }).click();
    await page.waitForURL(new RegExp(`/post/[^/]+/compare/${previous}/${corrected.version}$`));
    await page.getByRole('heading', { level: 1, name: `مقارنة النسختين ${previous} و${corrected.version}` }).waitFor();
    const summary = page.getByTestId('compare-summary');
    await summary.waitFor();
    assert.equal(await summary.getAttribute('role'), 'status');
    assert.match((await summary.textContent()) ?? '', /^(أُضيفت|لم تُضف).+و(حُذفت|لم تُحذف).+$|^لم تتغير أي كلمة بين النسختين\.$/);
    const marks = (await page.locator('main ins').count()) + (await page.locator('main del').count());
    assert.ok(marks > 0, 'a correction marks some words');
    // Every mark holds whole words: none starts with an Arabic combining mark.
    const texts = await page.locator('main ins, main del').allTextContents();
    assert.deepEqual(texts.filter((t) => /^[\u064b-\u065f\u0670]/u.test(t)), []);
    assert.deepEqual(h.errorsOf(page), []);
  });

  test('the newer version named first still reads from the older (English, desktop, dark)', async () => {
    const page = await lookPage(LOOKS[2]);
    await page.goto(`/post/${enc(corrected.slug)}/compare/${corrected.version}/1`);
    await page.getByRole('heading', { level: 1, name: `Versions 1 and ${corrected.version} compared` }).waitFor();
    await page.getByText(/named the newer version first/).waitFor();
    await page.getByTestId('version-newer').waitFor();
    assert.match((await page.getByTestId('compare-summary').textContent()) ?? '', /words? (added|removed)|No word changed/i);
    assert.ok((await page.locator('main ins, main del').count()) > 0);
  });

  for (const look of LOOKS) {
    test(`axe finds nothing on print and compare, and their screenshots (${lookName(look)})`, async () => {
      const page = await lookPage(look);
      await page.goto(`/post/${enc(printedBy(look).slug)}/print`);
      await page.getByTestId('version-qr').waitFor();
      await audit(page, `print ${lookName(look)}`);
      await h.screenshot(page, `documents-print-${lookName(look)}`);

      await page.goto(`/post/${enc(corrected.slug)}/compare/1/${corrected.version}`);
      await page.getByTestId('version-newer').waitFor();
      await audit(page, `compare ${lookName(look)}`);
      await h.screenshot(page, `documents-compare-${lookName(look)}`);
      assert.deepEqual(h.errorsOf(page), []);
    });
  }
});
