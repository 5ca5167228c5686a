'use strict';
/**
 * A PDF text worker thread (run by piscina for pdf-text.ts): the text of a PDF's pages, in
 * reading order, as Unicode a search engine can index.
 *
 * Plain CommonJS, like image-worker.js: a worker thread is a fresh isolate that neither jest's
 * transform nor tsx's loader reaches, so the file runs exactly as written everywhere. pdf.js is
 * published as ES modules only and is loaded with import().
 *
 * pdf.js runs here without a worker of its own (its "fake worker" in this thread, handed its
 * module directly, so nothing is fetched), without eval, font faces or system fonts: only the
 * text layer is read (getTextContent), nothing is drawn. The CMaps of Chinese, Japanese and
 * Korean encodings are read from the installed package's files when a PDF needs one. The
 * standard fonts' data is not given: text does not need it (a non-embedded Helvetica's text
 * comes from its encoding), and loading it made each English PDF take twice as long.
 *
 * Each page's text items are put back into reading order here (see `pageText`): pdf.js gives
 * them in content-stream order, each run of right-to-left text already turned into logical
 * order, but a line drawn as several items (one per word, say, as many producers do) comes out
 * with its words in visual order, last word first for Arabic.
 */
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

let loaded = null;

/**
 * pdf.js, with its core handed to the fake worker so that it never loads or fetches one.
 *
 * Without the web's (De)CompressionStream: pdf.js then inflates streams with its own JavaScript.
 * Node builds those streams on zlib handles, and a thread ended at the deadline between a
 * handle's creation and its initialization (pdf.js makes one per content stream) aborted the
 * whole process as the thread was freed (Node 20: node_zlib.cc "close before init").
 */
function pdfjs() {
  loaded ??= (async () => {
    delete globalThis.DecompressionStream;
    delete globalThis.CompressionStream;
    const url = (file) => pathToFileURL(path.join(PDFJS_DIR, 'legacy/build', file)).href;
    globalThis.pdfjsWorker = await import(url('pdf.worker.mjs'));
    return import(url('pdf.mjs'));
  })();
  return loaded;
}

// ---------------------------------------------------------------------------------------------
// Reading order

/** A strong right-to-left letter (Hebrew, Arabic, Syriac, Thaana, NKo…, their presentation forms). */
const RTL = /[\u0590-\u05FF\u0608\u060B\u060D\u061B-\u064A\u066D-\u066F\u0671-\u06D5\u06E5\u06E6\u06EE\u06EF\u06FA-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;
const RTL_ALL = new RegExp(RTL.source, 'gu');
/** A strong left-to-right letter. */
const LTR_ALL = /(?![\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC])\p{L}/gu;

const count = (s, re) => (s.match(re) || []).length;

/**
 * One text item, measured along its own baseline: `u` where it starts along the line, `w` how
 * long it is, `v` across (the baseline's height) and `h` its font size; so that a page turned
 * a quarter, or a line set at an angle, groups the same way as a level one.
 */
function measure(item) {
  const [a, b, c, d, e, f] = item.transform;
  const len = Math.hypot(a, b) || 1;
  const ux = a / len;
  const uy = b / len;
  const h = Math.hypot(c, d) || item.height || 1;
  return { str: item.str, u: e * ux + f * uy, v: -e * uy + f * ux, w: item.width || 0, h };
}

/**
 * 'rtl' for an item with right-to-left letters, 'ltr' for one with other letters, 'num' for
 * one with digits (of any script) but no letters, 'neutral' for punctuation and the like.
 */
function itemClass(str) {
  if (RTL.test(str)) return 'rtl';
  if (count(str, LTR_ALL) > 0) return 'ltr';
  return /\p{Nd}/u.test(str) ? 'num' : 'neutral';
}

/**
 * The items of one line in logical order, from their visual order (left to right), as groups of
 * items that stand side by side on the page. A line that is mostly right-to-left reads from its
 * right end, except that a run of left-to-right words and numbers keeps its own order (a date, a
 * reference number, a Latin name); a mostly left-to-right line reads from its left end, except
 * for a run of right-to-left words, read from its right. Punctuation belongs to such a run only
 * between two of its items, as in the Unicode bidirectional algorithm ("المرجع: ١٢٣/٤٥" keeps
 * its colon after the word).
 */
function orderLine(items) {
  const visual = items.slice().sort((x, y) => x.u - y.u);
  const text = visual.map((i) => i.str).join('');
  const rtlLine = count(text, RTL_ALL) > count(text, LTR_ALL);
  const cls = visual.map((i) => itemClass(i.str));
  const strong = rtlLine ? (c) => c === 'ltr' || c === 'num' : (c) => c === 'rtl';
  const weak = rtlLine ? (c) => c === 'neutral' : (c) => c === 'neutral' || c === 'num';
  const embedded = cls.map(strong);
  // A weak item between two embedded ones (with only weak items between) is embedded too.
  let before = -1;
  for (let i = 0; i < visual.length; i++) {
    if (!weak(cls[i])) {
      if (embedded[i] && before >= 0 && embedded[before]) for (let k = before + 1; k < i; k++) embedded[k] = true;
      before = i;
    }
  }
  // Each item its own group, but an embedded run one group: turned around as a whole.
  const groups = [];
  visual.forEach((item, i) => {
    const last = groups[groups.length - 1];
    if (embedded[i] && last && last.embedded) last.items.push(item);
    else groups.push({ embedded: embedded[i], items: [item] });
  });
  for (const g of groups) {
    g.left = g.items.reduce((m, i) => Math.min(m, i.u), Infinity);
    g.right = g.items.reduce((m, i) => Math.max(m, i.u + i.w), -Infinity);
    g.h = g.items.reduce((m, i) => Math.min(m, i.h), Infinity);
    // Within a group, its items' order: left to right, but for a right-to-left run in a left-to-right line.
    if (g.embedded && !rtlLine) g.items.reverse();
  }
  return rtlLine ? groups.reverse() : groups;
}

/** How far apart two things are on the line, whichever side of each other they are (0 when touching). */
const gapBetween = (a, b) => Math.max(a.left, b.left) - Math.min(a.right, b.right);

/**
 * Joins a line's groups (in logical order), with a space where two things that follow each other
 * stand apart on the page: more than 0.15 of the font size, about half a space.
 */
function joinLine(groups) {
  let out = '';
  let prev = null;
  const add = (str, gap, h) => {
    if (prev !== null && gap > 0.15 * h && !/\s$/u.test(out) && !/^\s/u.test(str)) out += ' ';
    out += str;
  };
  for (const g of groups) {
    g.items.forEach((it, k) => {
      const extent = { left: it.u, right: it.u + it.w };
      if (k === 0) add(it.str, prev ? gapBetween(prev, g) : 0, prev ? Math.min(prev.h, g.h) : it.h);
      else {
        const before = g.items[k - 1];
        add(it.str, gapBetween({ left: before.u, right: before.u + before.w }, extent), Math.min(before.h, it.h));
      }
    });
    prev = g;
  }
  return out;
}

/**
 * What a search engine should see: Arabic presentation forms, ligatures, full-width and other
 * compatibility characters folded (NFKC), no tatweel (a stretching stroke, not a letter), no
 * soft hyphens, bidirectional controls or other invisible controls; runs of spaces collapsed.
 */
function clean(line) {
  return line
    .normalize('NFKC')
    .replace(/[\u0640\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF]/gu, '')
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu, '')
    .replace(/[^\S\n]+/gu, ' ')
    .trim();
}

