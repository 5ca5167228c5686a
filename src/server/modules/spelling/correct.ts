/**
 * "Did you mean" (GET /content/spelling/, issue 32 point 3): searches close to one that finds
 * nothing or very little, made of the portal's own words.
 *
 * Each word of the search written bare (not in quotes, not after a minus, not a number) whose
 * terms no published post holds, or only a few (RARE), is a word to correct. Its candidates are
 * the vocabulary's terms (vocabulary.ts) that are
 * - one edit from its terms, or from the whole word before the analyzer took its prefixes and
 *   suffixes off (edits.ts: a letter dropped, doubled, added, changed or swapped, two
 *   confusable letters changed), looked up by key;
 * - the nearest by trigram distance (pg_trgm), for the slips further apart in longer words;
 * - and the word cut in two words the portal holds (a space left out).
 * Each is scored by how far it is (edits.distance) against how many posts hold it, and shown with
 * the reader's own prefix and suffix around the portal's spelling of the word; the best few of
 * each word are combined, best first, into corrected searches, each counted as the explore list
 * counts it (counts.ts), and those that find no more than the search itself are dropped.
 */
import { analyze, normalizeArabicWord, termsOfWord } from '../../../shared/search/analyzer';
import type { Queryable } from '../../db/db';
import type { Schemas } from '../../http/routes';
import { distance, variantsOf } from './edits';
import { lookUpTerms, postCounts, type KnownTerm } from './repository';

export type SearchCorrections = Schemas['SearchCorrections'];
export type SearchCorrection = Schemas['SearchCorrection'];

/** How many posts each of some searches finds, as the list of posts counts it (counts.ts). */
export type CountSearches = (searches: string[]) => Promise<number[]>;

/** A word held by at most this many posts may be a misspelling of a word held far more. */
export const RARE = 2;
/** …by at least this many times as many posts. */
const RARE_FACTOR = 10;
/** Corrections in an answer (the contract's maxItems). */
const MAX_CORRECTIONS = 3;
/** Candidates kept for each word, before they are combined. */
const PER_WORD = 3;
/** Words corrected in one search (the first ones); the others stay as written. */
const MAX_WORDS = 4;
/** Corrected searches counted at most (at once), best first, to find MAX_CORRECTIONS that find posts. */
const MAX_COUNTED = 8;
/** Corrected searches counted at once. */
const COUNTED_AT_ONCE = 3;
/** Nearest terms by trigram distance read for each term to correct. */
const NEAREST = 10;
/**
 * A term this long or shorter is tried with every edit; a longer one with those writers make most
 * (edits.variantsOf), its other slips left to its trigrams, which one slip leaves mostly alike.
 */
const EVERY_EDIT_UP_TO = 6;
/** What a space left out costs (الوزراءمجلس: two words the portal holds). */
const SPLIT_COST = 0.8;
/** What reading a word by another of its terms than the first (the analyzer's likeliest) costs. */
const ALTERNATIVE_COST = 0.2;
/** Options (and corrected searches) scored this far below the best are not offered: a reader would not have meant them. */
const MARGIN = 0.5;
/** Scores this close are as good as equal. */
const TIE = 0.05;
/** How much a candidate's frequency (ln of its posts) weighs against its distance. */
const FREQUENCY_WEIGHT = 0.15;

/** The farthest a candidate may be from a word of this many letters: a short word admits less. */
export function maxCost(letters: number): number {
  if (letters <= 3) return 0.5;
  if (letters <= 5) return 1;
  if (letters <= 7) return 1.5;
  return 2;
}

const score = (cost: number, posts: number) => FREQUENCY_WEIGHT * Math.log(1 + posts) - cost;

