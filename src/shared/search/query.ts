/**
 * A reader's search as the analyzer reads it: words that must all be found (each a set of
 * alternative terms), phrases in quotes (words in a row), and words or phrases after a minus
 * sign that must not be. "794/1446" and COVID-19 are phrases without quotes.
 */
import { analyze } from './analyzer';

/** Words in a row; each word is its alternative terms. One word is a phrase of one. */
export interface QueryPart {
  words: string[][];
  negated: boolean;
}

export interface ParsedQuery {
  parts: QueryPart[];
}

// Straight, curly and Arabic (guillemet) quotes.
const QUOTED = /(-?)["“”«»]([^"“”«»]*)["“”«»]?|(\S+)/g;

/** The parts of a search, in the order written. */
export function parseQuery(text: string): ParsedQuery {
  const parts: QueryPart[] = [];
  for (const m of text.matchAll(QUOTED)) {
    if (m[2] !== undefined) {
      const words = analyze(m[2]).map((w) => w.terms);
      if (words.length) parts.push({ words, negated: m[1] === '-' });
      continue;
    }
    let token = m[3];
    const negated = token.length > 1 && (token.startsWith('-') || token.startsWith('−'));
    if (negated) token = token.slice(1);
    // Words a joining mark holds together (794/1446) are a phrase; others in one token are separate words.
    let current: string[][] = [];
    const flush = () => {
      if (current.length) parts.push({ words: current, negated });
      current = [];
    };
    for (const w of analyze(token)) {
      if (!w.joined) flush();
      current.push(w.terms);
    }
    flush();
  }
  return { parts };
}

/** True when the search has something to find (not only words to leave out). */
export const hasPositive = (q: ParsedQuery) => q.parts.some((p) => !p.negated);

/** Every term the search looks for: what a highlighter marks. */
export function positiveTerms(q: ParsedQuery): Set<string> {
  const terms = new Set<string>();
  for (const part of q.parts) if (!part.negated) for (const w of part.words) for (const t of w) terms.add(t);
  return terms;
}

const lexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function wordQuery(terms: string[]): string {
  return terms.length === 1 ? lexeme(terms[0]) : `(${terms.map(lexeme).join(' | ')})`;
}

/**
 * The search as PostgreSQL tsquery text over the analyzer's terms (the index holds the same
 * terms, so no text search configuration is involved), or null when it has nothing to find.
 */
export function toTsQuery(q: ParsedQuery): string | null {
  if (!hasPositive(q)) return null;
  return q.parts
    .map((part) => {
      const body = part.words.map(wordQuery).join(' <-> ');
      const grouped = part.words.length > 1 ? `(${body})` : body;
      return part.negated ? `!${grouped}` : grouped;
    })
    .join(' & ');
}

/**
 * The search without positions, for an index that has none (post_terms): each phrase as its
 * words all found, a phrase left out not left out. It finds every post the search finds, and
 * maybe more; null when the search holds no phrase (it is its own loose form).
 */
export function toLooseTsQuery(q: ParsedQuery): string | null {
  if (!hasPositive(q) || !q.parts.some((part) => part.words.length > 1)) return null;
  return q.parts
    .filter((part) => !(part.negated && part.words.length > 1))
    .map((part) => {
      const body = part.words.map(wordQuery).join(' & ');
      if (part.negated) return `!${body}`;
      return part.words.length > 1 ? `(${body})` : body;
    })
    .join(' & ');
}

/** A stable text of the search's meaning: two searches that find the same posts have the same key. */
export function queryKey(q: ParsedQuery): string {
  return q.parts.map((p) => `${p.negated ? '-' : ''}${p.words.map((w) => w.join('|')).join(' ')}`).join(' & ');
}
