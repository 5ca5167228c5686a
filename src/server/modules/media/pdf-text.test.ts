import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import PDFDocument from 'pdfkit';
import { POST_TYPES } from '../../seed/catalog/taxonomy';
import {
  ARABIC_PDFS_PER_TYPE,
  arabicDigits,
  buildMediaPool,
  PDF_PARAGRAPHS_AR,
  presentArabicLigatures,
  registerArabicFonts,
  rtlParagraph,
} from '../../seed/media';
import { closePdfTextWork, DEADLINE_MS, extractPdfText, MAX_CHARS, MAX_PAGES, PdfTextError, type PdfTextFailure } from './pdf-text';
import { describeOnce } from '../../test/databases';

/** The reading-order step of the worker thread, on its own (plain CommonJS, see the file). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the worker is CommonJS, with no types to import
const { pageText } = require('./pdf-text-worker.js') as { pageText: (items: unknown[]) => string };

afterAll(() => closePdfTextWork());

/** A PDF drawn by `draw` (pdfkit, A4), as bytes. */
function pdf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

async function failure(bytes: Uint8Array, options?: Parameters<typeof extractPdfText>[1]): Promise<PdfTextFailure> {
  try {
    await extractPdfText(bytes, options);
  } catch (err) {
    expect(err).toBeInstanceOf(PdfTextError);
    return (err as PdfTextError).reason;
  }
  throw new Error('expected a PdfTextError');
}

/** A page's lines as one paragraph (a paragraph set over several lines comes back over several). */
const flat = (page: string) => page.replace(/\n/g, ' ');

const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF]/u;