// A search's parts as src/shared/search/query.ts reads them: "a phrase" (straight, curly or
// guillemet quotes, a minus before it leaving it out), or a run of other characters.
const PARTS = /(-?)["“”«»]([^"“”«»]*)["“”«»]?|(\S+)/g;
const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const ARABIC_LETTER = /[\u0621-\u064A]/;

/** A word of the search where it was written, with its terms. */
export interface QueryWord {
  start: number;
  end: number;
  written: string;
  terms: string[];
  /** Left out by a minus: not looked for. */
  negated: boolean;
  /** Kept as written: in quotes, after a minus, or without a letter (a number). */
  kept: boolean;
}

/** The words of a search, in order, each where it was written. */
export function queryWords(q: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const m of q.matchAll(PARTS)) {
    if (m[2] !== undefined) {
      const offset = m.index + m[1].length + 1;
      for (const w of analyze(m[2])) {
        words.push({ start: offset + w.start, end: offset + w.end, written: m[2].slice(w.start, w.end), terms: w.terms, negated: m[1] === '-', kept: true });
      }
      continue;
    }
    let token = m[3];
    let offset = m.index;
    const negated = token.length > 1 && (token.startsWith('-') || token.startsWith('−'));
    if (negated) {
      token = token.slice(1);
      offset += 1;
    }
    for (const w of analyze(token)) {
      const written = token.slice(w.start, w.end);
      words.push({ start: offset + w.start, end: offset + w.end, written, terms: w.terms, negated, kept: negated || !/\p{L}/u.test(written) });
    }
  }
  return words;
}

