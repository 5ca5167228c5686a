/**
 * Real attachment files for the demo posts. Rendering an image or a PDF per attachment would
 * make a million-post seed take days, so a small pool of distinct files is made once per run
 * (document scans, banners and infographics as PNG/JPEG, multi-page PDFs in English and in
 * Arabic, each PDF's text read back for search), named by content hash, and attachment rows
 * point into it, each with its own title and order.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { closePdfTextWork, extractPdfText } from '../modules/media/pdf-text';
import { mediaRoot } from '../modules/media/paths';
import { POST_TYPES, type TypeKey } from './catalog/taxonomy';
import { Random } from './random';

export interface PoolFile {
  storage_key: string;
  thumbnail_key: string | null;
  file_type: string;
  file_extension: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The file's SHA-256 (hex): what its versions' signatures name. */
  sha256: string;
  /** A PDF's language: its text, title and tables are all in it. */
  language?: 'ar' | 'en';
  /** A PDF's text, page by page, as read back from its bytes (modules/media/pdf-text.ts). */
  pages?: string[];
}

export interface MediaPool {
  images: Map<TypeKey, PoolFile[]>;
  pdfs: Map<TypeKey, PoolFile[]>;
  /** Distinct files written or found, thumbnails included. */
  fileCount: number;
}

/** The colour of each post type (spec §9), for the artwork of its files. */
const COLOURS: Record<TypeKey, string> = {
  decision: '#dc2626', circular: '#7c3aed', announcement: '#ea580c', statement: '#2563eb', law: '#4f46e5',
  decree: '#0891b2', order: '#059669', directive: '#d97706', regulation: '#c026d3',
};

const FONT = `font-family="DejaVu Sans, Noto Sans Arabic, Arial, sans-serif"`;
const THUMB_WIDTH = 480;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rtl = (x: number, y: number, size: number, fill: string, text: string, weight = 'normal') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" direction="rtl" text-anchor="start">${esc(text)}</text>`;
const ltr = (x: number, y: number, size: number, fill: string, text: string, anchor = 'start') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" fill="${fill}" text-anchor="${anchor}">${esc(text)}</text>`;

function documentSvg(rng: Random, type: (typeof POST_TYPES)[number], colour: string): { svg: string; width: number; height: number } {
  const width = 900;
  const height = 1270;
  const lines: string[] = [];
  let y = 470;
  for (let i = 0; i < 17; i++) {
    const paragraphEnd = rng.chance(0.2);
    const w = paragraphEnd ? rng.int(220, 520) : rng.int(680, 800);
    lines.push(`<rect x="${840 - w}" y="${y}" width="${w}" height="12" rx="6" fill="#d8d4c8"/>`);
    y += paragraphEnd ? 58 : 36;
    if (y > 1000) break;
  }
  const no = rng.int(100, 9999);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#fbfaf6"/>
  <rect width="100%" height="150" fill="${colour}"/>
  <circle cx="450" cy="75" r="46" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.85"/>
  <path d="M430 95 Q450 40 470 95 M450 58 L450 110" stroke="#ffffff" stroke-width="4" fill="none" opacity="0.85"/>
  ${rtl(860, 68, 26, '#ffffff', 'المملكة العربية السعودية', 'bold')}
  ${rtl(860, 110, 20, '#ffffff', 'وثيقة رسمية')}
  ${ltr(40, 70, 22, '#ffffff', 'Kingdom of Saudi Arabia')}
  ${ltr(40, 108, 18, '#ffffff', 'Official document')}
  <text x="450" y="265" ${FONT} font-size="68" font-weight="bold" fill="${colour}" text-anchor="middle">${esc(type.name_ar)}</text>
  ${ltr(450, 318, 28, '#6b7280', type.name.charAt(0).toUpperCase() + type.name.slice(1), 'middle')}
  ${rtl(840, 395, 22, '#374151', `الرقم: ${no}`)}
  ${ltr(60, 395, 20, '#374151', `No. ${no}`)}
  <line x1="60" y1="420" x2="840" y2="420" stroke="${colour}" stroke-width="2" opacity="0.5"/>
  ${lines.join('\n  ')}
  <circle cx="210" cy="1120" r="86" fill="none" stroke="${colour}" stroke-width="6" opacity="0.45"/>
  <circle cx="210" cy="1120" r="70" fill="none" stroke="${colour}" stroke-width="2" opacity="0.45"/>
  <text x="210" y="1132" ${FONT} font-size="34" fill="${colour}" opacity="0.6" text-anchor="middle">معتمد</text>
  <path d="M560 1130 C600 1080 630 1160 670 1110 S740 1090 790 1125" stroke="#1f2937" stroke-width="3" fill="none"/>
  <line x1="60" y1="1225" x2="840" y2="1225" stroke="#d1d5db" stroke-width="1"/>
</svg>`;
  return { svg, width, height };
}

function bannerSvg(rng: Random, type: (typeof POST_TYPES)[number], colour: string): { svg: string; width: number; height: number } {
  const width = 1600;
  const height = 900;
  const circles = Array.from({ length: 7 }, () =>
    `<circle cx="${rng.int(0, width)}" cy="${rng.int(0, height)}" r="${rng.int(80, 320)}" fill="#ffffff" opacity="${(rng.int(5, 14) / 100).toFixed(2)}"/>`,
  ).join('\n  ');
  const subtitle = rng.pick(['بيان رسمي', 'للاطلاع والعمل بموجبه', 'إعلان للعموم', 'تحديث مهم']);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  ${circles}
  ${rtl(1500, 390, 140, '#ffffff', type.name_ar, 'bold')}
  ${rtl(1500, 480, 48, '#f3f4f6', subtitle)}
  ${ltr(100, 780, 44, '#ffffff', type.name.toUpperCase())}
  <rect x="0" y="840" width="${width}" height="60" fill="#000000" opacity="0.25"/>
  ${rtl(1560, 882, 28, '#ffffff', 'المملكة العربية السعودية')}
  ${ltr(40, 882, 24, '#ffffff', 'Kingdom of Saudi Arabia')}
</svg>`;
  return { svg, width, height };
}

