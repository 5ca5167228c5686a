/**
 * What a reader has typed so far in a search box, read by the search analyzer
 * (src/shared/search/analyzer.ts): the words already complete, each with its alternative terms,
 * and the last word, still being typed, as the term prefixes it may begin.
 */
import { analyze, normalizeArabicWord, termsOfWord } from '../../../shared/search/analyzer';

/** Fewer characters than this (after a leading # and spaces) ask nothing: spec §5. */
export const MIN_TYPED = 2;

export interface Typed {
  /** What is looked for: trimmed, a leading # removed. */
  text: string;
  /** Each complete word's alternative terms (a name or title must hold one of each). */
  words: string[][];
  /**
   * The last word, still being typed, as the starts it may be of: its terms, its spelling and its
   * spelling without the article. None when it is complete.
   */
  prefixes: string[];
  /**
   * Where the terms it may complete to lie (index ranges, each a prefix): shorter than the word,
   * since a term is a stem that may stop before the letters typed (development → develop), the
   * candidates they find are then checked against the words as written (nameScore).
   */
  ranges: string[];
}

// The article and its clinging forms (as the analyzer removes them), longest first.
const ARTICLES = ['وبال', 'وكال', 'فبال', 'فكال', 'وال', 'فال', 'بال', 'كال', 'ولل', 'فلل', 'لل', 'ال'];

/** A word's spelling as terms are spelt (normalized, lower case), and without its article. */
function spellings(word: string): string[] {
  const normalized = normalizeArabicWord(word).toLowerCase();
  const out = normalized ? [normalized] : [];
  const article = ARTICLES.find((a) => normalized.startsWith(a) && normalized.length > a.length);
  if (article) out.push(normalized.slice(article.length));
  return out;
}

/**
 * The starts a word being typed may be of: its spellings, and for Arabic its terms too (a
 * clinging letter taken off: لوزا may be ل + وزا…). An English word's stem is no start of it:
 * "minis" begins "ministry", not "mining".
 */
export function prefixesOf(word: string): string[] {
  const written = spellings(word);
  const latin = written.length > 0 && /^[a-z]/.test(written[0]);
  return [...new Set([...(latin ? [] : termsOfWord(word)), ...written])].filter(Boolean);
}

/**
 * The index ranges of a word being typed: each of its starts cut back by as many letters as a
 * stem may lose (Porter2 cuts up to four from an English word, light10 two from an Arabic one),
 * without the ranges another one holds.
 */
export function rangesOf(prefixes: string[]): string[] {
  const cut = prefixes.map((p) => {
    const chars = [...p];
    const keep = /^[a-z]/.test(p) ? Math.max(3, chars.length - 4) : Math.max(2, chars.length - 2);
    return chars.slice(0, Math.min(chars.length, keep)).join('');
  });
  const list = [...new Set(cut)];
  return list.filter((p) => !list.some((q) => q !== p && p.startsWith(q)));
}

/** Reads a search box's text; null when it is too short to ask anything. */
export function readTyped(raw: string): Typed | null {
  const text = raw.trim().replace(/^#+/, '').trim();
  if ([...text].length < MIN_TYPED) return null;
  const words = analyze(text);
  if (!words.length) return null;
  const open = !/\s$/.test(raw) && words[words.length - 1].end === text.length;
  const complete = open ? words.slice(0, -1) : words;
  const last = open ? text.slice(words[words.length - 1].start) : null;
  const prefixes = last ? prefixesOf(last) : [];
  return { text, words: complete.map((w) => w.terms), prefixes, ranges: rangesOf(prefixes) };
}

interface NameWord {
  terms: string[];
  /** As written, normalized: with and without its article. */
  spellings: string[];
}

// Names are read again on every keystroke of every reader: their words are kept (a portal has a
// few thousand names, titles come and go: the map is emptied when it grows past this).
const wordsOfName = new Map<string, NameWord[]>();
const NAMES_KEPT = 20_000;
function wordsOf(name: string): NameWord[] {
  let words = wordsOfName.get(name);
  if (!words) {
    if (wordsOfName.size >= NAMES_KEPT) wordsOfName.clear();
    words = analyze(name).map((w) => ({ terms: w.terms, spellings: spellings(name.slice(w.start, w.end)) }));
    wordsOfName.set(name, words);
  }
  return words;
}

/**
 * How well a name (an organization's, a type's, a post's title) answers what was typed: 0 when
 * it does not (every complete word must be one of its words, the last word the start of one);
 * else 3 when it begins with what was typed, in that order, 2 when it holds it so somewhere
 * («وزارة الص» in «تعلن وزارة الصحة»), 1 when it holds the words apart.
 */
/**
 * How well a name (an organization's, a type's, a post's title) answers what was typed: 0 when
 * it does not (every complete word must be one of its words, the last word the start of one);
 * else 3 when it begins with what was typed, in that order, 2 when it holds it so somewhere
 * («وزارة الص» in «تعلن وزارة الصحة»), 1 when it holds the words apart.
 */
export function nameScore(names: string[], typed: Typed): number {
  const span = typed.words.length + (typed.prefixes.length ? 1 : 0);
  const holds = (word: NameWord, alternatives: string[]) => word.terms.some((t) => alternatives.includes(t));
  // The word being typed begins one of the name's words as written (or one of its terms).
  const begins = (word: NameWord) => typed.prefixes.some((p) => word.spellings.some((w) => w.startsWith(p)) || word.terms.some((t) => t.startsWith(p)));
  let best = 0;
  for (const name of names) {
    const words = wordsOf(name);
    if (!words.length) continue;
    if (!typed.words.every((alternatives) => words.some((word) => holds(word, alternatives)))) continue;
    if (typed.prefixes.length && !words.some(begins)) continue;
    const inOrderAt = (i: number) =>
      typed.words.every((alternatives, k) => words[i + k] && holds(words[i + k], alternatives)) &&
      (!typed.prefixes.length || (words[i + typed.words.length] !== undefined && begins(words[i + typed.words.length])));
    let score = 1;
    if (inOrderAt(0)) score = 3;
    else for (let i = 1; i + span <= words.length && score < 2; i++) if (inOrderAt(i)) score = 2;
    best = Math.max(best, score);
  }
  return best;
}