/** A word as the analyzer spells it before taking anything off: folded Arabic, or lower-case Latin. */
function spelled(written: string): string {
  return ARABIC_LETTER.test(written) ? normalizeArabicWord(written) : written.normalize('NFKC').toLowerCase().replace(/['’]/g, '');
}

/** A word as written, without its marks (and in lower case, for Latin letters). */
function cleaned(written: string): string {
  const plain = written.normalize('NFKC').replace(MARKS, '');
  return ARABIC_LETTER.test(plain) ? plain : plain.toLowerCase().replace(/['’]/g, '');
}

/** One way to write a word of the search: a correction (to), or the word kept (to: null). */
interface WordOption {
  to: string | null;
  score: number;
}

/** A word to correct, with what the lookups need of it. */
interface Target {
  word: QueryWord;
  /** The word without marks (cleaned), and as the analyzer spells it (spelled). */
  shown: string;
  folded: string;
  /** Posts that hold its commonest term (0: none). */
  held: number;
  /** The whole word edited once: as written, as the analyzer spells it, its terms. */
  spellings: { written: string; folded: string; terms: string[] }[];
  /** Its terms edited once: candidate term → the word's terms it came from (by their rank). */
  termEdits: Map<string, { from: string; rank: number }[]>;
  /** The word cut in two: the halves as written, and their terms. */
  splits: { left: string; right: string; leftTerms: string[]; rightTerms: string[] }[];
}

function targetOf(word: QueryWord, held: number): Target {
  const shown = cleaned(word.written);
  const folded = spelled(word.written);
  const termEdits = new Map<string, { from: string; rank: number }[]>();
  word.terms.forEach((term, rank) => {
    if (term.length < 2) return;
    for (const variant of variantsOf(term, [...term].length <= EVERY_EDIT_UP_TO)) {
      if (word.terms.includes(variant)) continue;
      let list = termEdits.get(variant);
      if (!list) termEdits.set(variant, (list = []));
      list.push({ from: term, rank });
    }
  });
  // The whole word too, as written: a slip in what the analyzer takes off (a prefix, a suffix)
  // changes what it leaves (الموظفبن is no موظف + ين), and the word is shown with the user's own
  // prefix and suffix (الاتصلات → الاتصالات, not الاتصال).
  const spellings: Target['spellings'] = [];
  for (const variant of variantsOf(shown, false)) {
    // A ه made last letter is a ة written as ت put back (وزارت), which its terms' edits find and
    // show in the portal's letters; made here, it is a plural's ت taken for one (الاستفساره).
    if (variant.endsWith('\u0647') && !/[\u0647\u0629]$/.test(shown)) continue;
    const terms = termsOfWord(variant);
    if (!terms.length || terms.every((t) => word.terms.includes(t))) continue;
    spellings.push({ written: variant, folded: spelled(variant), terms });
  }
  const splits: Target['splits'] = [];
  const letters = [...shown];
  for (let i = 2; i <= letters.length - 2; i++) {
    const left = letters.slice(0, i).join('');
    const right = letters.slice(i).join('');
    splits.push({ left, right, leftTerms: termsOfWord(left), rightTerms: termsOfWord(right) });
  }
  return { word, shown, folded, held, spellings, termEdits, splits };
}

/**
 * A term of the vocabulary in place of another in a word (`from`, in the word's folded spelling),
 * shown with what the user wrote around it (their article, prefix and suffix) and the portal's
 * own letters for it (its ة, its hamza's seat): بالمحافضة → بالمحافظة, الشوون → الشؤون. The
 * term's written form when that cannot be done (a term the analyzer rebuilt, such as خطة of خطتها).
 */
function inPlace(shown: string, folded: string, from: string, term: KnownTerm): string {
  const surface = cleaned(term.surface);
  const surfaceFolded = spelled(surface);
  const at = folded.indexOf(from);
  const core = surfaceFolded.indexOf(term.term);
  if (folded.length !== shown.length || surfaceFolded.length !== surface.length || at < 0 || core < 0) return term.surface;
  const written = shown.slice(0, at) + surface.slice(core, core + term.term.length) + shown.slice(at + from.length);
  // A teh marbuta or an alef maqsura is the last letter of a word (no خدمةات).
  if (/[\u0629\u0649](?=.)/.test(written)) return term.surface;
  return termsOfWord(written).includes(term.term) ? written : term.surface;
}

/** The best ways to write a target word, from what the lookups found. */
function optionsOf(target: Target, known: Map<string, KnownTerm>, nearest: (KnownTerm & { to: string })[]): WordOption[] {
  const { word, held } = target;
  const latin = !ARABIC_LETTER.test(target.shown);
  // Options that search alike (الجامعة, الجامعه) are one: the better, and of two as good the one
  // written in the portal's own letters.
  const best = new Map<string, WordOption & { posts: number; portal: boolean }>();
  const consider = (to: string, cost: number, posts: number, portal: boolean) => {
    // A word held by a few posts is only corrected to one held by many more.
    if (held > 0 && posts < held * RARE_FACTOR) return;
    const s = score(cost, posts);
    const key = analyze(to).map((w) => w.terms.join('|')).join(' ');
    const seen = best.get(key);
    if (!seen || seen.score < s - TIE || (seen.score <= s + TIE && portal && !seen.portal)) best.set(key, { to, score: Math.max(s, seen?.score ?? s), posts, portal });
  };
  // A term edited (or near by trigrams): measured from the term it came from — or, in Latin
  // letters, whose terms are stems (coverment is cover + ment), as whole words.
  const termOption = (term: KnownTerm, from: string, rank: number) => {
    const cost = (latin ? distance(target.folded, spelled(term.surface)) : distance(from, term.term)) + ALTERNATIVE_COST * rank;
    const shown = latin ? cleaned(term.surface) : inPlace(target.shown, target.folded, from, term);
    if (cost <= maxCost([...(latin ? target.folded : from)].length)) consider(shown, cost, term.n, true);
  };
  // The whole word edited: shown with its prefix and suffix around the portal's spelling of the
  // rest (its hamza on its seat, its ة), as many posts as its commonest term's.
  const limit = maxCost([...target.folded].length);
  for (const spelling of target.spellings) {
    const terms = spelling.terms.map((t) => known.get(t)).filter((t): t is KnownTerm => t !== undefined);
    if (!terms.length) continue;
    if (latin) {
      for (const term of terms) termOption(term, target.folded, 0);
      continue;
    }
    const cost = distance(target.folded, spelling.folded);
    if (cost > limit) continue;
    // Shown by its likeliest reading (the analyzer's first term the portal holds): الجهات as
    // الجهات, not as الجهة, the commoner of its two readings.
    const posts = Math.max(...terms.map((t) => t.n));
    consider(inPlace(spelling.written, spelling.folded, terms[0].term, terms[0]), cost, posts, true);
  }
  for (const [candidate, sources] of target.termEdits) {
    const term = known.get(candidate);
    if (term) for (const { from, rank } of sources) termOption(term, from, rank);
  }
  for (const near of nearest) {
    const rank = word.terms.indexOf(near.to);
    if (rank >= 0 && !word.terms.includes(near.term)) termOption(near, near.to, rank);
  }
  for (const split of target.splits) {
    const postsOf = (terms: string[]) => Math.max(0, ...terms.map((t) => known.get(t)?.n ?? 0));
    const posts = Math.min(postsOf(split.leftTerms), postsOf(split.rightTerms));
    if (posts > 0) consider(`${split.left} ${split.right}`, SPLIT_COST, posts, false);
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || b.posts - a.posts || (a.to! < b.to! ? -1 : 1));
  const options: WordOption[] = ranked
    .filter((o) => o.score >= ranked[0].score - MARGIN)
    .slice(0, PER_WORD)
    .map(({ to, score: s }) => ({ to, score: s }));
  if (held > 0) options.push({ to: null, score: score(0, held) });
  return options;
}

/** Every choice of one option per word, best (highest total score) first, without the one that changes nothing. */
function combinations(lists: WordOption[][]): { options: WordOption[]; score: number }[] {
  let combos: { options: WordOption[]; score: number }[] = [{ options: [], score: 0 }];
  for (const list of lists) {
    combos = combos.flatMap((c) => list.map((o) => ({ options: [...c.options, o], score: c.score + o.score })));
    // Only the best can end among the first MAX_COUNTED: the rest is dropped as it grows.
    combos.sort((a, b) => b.score - a.score);
    combos = combos.slice(0, MAX_COUNTED * 4);
  }
  const changing = combos.filter((c) => c.options.some((o) => o.to !== null));
  return changing.filter((c) => c.score >= changing[0].score - MARGIN);
}

/**
 * The corrections of a search: up to three, best first, each finding more posts than the search
 * itself; none when every word is the portal's or nothing close finds more.
 */
export async function correctSearch(db: Queryable, q: string, count: CountSearches): Promise<SearchCorrections> {
  const none: SearchCorrections = { q, corrections: [] };
  if (!q.trim()) return none;
  const words = queryWords(q);
  const looked = words.filter((w) => !w.negated);
  const held = await postCounts(db, [...new Set(looked.flatMap((w) => w.terms))]);
  const heldBy = (w: QueryWord) => Math.max(0, ...w.terms.map((t) => held.get(t) ?? 0));
  // A word in quotes that no post holds: no correction of the others can find anything.
  if (looked.some((w) => w.kept && heldBy(w) === 0)) return none;
  const targets = looked
    .filter((w) => !w.kept && heldBy(w) <= RARE && w.terms.some((t) => t.length >= 2))
    .slice(0, MAX_WORDS)
    .map((w) => targetOf(w, heldBy(w)));
  if (!targets.length) return none;

  const tried = new Set<string>();
  for (const t of targets) {
    for (const candidate of t.termEdits.keys()) tried.add(candidate);
    for (const s of t.spellings) for (const term of s.terms) tried.add(term);
    for (const s of t.splits) for (const term of [...s.leftTerms, ...s.rightTerms]) tried.add(term);
  }
  const nearTo = [...new Set(targets.flatMap((t) => t.word.terms.filter((term) => term.length >= 3)))];
  const { known, nearest } = await lookUpTerms(db, [...tried], nearTo, NEAREST);
  const knownByTerm = new Map(known.map((k) => [k.term, k]));
  const lists = targets.map((t) => optionsOf(t, knownByTerm, nearest));
  // A word no post holds, with nothing close: every correction would still find nothing.
  if (lists.some((list) => !list.length)) return none;

  // The corrected searches, best first, and their words changed.
  const candidates: { q: string; words: { from: string; to: string }[] }[] = [];
  const seen = new Set<string>([q]);
  for (const combo of combinations(lists)) {
    if (candidates.length >= MAX_COUNTED) break;
    let text = q;
    const words: { from: string; to: string }[] = [];
    // From the last word back, so that the offsets of those before stay right.
    for (let i = targets.length - 1; i >= 0; i--) {
      const to = combo.options[i].to;
      if (to === null) continue;
      const { start, end, written } = targets[i].word;
      text = text.slice(0, start) + to + text.slice(end);
      words.unshift({ from: written, to });
    }
    if (seen.has(text)) continue;
    seen.add(text);
    candidates.push({ q: text, words });
  }
  // The search itself finds nothing when a word it looks for is held by no post; else it is
  // counted with the first of them. They are counted a few at a time (at once: in parallel on
  // PostgreSQL's pool), best first, until enough find more than the search itself.
  const findsNothing = looked.some((w) => heldBy(w) === 0);
  let found = 0;
  const corrections: SearchCorrection[] = [];
  for (let from = 0; from < candidates.length && corrections.length < MAX_CORRECTIONS; from += COUNTED_AT_ONCE) {
    const batch = candidates.slice(from, from + COUNTED_AT_ONCE);
    const countsItself = from === 0 && !findsNothing;
    const counts = await count(countsItself ? [...batch.map((c) => c.q), q] : batch.map((c) => c.q));
    if (countsItself) found = counts[batch.length];
    batch.forEach((c, i) => {
      if (counts[i] > found && corrections.length < MAX_CORRECTIONS) corrections.push({ ...c, posts_count: counts[i] });
    });
  }
  return { q, corrections };
}