function infographicSvg(rng: Random, type: (typeof POST_TYPES)[number], colour: string): { svg: string; width: number; height: number } {
  const width = 1080;
  const height = 1080;
  const stats: Array<[string, string]> = rng.sample(
    [
      [`${rng.int(60, 99)}%`, 'نسبة الإنجاز'],
      [`${rng.int(2, 90)},${rng.int(100, 999)}`, 'عدد المستفيدين'],
      ['24/7', 'خدمة إلكترونية'],
      [`${rng.int(3, 13)}`, 'منطقة مشمولة'],
      [`${rng.int(5, 60)}`, 'يومًا للتطبيق'],
      [`${rng.int(10, 95)}%`, 'رضا المستفيدين'],
    ],
    4,
  );
  const boxes = stats
    .map(([value, label], i) => {
      const x = 60 + (i % 2) * 500;
      const y = 300 + Math.floor(i / 2) * 360;
      return `<rect x="${x}" y="${y}" width="460" height="320" rx="28" fill="${colour}" opacity="${i % 3 === 0 ? 1 : 0.82}"/>
  <text x="${x + 230}" y="${y + 170}" ${FONT} font-size="92" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(value)}</text>
  <text x="${x + 230}" y="${y + 250}" ${FONT} font-size="38" fill="#ffffff" text-anchor="middle">${esc(label)}</text>`;
    })
    .join('\n  ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#f8fafc"/>
  <rect width="100%" height="230" fill="#0f172a"/>
  ${rtl(1020, 120, 72, '#ffffff', `${type.name_ar} بالأرقام`, 'bold')}
  ${ltr(60, 190, 32, '#cbd5e1', `${type.name.charAt(0).toUpperCase() + type.name.slice(1)} in numbers`)}
  ${boxes}
</svg>`;
  return { svg, width, height };
}

const PDF_PARAGRAPHS = [
  'The bodies concerned shall implement the provisions of this document within the period specified, and shall report on progress to the competent department at regular intervals.',
  'This document has been prepared in accordance with the applicable laws and regulations, and after consultation with the relevant government bodies and stakeholders.',
  'Applications, enquiries and supporting documents shall be submitted through the official electronic channels. Paper submissions are no longer accepted except where stated.',
  'Any earlier decisions or instructions that conflict with the provisions of this document are repealed from the date on which it takes effect.',
  'Violations of the provisions of this document are subject to the penalties set out in the applicable laws and their implementing regulations.',
  'The competent department may issue guides and forms to clarify the procedures set out in this document, and shall publish them on the official website.',
  'The provisions of this document shall be reviewed periodically in the light of experience and of the comments received from the bodies concerned and the public.',
  'Data collected under this document shall be processed in accordance with the Personal Data Protection Law and used only for the purposes stated.',
];

export const PDF_PARAGRAPHS_AR = [
  'تلتزم الجهات المعنية بتنفيذ أحكام هذه اللائحة خلال المدة المحددة، وترفع إلى الإدارة المختصة في الوزارة تقارير دورية عن سير العمل ومستوى الإنجاز.',
  'أعدت هذه الوثيقة وفقا للأنظمة واللوائح المعمول بها، وبعد التنسيق مع الجهات الحكومية ذات العلاقة، ومنها وزارة الصحة ووزارة التعليم، والاستماع إلى آراء أصحاب المصلحة.',
  'تقدم الطلبات والاستفسارات والمستندات المؤيدة لها عبر القنوات الإلكترونية الرسمية المعتمدة لدى الوزارة، ولا تقبل الطلبات الورقية إلا في الحالات المنصوص عليها صراحة.',
  'تلغى القرارات والتعليمات السابقة التي تتعارض مع أحكام هذه الوثيقة اعتبارا من تاريخ نفاذها، ويعمل بها من تاريخ نشرها في الموقع الرسمي للوزارة.',
  'تخضع المخالفات لأحكام هذه اللائحة للعقوبات المنصوص عليها في الأنظمة ذات الصلة ولوائحها التنفيذية، مع مراعاة التدرج في الجزاءات بحسب جسامة المخالفة وتكرارها.',
  'للإدارة المختصة إصدار الأدلة والنماذج اللازمة لتوضيح الإجراءات الواردة في هذه الوثيقة، على أن تنشرها في الموقع الرسمي للوزارة وتحدثها كلما دعت الحاجة إلى ذلك.',
  'تراجع أحكام هذه الوثيقة بصفة دورية في ضوء ما يسفر عنه التطبيق العملي، وما يرد من ملاحظات الجهات المعنية والعموم، وترفع التوصيات بشأنها إلى صاحب الصلاحية.',
  'تعالج البيانات التي تجمع بموجب هذه الوثيقة وفقا لنظام حماية البيانات الشخصية، ولا تستخدم إلا للأغراض المحددة فيها، ويحظر الإفصاح عنها لغير الجهات المخولة نظاما.',
];

// ---------------------------------------------------------------------------------------------
// Arabic in pdfkit
//
// pdfkit shapes text with fontkit (joined letter forms, the lam-alef ligature) and fontkit
// returns a right-to-left run's glyphs in visual order, but pdfkit knows nothing else of
// direction: it lays the words of a line out left to right, so an Arabic line would read from
// its last word. So Arabic is set here a word at a time: lines are broken by hand and each line's
// words placed from the right edge leftwards. Each word is one pdfkit text run (visual order
// within it from fontkit), on one shared baseline, so pdf.js and other readers find the words
// of a line and put them back in logical order.
//
// The face is IBM Plex Sans Arabic, the web client's, not Noto Naskh Arabic: Noto Naskh builds
// dotted letters from an undotted skeleton glyph plus separate dot glyphs (خ is ح's glyph and a
// dot above), and a PDF maps each glyph to one piece of text, so the text read back from it is
// wrong ("خلال" comes back "حلال", "وزارة" "ورارة"). Plex Sans Arabic has a glyph per letter form.

/** The @fontsource subsets used: Arabic letters, digits and punctuation; Latin for the rest. */
const ARABIC_FONT_FILES = {
  ar: 'ibm-plex-sans-arabic-arabic-400-normal.woff',
  arBold: 'ibm-plex-sans-arabic-arabic-700-normal.woff',
  latin: 'ibm-plex-sans-arabic-latin-400-normal.woff',
  latinBold: 'ibm-plex-sans-arabic-latin-700-normal.woff',
} as const;
type ArabicFont = keyof typeof ARABIC_FONT_FILES;

/**
 * The TrueType font inside a WOFF file: its tables inflated and laid out as an sfnt. fontkit reads
 * WOFF itself, but inflates its tables in JavaScript for every document (most of the time an
 * Arabic PDF took); this is done once, by zlib.
 */
function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(16 * 2 ** entrySelector, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + 16 * i);
    header.writeUInt32BE(t.checksum, 16 + 16 * i);
    header.writeUInt32BE(offset, 20 + 16 * i);
    header.writeUInt32BE(t.data.length, 24 + 16 * i);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** The faces' files as TrueType (see sfntFromWoff), read once per process. */
let arabicFontBytes: Record<ArabicFont, Buffer> | null = null;

/**
 * Registers the Arabic faces with a document. Each document parses them anew: pdfkit would take
 * a parsed (fontkit) font, but fontkit caches each glyph with the text it was first laid out for,
 * and a font shared by documents hands the next document glyphs with no text at all (those one
 * document's subset touched), read back as stray characters.
 */
export function registerArabicFonts(doc: PDFKit.PDFDocument): void {
  arabicFontBytes ??= Object.fromEntries(
    Object.entries(ARABIC_FONT_FILES).map(([name, file]) => [
      name,
      sfntFromWoff(readFileSync(require.resolve(`@fontsource/ibm-plex-sans-arabic/files/${file}`))),
    ]),
  ) as Record<ArabicFont, Buffer>;
  for (const [name, bytes] of Object.entries(arabicFontBytes)) doc.registerFont(`qarar-${name}`, bytes);
}

/** What the Arabic subset of the face lacks (Latin letters, ASCII punctuation and digits). */
const LATIN = /[\u0021-\u024F\u2010-\u206F]/u;
const ARABIC_DIGITS = /^[\u0660-\u0669\u066B\u066C]+$/u;
/** A number as one token (١٢٣٤/٥٦, ١٢/٣/٢٠٢٥): read left to right even in a right-to-left line. */
const NUMBER = /^[\u0660-\u06690-9]+(?:[/.:,-][\u0660-\u06690-9]+)*$/u;

/** Turns Western digits into Arabic-Indic ones (٠١٢٣٤٥٦٧٨٩). */
export const arabicDigits = (n: number | string) => String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));

interface Run {
  text: string;
  latin: boolean;
}

/** A word split where its font changes, in logical order. */
function runsOf(word: string): Run[] {
  const runs: Run[] = [];
  for (const ch of word) {
    const latin = LATIN.test(ch);
    const last = runs[runs.length - 1];
    if (last && last.latin === latin) last.text += ch;
    else runs.push({ text: ch, latin });
  }
  return runs;
}

export interface RtlStyle {
  bold?: boolean;
  size: number;
  colour: string;
}

/**
 * fontkit's shaping, without kerning: Plex Sans Arabic kerns some pairs (ري) by moving a glyph,
 * which pdfkit writes as a jump of the text position, and readers take such a jump for a space
 * ("تاريخ" read "تار يخ"). The joining forms and the required ligatures stay.
 */
const SHAPING = { kern: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

function runFont(doc: PDFKit.PDFDocument, run: Run, style: RtlStyle): void {
  const name: ArabicFont = run.latin ? (style.bold ? 'latinBold' : 'latin') : style.bold ? 'arBold' : 'ar';
  doc.font(`qarar-${name}`).fontSize(style.size);
}

/** Runs' widths at 1 pt, by face and text: the same words come back in every document. */
const runWidths = new Map<string, number>();

function runWidth(doc: PDFKit.PDFDocument, run: Run, style: RtlStyle): number {
  runFont(doc, run, style);
  const key = `${run.latin ? 'l' : 'a'}${style.bold ? 'b' : 'r'}${run.text}`;
  let unit = runWidths.get(key);
  if (unit === undefined) {
    unit = doc.widthOfString(run.text, { features: SHAPING }) / style.size;
    runWidths.set(key, unit);
  }
  return unit * style.size;
}

/** A word's width in points. */
function wordWidth(doc: PDFKit.PDFDocument, word: string, style: RtlStyle): number {
  let width = 0;
  for (const run of runsOf(word)) width += runWidth(doc, run, style);
  return width;
}

/**
 * Draws one word with its left edge at x on the baseline y. Its runs go right to left (a full
 * stop after a word stands to its left), but a number's left to right. Arabic-Indic digits are in
 * the Arabic font, whose right-to-left run fontkit would turn around: they are given reversed.
 */
function drawWord(doc: PDFKit.PDFDocument, word: string, x: number, y: number, style: RtlStyle): void {
  const runs = runsOf(word);
  const placed = NUMBER.test(word) ? runs : runs.reverse();
  let left = x;
  for (const run of placed) {
    const width = runWidth(doc, run, style);
    const text = !run.latin && ARABIC_DIGITS.test(run.text) ? [...run.text].reverse().join('') : run.text;
    // textWidth: measured already (pdfkit would lay the run out once more to measure it).
    doc.fillColor(style.colour).text(text, left, y, { lineBreak: false, baseline: 'alphabetic', features: SHAPING, textWidth: width } as PDFKit.Mixins.TextOptions);
    left += width;
  }
}

export interface RtlBox {
  /** The left edge of the box and its width; the text starts at its right edge. */
  x: number;
  width: number;
  align?: 'right' | 'justify' | 'center';
  /** Line height as a multiple of the font size. */
  leading?: number;
}

/** The lines a paragraph breaks into within `width`, greedily, each its words and their widths. */
function breakLines(doc: PDFKit.PDFDocument, text: string, style: RtlStyle, width: number) {
  const space = wordWidth(doc, ' ', style);
  const lines: Array<{ words: string[]; widths: number[] }> = [];
  let line = { words: [] as string[], widths: [] as number[] };
  let used = 0;
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const w = wordWidth(doc, word, style);
    if (line.words.length > 0 && used + space + w > width) {
      lines.push(line);
      line = { words: [], widths: [] };
      used = 0;
    }
    used += (line.words.length ? space : 0) + w;
    line.words.push(word);
    line.widths.push(w);
  }
  if (line.words.length) lines.push(line);
  return { lines, space };
}

/** How far down a paragraph set by rtlParagraph reaches: its number of lines × the leading. */
export function rtlParagraphHeight(doc: PDFKit.PDFDocument, text: string, style: RtlStyle, box: RtlBox): number {
  return breakLines(doc, text, style, box.width).lines.length * style.size * (box.leading ?? 1.7);
}

/**
 * Sets an Arabic paragraph from the top `y` (doc.y when not given) within the box, right-aligned,
 * justified (but its last line) or centred, and leaves doc.y below it.
 */
export function rtlParagraph(doc: PDFKit.PDFDocument, text: string, style: RtlStyle, box: RtlBox, y = doc.y): void {
  const { lines, space } = breakLines(doc, text, style, box.width);
  const leading = style.size * (box.leading ?? 1.7);
  let baseline = y + style.size * 1.15;
  lines.forEach((line, i) => {
    const natural = line.widths.reduce((a, b) => a + b, 0) + space * (line.words.length - 1);
    let right = box.x + box.width;
    let gap = space;
    if (box.align === 'center') right -= (box.width - natural) / 2;
    else if (box.align === 'justify' && i < lines.length - 1 && line.words.length > 1) {
      gap = space + (box.width - natural) / (line.words.length - 1);
    }
    line.words.forEach((word, k) => {
      right -= line.widths[k];
      drawWord(doc, word, right, baseline, style);
      right -= gap;
    });
    baseline += leading;
  });
  doc.x = box.x;
  doc.y = y + lines.length * leading;
}

/** The Arabic ligatures of Unicode's presentation forms (لا ﻻ, في ﰲ, لى ﱃ…), by the letters they stand for. */
const LIGATURE_FORMS = (() => {
  const forms = new Map<string, number>();
  for (const [from, to] of [[0xfb50, 0xfdff], [0xfe70, 0xfeff]]) {
    for (let c = from; c <= to; c++) {
      const letters = String.fromCharCode(c).normalize('NFKC');
      if (letters.length > 1 && /^[\u0600-\u06FF]+$/u.test(letters) && !forms.has(letters)) forms.set(letters, c);
    }
  }
  return forms;
})();

/**
 * Before doc.end(): maps each Arabic ligature glyph to its presentation form (ﻻ for لا) in the
 * fonts' ToUnicode tables, where pdfkit wrote its letters in logical order (lam, alef). A reader
 * puts a right-to-left run's glyphs back into logical order one glyph at a time but does not turn
 * a glyph's own letters around, so they came back reversed (pdf.js, PyMuPDF and pdfminer alike):
 * "اللائحة" read "الالئحة", "في" "يف". One character cannot be turned around, and folding it
 * (NFKC) gives the letters in order. pdfkit keeps that table in the font's `unicode` array (the
 * code points of each glyph used), written out at doc.end().
 */
export function presentArabicLigatures(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  for (const font of Object.values(families)) {
    font.unicode?.forEach((codePoints, glyph) => {
      const form = codePoints.length > 1 ? LIGATURE_FORMS.get(String.fromCodePoint(...codePoints)) : undefined;
      if (form) font.unicode![glyph] = [form];
    });
  }
}

/** An Arabic document of the type: letterhead, title, paragraphs, a table; 1 to 3 pages. */
function renderArabicPdf(rng: Random, type: (typeof POST_TYPES)[number], colour: string, created: Date): Promise<Buffer> {
  const no = arabicDigits(rng.int(100, 9999));
  const title = `${type.name_ar} رقم ${no}`;
  const pages = rng.int(1, 3);
  const left = 56;
  const width = 483;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      bufferPages: true,
      lang: 'ar',
      info: { Title: title, Author: 'Qarar demo content', CreationDate: created, ModDate: created },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerArabicFonts(doc);
    const bottom = doc.page.height - 70;
    const body: RtlStyle = { size: 11.5, colour: '#111827' };
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.rect(0, 0, doc.page.width, 70).fill(colour);
      rtlParagraph(doc, 'المملكة العربية السعودية', { bold: true, size: 13, colour: '#ffffff' }, { x: left, width }, 14);
      rtlParagraph(doc, 'وثيقة رسمية', { size: 9.5, colour: '#ffffff' }, { x: left, width }, 36);
      doc.fillColor('#ffffff').font('Helvetica').fontSize(9).text('Kingdom of Saudi Arabia', left, 30, { lineBreak: false });
      doc.y = 96;
      if (page === 0) {
        rtlParagraph(doc, title, { bold: true, size: 21, colour }, { x: left, width, leading: 1.5 });
        rtlParagraph(doc, `المرجع: ${arabicDigits(rng.int(1000, 9999))}/${arabicDigits(rng.int(10, 99))}`, { size: 10, colour: '#6b7280' }, { x: left, width });
        doc.y += 10;
      } else {
        rtlParagraph(doc, `الملحق رقم ${arabicDigits(page)}`, { bold: true, size: 14, colour }, { x: left, width, leading: 1.6 });
        doc.y += 6;
      }
      for (const p of rng.sample(PDF_PARAGRAPHS_AR, rng.int(3, 5))) {
        // A paragraph that would run into the footer is left out rather than split.
        if (doc.y + rtlParagraphHeight(doc, p, body, { x: left, width }) > bottom) break;
        rtlParagraph(doc, p, body, { x: left, width, align: 'justify' });
        doc.y += 8;
      }
      if (page === pages - 1) {
        // Columns from the right: item, description, date in force.
        const cols = [
          { x: 489, width: 42 },
          { x: 190, width: 290 },
          { x: 64, width: 118 },
        ];
        const rows = [['م', 'البند', 'تاريخ النفاذ'], ...Array.from({ length: 4 }, (_, i) => [
          arabicDigits(i + 1),
          rng.pick(['نطاق التطبيق', 'الإجراءات', 'المواعيد النظامية', 'الرسوم', 'المخالفات والعقوبات', 'رفع التقارير']),
          `${arabicDigits(rng.int(1, 28))}/${arabicDigits(rng.int(1, 12))}/${arabicDigits(created.getUTCFullYear())}`,
        ])];
        const top = Math.min(doc.y + 10, bottom - rows.length * 26);
        rows.forEach((row, r) => {
          const y = top + r * 26;
          if (r === 0) doc.rect(left, y, width, 26).fill('#f3f4f6');
          row.forEach((cell, c) => rtlParagraph(doc, cell, { bold: r === 0, size: 10, colour: '#111827' }, cols[c], y + 3));
          doc.moveTo(left, y + 26).lineTo(left + width, y + 26).strokeColor('#d1d5db').stroke();
        });
      }
    }
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits inside the bottom margin; without this pdfkit would open a page for it.
      doc.page.margins.bottom = 0;
      rtlParagraph(doc, `الصفحة ${arabicDigits(i + 1)} من ${arabicDigits(range.count)}`, { size: 8, colour: '#9ca3af' },
        { x: left, width, align: 'center' }, doc.page.height - 46);
    }
    presentArabicLigatures(doc);
    doc.end();
  });
}

function renderPdf(rng: Random, type: (typeof POST_TYPES)[number], colour: string, created: Date): Promise<Buffer> {
  const title = `Official ${type.name.charAt(0).toUpperCase() + type.name.slice(1)}`;
  const no = rng.int(100, 9999);
  const pages = rng.int(1, 3);
  return new Promise((resolve, reject) => {
    // A fixed creation date keeps the bytes, and so the content-hashed name, the same every run.
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      bufferPages: true,
      info: { Title: `${title} No. ${no}`, Author: 'Qarar demo content', CreationDate: created, ModDate: created },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.rect(0, 0, doc.page.width, 70).fill(colour);
      doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(12).text('KINGDOM OF SAUDI ARABIA', 56, 28);
      doc.font('Helvetica').fontSize(9).text('Official document', 56, 46);
      doc.fillColor('#111827').moveDown(0);
      doc.y = 100;
      if (page === 0) {
        doc.font('Helvetica-Bold').fontSize(22).fillColor(colour).text(`${title} No. ${no}`, 56);
        doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#6b7280').text(`Reference ${rng.int(1000, 9999)}/${rng.int(10, 99)}`);
        doc.moveDown(1).fillColor('#111827').fontSize(11);
      } else {
        doc.font('Helvetica-Bold').fontSize(14).fillColor(colour).text(`Annex ${page}`, 56);
        doc.moveDown(0.8).font('Helvetica').fillColor('#111827').fontSize(11);
      }
      for (const p of rng.sample(PDF_PARAGRAPHS, rng.int(3, 5))) {
        doc.text(`${p}`, { align: 'justify' });
        doc.moveDown(0.7);
      }
      if (page === pages - 1) {
        const top = doc.y + 10;
        const rows = [['Item', 'Description', 'Effective'], ...Array.from({ length: 4 }, (_, i) => [
          String(i + 1),
          rng.pick(['Scope of application', 'Procedures', 'Deadlines', 'Fees', 'Penalties', 'Reporting']),
          `${rng.int(1, 28)}/${rng.int(1, 12)}/${created.getUTCFullYear()}`,
        ])];
        rows.forEach((row, r) => {
          const y = top + r * 24;
          if (r === 0) doc.rect(56, y, 483, 24).fill('#f3f4f6');
          doc.fillColor('#111827').font(r === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
          doc.text(row[0], 64, y + 7, { width: 60 });
          doc.text(row[1], 130, y + 7, { width: 260 });
          doc.text(row[2], 400, y + 7, { width: 130 });
          doc.moveTo(56, y + 24).lineTo(539, y + 24).strokeColor('#d1d5db').stroke();
        });
      }
    }
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits inside the bottom margin; without this pdfkit would open a page for it.
      doc.page.margins.bottom = 0;
      doc.font('Helvetica').fontSize(8).fillColor('#9ca3af')
        .text(`Page ${i + 1} of ${range.count}`, 56, doc.page.height - 40, { width: 483, align: 'center', lineBreak: false });
    }
    doc.end();
  });
}

function store(root: string, dir: string, ext: string, bytes: Buffer): string {
  const key = `${dir}/${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
  const file = path.join(root, key);
  // Content-addressed: a file that is already there with this name holds these bytes.
  if (!existsSync(file) || statSync(file).size !== bytes.length) writeFileSync(file, bytes);
  return key;
}

/** How many images and PDFs the pool holds per post type: PDFs in English and in Arabic. */
export const IMAGES_PER_TYPE = 4;
export const ENGLISH_PDFS_PER_TYPE = 3;
export const ARABIC_PDFS_PER_TYPE = 3;

/** Renders the pool into DATA_DIR/media/files (thumbnails in media/thumbs). */
export async function buildMediaPool(dataDir: string, seed: number, created: Date): Promise<MediaPool> {
  const root = mediaRoot(dataDir);
  mkdirSync(path.join(root, 'files'), { recursive: true });
  mkdirSync(path.join(root, 'thumbs'), { recursive: true });
  const rng = new Random(seed ^ 0x5eed_f11e);
  // Arabic PDFs draw from a stream of their own, so that the English files stay as they were.
  const arabicRng = new Random(seed ^ 0x0a7a_b1c0);
  const images = new Map<TypeKey, PoolFile[]>();
  const pdfs = new Map<TypeKey, PoolFile[]>();
  let fileCount = 0;

  const imageJobs: Array<() => Promise<void>> = [];
  const pdfJobs: Array<() => Promise<void>> = [];
  for (const type of POST_TYPES) {
    const colour = COLOURS[type.key];
    const typeImages: PoolFile[] = [];
    const typePdfs: PoolFile[] = [];
    images.set(type.key, typeImages);
    pdfs.set(type.key, typePdfs);
    // Artwork is drawn from the generator now, in a fixed order; rendering may then run in parallel.
    const art = [
      { ...documentSvg(rng, type, colour), format: 'png' as const },
      { ...documentSvg(rng, type, colour), format: 'jpg' as const },
      { ...bannerSvg(rng, type, colour), format: 'jpg' as const },
      { ...infographicSvg(rng, type, colour), format: 'png' as const },
    ].slice(0, IMAGES_PER_TYPE);
    art.forEach((a, i) => {
      imageJobs.push(async () => {
        const base = sharp(Buffer.from(a.svg));
        const bytes = a.format === 'png' ? await base.png().toBuffer() : await base.jpeg({ quality: 84, mozjpeg: true }).toBuffer();
        const thumb = await sharp(bytes).resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
        typeImages[i] = {
          storage_key: store(root, 'files', a.format, bytes),
          thumbnail_key: store(root, 'thumbs', 'webp', thumb),
          sha256: createHash('sha256').update(bytes).digest('hex'),
          file_type: a.format === 'png' ? 'image/png' : 'image/jpeg',
          file_extension: a.format,
          size: bytes.length,
          width: a.width,
          height: a.height,
        };
        fileCount += 2;
      });
    });
    const pdfKinds = [
      ...Array.from({ length: ENGLISH_PDFS_PER_TYPE }, () => ({ language: 'en' as const, pdfRng: new Random(rng.int(0, 2 ** 31)) })),
      ...Array.from({ length: ARABIC_PDFS_PER_TYPE }, () => ({ language: 'ar' as const, pdfRng: new Random(arabicRng.int(0, 2 ** 31)) })),
    ];
    pdfKinds.forEach(({ language, pdfRng }, i) => {
      pdfJobs.push(async () => {
        const bytes = await (language === 'ar' ? renderArabicPdf : renderPdf)(pdfRng, type, colour, created);
        typePdfs[i] = {
          storage_key: store(root, 'files', 'pdf', bytes),
          thumbnail_key: null,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          file_type: 'application/pdf',
          file_extension: 'pdf',
          size: bytes.length,
          width: null,
          height: null,
          language,
          // Read back as an upload's would be: what search will find in it.
          pages: await extractPdfText(bytes),
        };
        fileCount += 1;
      });
    });
  }
  // One file at a time, PDFs first: what a file's making holds (libvips' buffers, pdfkit's
  // fonts, pdf.js in its thread) then never adds up with another's, and the thread that reads
  // the PDFs back is ended before the images are drawn. This is the first start's peak of
  // memory (issue 27: 4 at a time with the thread left running peaked about 190 MB higher), and a
  // pool of 126 small files is made in seconds either way.
  try {
    for (const job of pdfJobs) await job();
  } finally {
    await closePdfTextWork();
  }
  for (const job of imageJobs) await job();
  return { images, pdfs, fileCount };
}
