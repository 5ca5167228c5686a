import { diffArrays } from 'diff';

/**
 * A word-level comparison of two texts (issue 30: compare versions), pure so that it is tested
 * on its own and gives the same answer on the server that draws the page and in the browser
 * that takes it over.
 *
 * Words are cut by the language's word segmentation (`Intl.Segmenter`), which keeps an Arabic
 * word whole: its diacritics (tashkeel, the dagger alif), its tatweel and its clinging prefixes
 * («وبالقرار») stay with it, so a changed vowel mark shows the whole word changed, never a
 * word split in two. Where the engine has no segmenter, a tokenizer by Unicode classes does
 * the same for Arabic and English (letters, digits and combining marks together).
 */

/**
 * One piece of a text: a word or a mark of punctuation, with the white space after it (white
 * space is never compared: only what it separates).
 */
export interface Token {
  /** As written, the white space after it included. */
  text: string;
  /** What two tokens are compared by: the text without its white space, in canonical form (NFC). */
  key: string;
  /** A word (letters or digits): what the summary counts. */
  word: boolean;
  /** The white space after it holds a line break: a place where a change reads best to start or end. */
  lineEnd: boolean;
}

export type PartKind = 'equal' | 'added' | 'removed';

/** A run of the comparison: text common to both versions, or only in the older, or only in the newer. */
export interface DiffPart {
  kind: PartKind;
  text: string;
}

export interface WordDiff {
  parts: DiffPart[];
  /** Words only in the newer text. */
  added: number;
  /** Words only in the older text. */
  removed: number;
}

/**
 * Past this many edits (words and marks added or removed) the texts are too different to be
 * worth aligning word by word, and the work grows with its square: the older text is shown
 * removed and the newer added, whole. A count, not a time limit, so that the server and the
 * browser always agree.
 */
export const MAX_EDITS = 1000;

const WORD_CHAR = /[\p{L}\p{N}\p{M}\u0640\u200c\u200d]/u;
const SPACE = /^\s+$/u;
/** A word's run, a run of white space, or one other character with the marks that follow it. */
const FALLBACK_TOKEN = /[\p{L}\p{N}\p{M}\u0640\u200c\u200d]+|\s+|[^][\p{M}]*/gu;

type Segment = { segment: string; isWordLike?: boolean };