/** A page's text: its lines in reading order, joined with newlines. */
function pageText(items) {
  const lines = [];
  let line = [];
  const endLine = () => {
    if (line.length) lines.push(line);
    line = [];
  };
  for (const raw of items) {
    if (typeof raw.str !== 'string' || !Array.isArray(raw.transform)) continue;
    if (raw.str.length > 0 && raw.str.trim() !== '') {
      const item = measure(raw);
      const first = line[0];
      // The same line while the baselines are within half a font size of each other.
      if (first && Math.abs(item.v - first.v) > 0.5 * Math.min(item.h, first.h)) endLine();
      line.push(item);
    }
    if (raw.hasEOL) endLine();
  }
  endLine();
  return lines
    .map((l) => clean(joinLine(orderLine(l))))
    .filter((l) => l.length > 0)
    .join('\n');
}

// ---------------------------------------------------------------------------------------------

/**
 * Why pdf.js could not read a document that starts like a PDF: it asks for a password, or it
 * is damaged (InvalidPDFException, a truncated file say, or any other error).
 */
const reasonOf = (err) => (err && err.name === 'PasswordException' ? 'encrypted' : 'damaged');

async function extract({ bytes, maxPages, maxChars }) {
  const { getDocument, VerbosityLevel } = await pdfjs();
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Not a PDF at all: no header in the first kilobyte (the most readers allow before it).
  if (!Buffer.from(data.subarray(0, 1024)).includes('%PDF-')) return { error: 'notPdf', message: 'no %PDF- header' };
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    enableXfa: false,
    cMapUrl: path.join(PDFJS_DIR, 'cmaps') + path.sep,
    cMapPacked: true,
    verbosity: VerbosityLevel.ERRORS,
  });
  // Without an onPassword handler, a document encrypted for reading fails with a
  // PasswordException: no password is ever tried.
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    return { error: reasonOf(err), message: String((err && err.message) || err) };
  }
  try {
    const pages = [];
    let chars = 0;
    let failed = 0;
    let lastError = null;
    const last = Math.min(doc.numPages, maxPages);
    for (let n = 1; n <= last && chars < maxChars; n++) {
      let text;
      try {
        const page = await doc.getPage(n);
        // pdf.js's own normalization would fold ligatures' presentation forms (ﰲ, ﱃ) to their
        // letters before it turns a right-to-left run around, and so turn them around too ("يف"
        // for "في"); they are folded here (clean), once the run is in logical order.
        const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: true });
        text = pageText(content.items);
        page.cleanup();
      } catch (err) {
        // A page that cannot be read (a damaged object, say) has no text; the others still do.
        failed++;
        lastError = err;
        text = '';
      }
      if (chars + text.length > maxChars) {
        let end = maxChars - chars;
        // Not between the two halves of a surrogate pair.
        const unit = text.charCodeAt(end - 1);
        if (unit >= 0xd800 && unit <= 0xdbff) end--;
        text = text.slice(0, end);
      }
      chars += text.length;
      pages.push(text);
    }
    if (failed > 0 && failed === pages.length) {
      return { error: 'damaged', message: String((lastError && lastError.message) || lastError) };
    }
    return { pages, numPages: doc.numPages };
  } finally {
    await task.destroy().catch(() => {});
  }
}

module.exports = async function pdfTextTask(task) {
  if (task.kind === 'extract') return extract(task);
  throw new Error(`unknown pdf task ${task.kind}`);
};
// For tests: the reading-order step alone, on text items shaped like pdf.js's.
module.exports.pageText = pageText;
