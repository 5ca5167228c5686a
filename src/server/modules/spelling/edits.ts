/**
 * Spelling edits over the search analyzer's terms (src/shared/search/analyzer.ts), which are
 * written in its folded spelling: ة is ه, ى is ي, أ إ آ ٱ are ا, ؤ ئ are ء. Those confusions
 * are therefore no edit at all (the analyzer already makes المحافظه find المحافظة); what is left
 * for a correction are the letters the analyzer keeps apart and writers still confuse, and the
 * slips of a hand on a keyboard.
 *
 * - variantsOf: every spelling one edit away (a letter dropped, added, changed or two swapped),
 *   and two confusable letters changed at once — the candidates looked up in the vocabulary;
 * - distance: how far two terms are, the edits writers make weighing less than other slips.
 */

const ARABIC_LETTERS = [...'ءابتثجحخدذرزسشصضطظعغفقكلمنهوي'];
const LATIN_LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];
const ARABIC = /[\u0621-\u064A]/;
const VOWELS = new Set([...'اويaeiou']);
const LATIN = /^[a-z]+$/;

/**
 * Letters Arabic writers put one for the other (in the folded spelling): ض/ظ, ذ/ز, ث/س, ص/س and
 * their kin (ذ/د, ظ/ز, ث/ت, ض/د, ت/ط), the seats of hamza the analyzer does not fold (ء written
 * as the bare alef, waw or yeh it sits on: مسوول, رييس), ي/ا (an alef maqsura read as alef:
 * مستشفا), and a teh marbuta written as ت (وزارت) or as ا (a final alef for ة).
 */
const CONFUSABLE_PAIRS = [
  'ضظ', 'ذز', 'ثس', 'صس', 'ذد', 'ظز', 'ثت', 'ضد', 'تط',
  'ءا', 'ءو', 'ءي', 'اي', 'ته', 'اه',
];
const CONFUSABLE = new Map<string, Set<string>>();
for (const [a, b] of CONFUSABLE_PAIRS) {
  if (!CONFUSABLE.has(a)) CONFUSABLE.set(a, new Set());
  if (!CONFUSABLE.has(b)) CONFUSABLE.set(b, new Set());
  CONFUSABLE.get(a)!.add(b);
  CONFUSABLE.get(b)!.add(a);
}

/** What each edit costs (distance): a confusable letter or a doubled one least, any other slip 1. */
export const COST = {
  confusable: 0.35,
  /** A letter written twice, or once where it is doubled (ممثل / مممثل, الللجنة). */
  doubled: 0.45,
  /** A hamza left out or added (الوزرا for الوزراء). */
  hamza: 0.45,
  /** A long vowel (ا و ي), or a vowel of Latin letters, left out or added (المستفدين, helth). */
  vowel: 0.7,
  transposed: 0.7,
  other: 1,
};

/** The letters a term is written in, for its edits: Arabic, Latin (lower case), or none (digits, other scripts). */
function alphabetOf(term: string): string[] | null {
  if (ARABIC.test(term)) return ARABIC_LETTERS;
  if (LATIN.test(term)) return LATIN_LETTERS;
  return null;
}

const confusable = (a: string, b: string) => CONFUSABLE.get(a)?.has(b) ?? false;

/**
 * The spellings one edit away from a term (in its alphabet), and those two confusable letters
 * away; the term itself is not among them. With `every` false, only the edits writers make most:
 * a letter dropped or swapped, a letter doubled or undoubled, a hamza or an alef added, a
 * confusable letter changed — tens instead of hundreds (for a long word, whose other slips its
 * trigrams find, and for a whole word, whose other slips its terms' edits find).
 */
export function variantsOf(term: string, every = true): string[] {
  const letters = alphabetOf(term);
  const chars = [...term];
  if (!letters || chars.length < 2) return [];
  const out = new Set<string>();
  const n = chars.length;
  const join = (parts: string[]) => parts.join('');
  const change = (i: number, c: string) => out.add(join([...chars.slice(0, i), c, ...chars.slice(i + 1)]));
  const insert = (i: number, c: string) => out.add(join([...chars.slice(0, i), c, ...chars.slice(i)]));
  for (let i = 0; i < n; i++) {
    // Dropped, swapped, changed.
    if (n > 2) out.add(join([...chars.slice(0, i), ...chars.slice(i + 1)]));
    if (i + 1 < n && chars[i] !== chars[i + 1]) out.add(join([...chars.slice(0, i), chars[i + 1], chars[i], ...chars.slice(i + 2)]));
    if (every) {
      for (const c of letters) if (c !== chars[i]) change(i, c);
    } else {
      for (const c of CONFUSABLE.get(chars[i]) ?? []) change(i, c);
    }
  }
  // Added (anywhere, the start and end included).
  for (let i = 0; i <= n; i++) {
    if (every) {
      for (const c of letters) insert(i, c);
    } else {
      if (i > 0) insert(i, chars[i - 1]);
      if (letters === ARABIC_LETTERS) for (const c of ['ء', 'ا']) insert(i, c);
    }
  }
  // Two confusable letters at once: الحفاض for الحفاظ is one, ذمزز would be two.
  for (let i = 0; i < n; i++) {
    for (const a of CONFUSABLE.get(chars[i]) ?? []) {
      for (let j = i + 1; j < n; j++) {
        for (const b of CONFUSABLE.get(chars[j]) ?? []) {
          const copy = [...chars];
          copy[i] = a;
          copy[j] = b;
          out.add(join(copy));
        }
      }
    }
  }
  out.delete(term);
  // Two alefs in a row are no Arabic spelling (الزكاات).
  return [...out].filter((v) => !v.includes('\u0627\u0627'));
}

/** A letter added or dropped: cheaper when it doubles its neighbour, or is a hamza. */
function gapCost(chars: string[], i: number): number {
  const c = chars[i];
  if (c === chars[i - 1] || c === chars[i + 1]) return COST.doubled;
  if (c === 'ء') return COST.hamza;
  if (VOWELS.has(c)) return COST.vowel;
  return COST.other;
}

/**
 * The weighted edit distance between two terms (optimal string alignment: each letter dropped,
 * added, changed or swapped with its neighbour once), with the costs of COST.
 */
export function distance(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  for (let i = 1; i < rows; i++) d[i][0] = d[i - 1][0] + gapCost(a, i - 1);
  for (let j = 1; j < cols; j++) d[0][j] = d[0][j - 1] + gapCost(b, j - 1);
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      const change = x === y ? 0 : confusable(x, y) ? COST.confusable : COST.other;
      let best = Math.min(d[i - 1][j] + gapCost(a, i - 1), d[i][j - 1] + gapCost(b, j - 1), d[i - 1][j - 1] + change);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) best = Math.min(best, d[i - 2][j - 2] + COST.transposed);
      d[i][j] = best;
    }
  }
  return d[rows - 1][cols - 1];
}