const segmenters = new Map<string, { segment(text: string): Iterable<Segment> }>();
function segmenterOf(language: string): { segment(text: string): Iterable<Segment> } | undefined {
  if (typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function') return undefined;
  let segmenter = segmenters.get(language);
  if (!segmenter) segmenters.set(language, (segmenter = new Intl.Segmenter(language, { granularity: 'word' })));
  return segmenter;
}

/** A text's tokens in order; joined, they are the text. */
export function tokenize(text: string, language: string): Token[] {
  const segmenter = segmenterOf(language);
  const pieces = segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : (text.match(FALLBACK_TOKEN) ?? []);
  const tokens: Token[] = [];
  for (const piece of pieces) {
    const previous = tokens[tokens.length - 1];
    if (SPACE.test(piece) && previous) {
      previous.text += piece;
      previous.lineEnd ||= piece.includes('\n');
    } else {
      const key = SPACE.test(piece) ? ' ' : piece.normalize('NFC');
      tokens.push({ text: piece, key, word: WORD_CHAR.test(piece), lineEnd: piece.includes('\n') });
    }
  }
  return tokens;
}

const join = (tokens: Token[]) => tokens.map((t) => t.text).join('');
const words = (tokens: Token[]) => tokens.filter((t) => t.word).length;

interface Run {
  kind: PartKind;
  tokens: Token[];
}

/** How well a change reads between these tokens: at a line break best, after punctuation next. */
function boundaryScore(before: Token | undefined, last: Token | undefined): number {
  const start = !before ? 2 : before.lineEnd ? 2 : before.word ? 0 : 1;
  const end = !last || last.lineEnd ? 2 : 0;
  return start + end;
}

/**
 * A words added or removed between common text can often stand in more than one place
 * ("1 ¶ Article 2 ¶ Article 3" less a paragraph: «Article 2» or «2 ¶ Article»): it is slid to
 * where it reads best, a whole paragraph or sentence rather than the end of one and the start
 * of the next.
 */
function slid(runs: Run[]): Run[] {
  for (let i = 0; i < runs.length; i++) {
    const change = runs[i];
    const prev = runs[i - 1];
    const next = runs[i + 1];
    if (change.kind === 'equal' || prev?.kind !== 'equal' || next?.kind !== 'equal') continue;
    const keyOf = (t: Token | undefined) => t?.key;
    // All the way to the start, then each place to the end, keeping the best.
    while (prev.tokens.length && keyOf(prev.tokens[prev.tokens.length - 1]) === keyOf(change.tokens[change.tokens.length - 1])) {
      next.tokens.unshift(change.tokens.pop()!);
      change.tokens.unshift(prev.tokens.pop()!);
    }
    let best = { score: boundaryScore(prev.tokens[prev.tokens.length - 1], change.tokens[change.tokens.length - 1]), shift: 0 };
    const candidate = [...prev.tokens, ...change.tokens, ...next.tokens];
    const from = prev.tokens.length;
    const size = change.tokens.length;
    for (let shift = 1; from + size + shift - 1 < candidate.length && keyOf(candidate[from + shift - 1]) === keyOf(candidate[from + size + shift - 1]); shift++) {
      const score = boundaryScore(candidate[from + shift - 1], candidate[from + size + shift - 1]);
      if (score > best.score) best = { score, shift };
    }
    if (best.shift) {
      prev.tokens = candidate.slice(0, from + best.shift);
      change.tokens = candidate.slice(from + best.shift, from + best.shift + size);
      next.tokens = candidate.slice(from + best.shift + size);
    }
  }
  return runs.filter((run) => run.tokens.length);
}

/**
 * Changes next to each other are read as one: "A B C D" → "A X Y D" shows «B C» removed and
 * «X Y» added, rather than B, X, C, Y interleaved.
 */
function grouped(runs: Run[]): Run[] {
  const out: Run[] = [];
  let removed: Token[] = [];
  let added: Token[] = [];
  const flush = () => {
    if (removed.length) out.push({ kind: 'removed', tokens: removed });
    if (added.length) out.push({ kind: 'added', tokens: added });
    removed = [];
    added = [];
  };
  for (const run of runs) {
    if (run.kind === 'removed') removed.push(...run.tokens);
    else if (run.kind === 'added') added.push(...run.tokens);
    else {
      flush();
      out.push(run);
    }
  }
  flush();
  return out;
}

/**
 * The newer text with what changed from the older marked, and how many words were added and
 * removed. White space alone is never shown as a change (only the words around it are): the
 * text reads as the newer version lays it out.
 */
export function diffWords(older: string, newer: string, language: string): WordDiff {
  const a = tokenize(older, language);
  const b = tokenize(newer, language);
  const changes = diffArrays(a, b, { comparator: (x, y) => x.key === y.key, maxEditLength: MAX_EDITS });
  const runs: Run[] = changes
    ? slid(changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'equal', tokens: [...c.value] })))
    : [
        { kind: 'removed', tokens: a },
        { kind: 'added', tokens: b },
      ];
  let added = 0;
  let removed = 0;
  for (const run of runs) {
    if (run.kind === 'added') added += words(run.tokens);
    if (run.kind === 'removed') removed += words(run.tokens);
  }
  const parts: DiffPart[] = [];
  const push = (kind: PartKind, text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    // White space the text already has here (the older text's around a removed word, the
    // newer's after it) is written once.
    if (kind === 'equal' && /^[^\S\n]+$/u.test(text) && last && /\s$/u.test(last.text)) return;
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  const shown = grouped(runs);
  shown.forEach((run, i) => {
    const text = join(run.tokens);
    if (run.kind === 'equal') {
      push('equal', text);
      return;
    }
    // White space alone is never a change: the newer text's is kept, the older's dropped. At the
    // edges of a change it is written unmarked, so that a mark covers words only.
    const [, before, core, after] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(text)!;
    if (!core) {
      if (run.kind === 'added') push('equal', text);
      return;
    }
    push('equal', before);
    push(run.kind, core);
    // Removed words replaced by others: the newer text's spacing follows them, not the older's.
    if (run.kind === 'added' || shown[i + 1]?.kind !== 'added') push('equal', after);
  });
  return { parts, added, removed };
}
