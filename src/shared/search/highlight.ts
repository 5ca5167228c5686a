/**
 * Why a post matched a search, shown as text with its matching words marked: the whole of a
 * short text (a title) or an excerpt of a long one. The same analyzer decides what matches, so
 * that every written form of a searched word is marked (وزارة marks الوزارة and بالوزارة).
 */
import { eachWord, wordsContaining } from './analyzer';

export interface Segment {
  text: string;
  mark: boolean;
}

const hasAny = (terms: string[], wanted: ReadonlySet<string>) => {
  for (const t of terms) if (wanted.has(t)) return true;
  return false;
};

const ARABIC_TERM = /^[\u0621-\u064A]+$/;

/**
 * What a word with one of the terms must contain, in its normalized spelling: an Arabic term is
 * its word without prefixes and suffixes, with at most a final ه given back for a ة (وزارات →
 * وزاره), so it is found in the word without that ه; a number is itself; an English stem
 * (Porter2) may end differently from its word, in its last two letters at most (happy → happi,
 * ability → abil: so for all 42,000 words of Snowball's English test vocabulary), so the word
 * starts with the stem without them. Other terms (short stems, other scripts) promise nothing,
 * and a text is then read word by word.
 */
const coresMemo = new WeakMap<ReadonlySet<string>, string[] | null>();
function coresOf(terms: ReadonlySet<string>): string[] | null {
  let cores = coresMemo.get(terms);
  if (cores !== undefined) return cores;
  cores = [];
  for (const t of terms) {
    const core = ARABIC_TERM.test(t) ? t.replace(/\u0647$/, '') : /^[0-9]+$/.test(t) ? t : /^[a-z]{5,}$/.test(t) ? t.slice(0, -2) : '';
    if (core.length < 2) {
      cores = null;
      break;
    }
    cores.push(core);
  }
  coresMemo.set(terms, cores);
  return cores;
}

/**
 * Each word of the text that has one of the terms, in order, until `visit` returns true: found
 * by what such words must contain where that is enough (wordsContaining), else word by word.
 */
function eachMatch(text: string, terms: ReadonlySet<string>, visit: (start: number, end: number) => boolean | void): void {
  const cores = coresOf(terms);
  const candidates = cores && wordsContaining(text, cores);
  if (candidates) {
    for (const w of candidates) if (hasAny(w.terms, terms) && visit(w.start, w.end)) return;
    return;
  }
  eachWord(text, (start, end, wordTerms) => hasAny(wordTerms, terms) && visit(start, end));
}

/** The spans of the text whose words have one of the terms. */
function matchSpans(text: string, terms: ReadonlySet<string>): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  eachMatch(text, terms, (start, end) => {
    const last = spans[spans.length - 1];
    // Neighbouring matches separated only by spaces are one mark: "وزارة الصحة".
    if (last && /^\s*$/.test(text.slice(last.end, start))) last.end = end;
    else spans.push({ start, end });
  });
  return spans;
}

function segmentsOf(text: string, spans: { start: number; end: number }[], from = 0, to = text.length): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const s of spans) {
    if (s.end <= from || s.start >= to) continue;
    const start = Math.max(s.start, from);
    const end = Math.min(s.end, to);
    if (start > at) out.push({ text: text.slice(at, start), mark: false });
    out.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < to) out.push({ text: text.slice(at, to), mark: false });
  return out;
}

/** The whole text with its matching words marked (nothing marked when nothing matches). */
export function highlight(text: string, terms: ReadonlySet<string>): Segment[] {
  return segmentsOf(text, matchSpans(text, terms));
}

/** True when some word of the text has one of the terms. */
export function matches(text: string, terms: ReadonlySet<string>): boolean {
  let found = false;
  eachMatch(text, terms, () => (found = true));
  return found;
}

const ELLIPSIS = '…';

/**
 * About `length` characters of the text around its densest cluster of matches, cut at word
 * boundaries, with an ellipsis where it was cut; null when no word matches.
 */
export function excerpt(text: string, terms: ReadonlySet<string>, length = 220): Segment[] | null {
  const spans = matchSpans(text, terms);
  if (!spans.length) return null;
  if (text.length <= length) return segmentsOf(text, spans);
  // The window (starting at a match) that holds the most matches.
  let best = 0;
  let bestCount = 0;
  for (let i = 0, j = 0; i < spans.length; i++) {
    while (j < spans.length && spans[j].end - spans[i].start <= length) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      best = i;
    }
  }
  // Some words of context before the first match, then to the window's end, at word boundaries.
  let from = Math.max(0, spans[best].start - Math.floor(length / 4));
  if (from > 0) {
    const space = text.lastIndexOf(' ', from);
    const sentence = Math.max(text.lastIndexOf('.', spans[best].start), text.lastIndexOf('\n', spans[best].start));
    from = sentence >= from - 40 && sentence < spans[best].start ? sentence + 1 : space + 1;
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > spans[best].end) to = space;
  }
  const segments = segmentsOf(text, spans, from, to);
  const trimmed = segments.filter((s) => s.text.length > 0);
  if (trimmed.length && !trimmed[0].mark) trimmed[0] = { ...trimmed[0], text: trimmed[0].text.trimStart() };
  const last = trimmed.length - 1;
  if (last >= 0 && !trimmed[last].mark) trimmed[last] = { ...trimmed[last], text: trimmed[last].text.trimEnd() };
  if (from > 0) trimmed.unshift({ text: `${ELLIPSIS} `, mark: false });
  if (to < text.length) trimmed.push({ text: ` ${ELLIPSIS}`, mark: false });
  return trimmed;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The segments as HTML: text escaped, matches in <mark>. */
export function toMarkedHtml(segments: Segment[]): string {
  return segments.map((s) => (s.mark ? `<mark>${escapeHtml(s.text)}</mark>` : escapeHtml(s.text))).join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * Segments back from toMarkedHtml's HTML, without an HTML parser: only <mark> and the five
 * entities are read; anything else stays text (so it is shown, never run).
 */
export function fromMarkedHtml(html: string): Segment[] {
  const out: Segment[] = [];
  const unescape = (t: string) => t.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e]);
  const parts = html.split(/(<mark>[\s\S]*?<\/mark>)/);
  for (const part of parts) {
    if (!part) continue;
    const marked = part.startsWith('<mark>') && part.endsWith('</mark>');
    out.push({ text: unescape(marked ? part.slice(6, -7) : part), mark: marked });
  }
  return out;
}