describeOnce('extractPdfText', () => {
  it('has its limits as named constants', () => {
    expect(MAX_PAGES).toBe(300);
    expect(MAX_CHARS).toBe(2_000_000);
    expect(DEADLINE_MS).toBe(20_000);
  });

  it('reads English text page by page', async () => {
    const bytes = await pdf((doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Circular No. 42');
      doc.font('Helvetica').fontSize(11).text('The Ministry of Health   publishes this circular on vaccination schedules for schools.', { align: 'justify' });
      doc.addPage();
      doc.text('Annex: the schedule of the second term.');
    });
    const pages = await extractPdfText(bytes);
    expect(pages).toEqual([
      'Circular No. 42\nThe Ministry of Health publishes this circular on vaccination schedules for schools.',
      'Annex: the schedule of the second term.',
    ]);
  });

  it('reads Arabic set word by word (the seed’s layout) in reading order, letters as letters', async () => {
    const body = { size: 12, colour: '#111827' };
    const box = { x: 56, width: 483, align: 'justify' as const };
    const bytes = await pdf((doc) => {
      registerArabicFonts(doc);
      rtlParagraph(doc, 'وزارة الصحة', { bold: true, size: 20, colour: '#000000' }, { x: 56, width: 483 });
      rtlParagraph(doc, `المرجع: ${arabicDigits(1446)}/${arabicDigits(27)}`, { size: 10, colour: '#000000' }, { x: 56, width: 483 });
      rtlParagraph(doc, PDF_PARAGRAPHS_AR[0], body, box);
      doc.addPage();
      rtlParagraph(doc, PDF_PARAGRAPHS_AR[2], body, box);
      rtlParagraph(doc, 'وزارة التعليم', body, { x: 56, width: 483, align: 'center' });
      presentArabicLigatures(doc);
    });
    const pages = await extractPdfText(bytes);
    expect(pages).toHaveLength(2);
    const [first, second] = pages;
    expect(first.split('\n').slice(0, 2)).toEqual(['وزارة الصحة', 'المرجع: ١٤٤٦/٢٧']);
    // Over several lines, every word in its place: ligatures (اللائحة، في، إلى) in letter order.
    expect(flat(first)).toBe(`وزارة الصحة المرجع: ١٤٤٦/٢٧ ${PDF_PARAGRAPHS_AR[0]}`);
    expect(first.split('\n').length).toBeGreaterThan(3);
    expect(second).toBe(second.trim());
    expect(flat(second)).toBe(`${PDF_PARAGRAPHS_AR[2]} وزارة التعليم`);
    expect(second).not.toContain('وزارة الصحة');
    expect(pages.join('')).not.toMatch(PRESENTATION_FORMS);
  });

  it('reads Arabic that pdfkit sets as one run per line', async () => {
    // Another producer's way: each line one run, its glyphs in visual order (fontkit's), which
    // pdf.js turns back itself. No ligature in these words: see presentArabicLigatures.
    const bytes = await pdf((doc) => {
      registerArabicFonts(doc);
      doc.font('qarar-ar').fontSize(14);
      doc.text('وزارة الصحة تعلن مواعيد العمل', { align: 'right', features: ['rlig'] });
      doc.text('وزارة التعليم', { align: 'right', features: ['rlig'] });
    });
    expect(await extractPdfText(bytes)).toEqual(['وزارة الصحة تعلن مواعيد العمل\nوزارة التعليم']);
  });

  it('refuses what is not a PDF, a truncated PDF and an encrypted one, with a typed error', async () => {
    const good = await pdf((doc) => doc.text('Some text'));
    expect(await failure(Buffer.from('GIF89a this is not a PDF at all '.repeat(20)))).toBe('notPdf');
    expect(await failure(new Uint8Array(0))).toBe('notPdf');
    expect(await failure(good.subarray(0, Math.floor(good.length * 0.6)))).toBe('damaged');
    expect(await failure(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]))).toBe('damaged');
    expect(await failure(await pdf((doc) => doc.text('Secret'), { userPassword: 'secret' }))).toBe('encrypted');
    // Only an owner password (permissions): it opens without one.
    expect(await extractPdfText(await pdf((doc) => doc.text('Restricted'), { ownerPassword: 'owner', permissions: { modifying: false } })))
      .toEqual(['Restricted']);
    // …and the thread still works.
    expect(await extractPdfText(good)).toEqual(['Some text']);
  });

  it('reads at most so many pages and characters, and gives up at the deadline', async () => {
    const bytes = await pdf((doc) => {
      for (let i = 1; i <= 6; i++) {
        if (i > 1) doc.addPage();
        doc.text(`Page number ${i} of the annex.`);
      }
    });
    expect(await extractPdfText(bytes)).toHaveLength(6);
    expect(await extractPdfText(bytes, { maxPages: 4 })).toEqual([1, 2, 3, 4].map((i) => `Page number ${i} of the annex.`));
    expect(await extractPdfText(bytes, { maxChars: 40 })).toEqual(['Page number 1 of the annex.', 'Page number 2']);
    // Options only lower the limits.
    expect(await extractPdfText(bytes, { maxPages: 10_000 })).toHaveLength(6);
    // The deadline, on a document no thread reads within it: the six pages above were once read
    // within 1 ms by a warm thread (a CI failure), so this one is long.
    const long = await pdf((doc) => {
      for (let i = 1; i <= 300; i++) {
        if (i > 1) doc.addPage();
        doc.text(`Page number ${i} of the annex, with a sentence long enough to be worth reading. `.repeat(8));
      }
    });
    expect(await failure(long, { deadlineMs: 1 })).toBe('timeout');
    expect(await extractPdfText(bytes, { maxPages: 1 })).toEqual(['Page number 1 of the annex.']);
  });

  it('makes no zlib handle in its thread, which may be ended at any moment', async () => {
    // A thread ended between a zlib handle's creation and its initialization aborted the whole
    // process (Node 20), and pdf.js made one per content stream: the worker file as written,
    // in a thread of its own, counting the zlib handles made while it reads two pages.
    const bytes = await pdf((doc) => {
      doc.text('One');
      doc.addPage().text('Two');
    });
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       let zlib = 0;
       require('node:async_hooks').createHook({ init: (id, type) => { if (type === 'ZLIB') zlib++; } }).enable();
       require(workerData.file)({ kind: 'extract', bytes: workerData.bytes, maxPages: 10, maxChars: 1000 })
         .then((answer) => parentPort.postMessage({ answer, zlib }));`,
      { eval: true, workerData: { file: require.resolve('./pdf-text-worker.js'), bytes: new Uint8Array(bytes) } },
    );
    const [{ answer, zlib }] = (await once(worker, 'message')) as [{ answer: { pages: string[] }; zlib: number }];
    await worker.terminate();
    expect(answer.pages).toEqual(['One', 'Two']);
    expect(zlib).toBe(0);
  });

  it('works beside the event loop, not on it', async () => {
    const bytes = await pdf((doc) => {
      for (let i = 0; i < 40; i++) {
        if (i > 0) doc.addPage();
        doc.fontSize(9).text(PDF_PARAGRAPHS_AR.join(' ').replace(/[^\s]/g, 'x').repeat(3));
      }
    });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    const pages = await extractPdfText(bytes);
    clearInterval(timer);
    expect(pages).toHaveLength(40);
    expect(ticks).toBeGreaterThan(0);
  });
});

describeOnce('reading order of text items', () => {
  /** A pdf.js text item: `x` where it starts, `y` its baseline, 10 pt. */
  const item = (str: string, x: number, y: number, width = 5 * str.length, hasEOL = false) => ({
    str,
    dir: /[\u0600-\u06FF]/u.test(str) ? 'rtl' : 'ltr',
    transform: [10, 0, 0, 10, x, y],
    width,
    height: 10,
    hasEOL,
  });

  it('puts right-to-left words drawn one by one back in reading order', () => {
    // Drawn left to right (as many producers do): the last word first.
    expect(pageText([item('الصحة', 100, 700, 30), item('وزارة', 134, 700, 30)])).toBe('وزارة الصحة');
    // A number and a full stop within an Arabic line.
    expect(pageText([
      item('.', 60, 700, 2), item('٢٠٢٥', 62, 700, 20), item('/', 82, 700, 3), item('٣', 85, 700, 5),
      item('بتاريخ', 95, 700, 30), item('صدر', 130, 700, 20),
    ])).toBe('صدر بتاريخ ٢٠٢٥/٣.');
    // An English name inside Arabic keeps its own order.
    expect(pageText([
      item('Qarar', 60, 700, 25), item('Portal', 90, 700, 30),
      item('الرسمية', 125, 700, 30), item('المنشورات', 160, 700, 40), item('منصة', 205, 700, 20),
    ])).toBe('منصة المنشورات الرسمية Qarar Portal');
  });

  it('keeps lines apart and left-to-right text as it is', () => {
    expect(pageText([
      item('First', 56, 700), item('line', 90, 700),
      item('Second line', 56, 686, 55, true),
      item('ﺍﻟﺼﺤﺔ', 56, 672, 30),
    ])).toBe('First line\nSecond line\nالصحة');
  });
});

describeOnce('the demo seed’s PDFs', () => {
  it('reads back every Arabic and English PDF of the pool, page by page', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qarar-pdf-pool-'));
    const pool = await buildMediaPool(dir, 7, new Date(Date.UTC(2025, 0, 1))).finally(() => rmSync(dir, { recursive: true, force: true }));
    // Every word the Arabic documents are written in: a word read back wrong is not among them.
    const words = new Set(
      [...PDF_PARAGRAPHS_AR, 'المملكة العربية السعودية وثيقة رسمية رقم المرجع: الملحق الصفحة من',
        'م البند تاريخ النفاذ نطاق التطبيق الإجراءات المواعيد النظامية الرسوم المخالفات والعقوبات رفع التقارير',
        'Kingdom of Saudi Arabia', ...POST_TYPES.map((t) => t.name_ar)].join(' ').split(/\s+/u),
    );
    for (const type of POST_TYPES) {
      const pdfs = pool.pdfs.get(type.key)!;
      const arabic = pdfs.filter((f) => f.language === 'ar');
      expect(arabic).toHaveLength(ARABIC_PDFS_PER_TYPE);
      expect(pdfs.some((f) => f.language === 'en')).toBe(true);
      for (const file of pdfs) {
        const pages = file.pages!;
        expect(pages.length).toBeGreaterThanOrEqual(1);
        expect(pages.length).toBeLessThanOrEqual(3);
        pages.forEach((page, i) => {
          expect(page).toContain(file.language === 'ar' ? `الصفحة ${arabicDigits(i + 1)} من ${arabicDigits(pages.length)}` : `Page ${i + 1} of ${pages.length}`);
        });
        if (file.language !== 'ar') continue;
        expect(pages[0].split('\n')).toContain(`${type.name_ar} رقم ${pages[0].match(/رقم ([٠-٩]+)/u)?.[1]}`);
        const text = pages.map(flat).join(' ');
        expect(PDF_PARAGRAPHS_AR.some((p) => text.includes(p))).toBe(true);
        const unknown = text.split(/\s+/u).filter((w) => !words.has(w) && !/^[٠-٩/]+$/u.test(w));
        expect(unknown).toEqual([]);
      }
    }
  }, 120_000);
});
