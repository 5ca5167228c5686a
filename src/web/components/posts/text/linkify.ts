import { HASHTAG_PATTERN } from '../../../../shared/hashtags';

/** A run of a post's text: plain, a hashtag (an in-app link) or an address (an external link). */
export type TextSegment =
  | { type: 'text'; text: string }
  | { type: 'hashtag'; text: string; tag: string; path: string }
  | { type: 'url'; text: string; href: string };

/** Spec §5: an address without a scheme or www is recognised only with one of these endings. */
export const URL_TLDS = ['com', 'org', 'net', 'gov', 'edu', 'io', 'co', 'uk', 'de', 'fr', 'jp', 'cn', 'au', 'ca', 'in', 'br', 'sy', 'sa', 'ae', 'eg', 'lb', 'jo'] as const;

// What an address may hold: anything but spaces, brackets that quote it, quotation marks and the
// Arabic punctuation that never occurs inside one (so "…https://x.sa،وقد…" stops at the comma).
const URL_CHAR = `[^\\s<>"'“”‘’«»،؛؟]`;
// A bare domain or www must start a word: not inside an e-mail address (@), a longer name, a
// path (/) or a hashtag (#).
const WORD_START = `(?<![\\p{L}\\p{N}_@.#/-])`;
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
// The ending must end the name: "moh.gov.sanity" and "john.co@x.com" are not addresses.
const NAME_END = '(?![\\p{L}\\p{N}_@-]|\\.[\\p{L}\\p{N}])';

const URL_SOURCE = [
  `https?:\\/\\/${URL_CHAR}+`,
  `${WORD_START}www\\.${URL_CHAR}+`,
  `${WORD_START}(?:${LABEL}\\.)+(?:${URL_TLDS.join('|')})${NAME_END}(?::\\d+)?(?:[/?#]${URL_CHAR}*)?`,
].join('|');

// One left-to-right scan: whichever starts first wins, so a '#' inside an address stays part of
// it and an address-like run inside a hashtag stays part of the tag.
const TOKEN = new RegExp(`(${URL_SOURCE})|${HASHTAG_PATTERN.source}`, 'giu');

/**
 * Punctuation that ends the sentence rather than the address before it (quotation marks and
 * Arabic punctuation never enter an address: see URL_CHAR).
 */
const TRAILING = new Set([...'.,;:!?…)]}*']);
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** The address without the punctuation after it; a closing bracket the address opened stays. */
function trimUrl(candidate: string): string {
  let end = candidate.length;
  while (end > 0 && TRAILING.has(candidate[end - 1])) {
    const char = candidate[end - 1];
    const opener = OPENER[char];
    if (opener && count(candidate.slice(0, end), opener) >= count(candidate.slice(0, end), char)) break;
    end -= 1;
  }
  return candidate.slice(0, end);
}

function isAddress(text: string): boolean {
  if (/^https?:\/\//i.test(text)) return /^https?:\/\/[^/?#]/i.test(text);
  if (/^www\./i.test(text)) return text.length > 4;
  return true;
}

const hrefOf = (address: string) => (/^https?:\/\//i.test(address) ? address : `https://${address}`);

/**
 * Splits a text into plain runs, hashtags (spec §5 pattern, linking to /hashtags/{tag}) and
 * addresses (spec §5: with http(s), starting with www., or a domain with one of the listed
 * endings; www and bare domains get https://). Punctuation after either stays plain text, and
 * e-mail addresses are not addresses.
 */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = segments[segments.length - 1];
    if (last?.type === 'text') last.text += value;
    else segments.push({ type: 'text', text: value });
  };

  let index = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    pushText(text.slice(index, start));
    const [whole, address, tagBody] = match;
    if (address !== undefined) {
      const url = trimUrl(address);
      if (isAddress(url)) segments.push({ type: 'url', text: url, href: hrefOf(url) });
      else pushText(url);
      pushText(address.slice(url.length));
    } else {
      segments.push({ type: 'hashtag', text: whole, tag: tagBody, path: `/hashtags/${encodeURIComponent(tagBody)}` });
    }
    index = start + whole.length;
  }
  pushText(text.slice(index));
  return segments;
}

// A telephone number written in groups: "+966 11 212 5555", "0112125555", "920-000-000". In a
// right-to-left paragraph the bidirectional algorithm shows space-separated digit groups in
// reverse order, so such a number is shown as one left-to-right run.
const PHONE = /(?<![\p{L}\p{N}])(?:\+|00)?\p{Nd}{2,4}(?:[ -]\p{Nd}{2,4}){2,}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?:\+|00)\p{Nd}{8,14}(?![\p{L}\p{N}])/gu;

/** Plain text cut around telephone numbers (`phone: true`), to be shown left to right. */
export function splitPhones(text: string): Array<{ text: string; phone: boolean }> {
  const parts: Array<{ text: string; phone: boolean }> = [];
  let index = 0;
  for (const match of text.matchAll(PHONE)) {
    if (match.index > index) parts.push({ text: text.slice(index, match.index), phone: false });
    parts.push({ text: match[0], phone: true });
    index = match.index + match[0].length;
  }
  if (index < text.length) parts.push({ text: text.slice(index), phone: false });
  return parts;
}

// Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko… and the Arabic
// presentation forms); any other letter reads left to right.
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;

function firstStrong(text: string): 'rtl' | 'ltr' | undefined {
  const letter = LETTER.exec(text)?.[0];
  if (letter === undefined) return undefined;
  return RTL_LETTER.test(letter) ? 'rtl' : 'ltr';
}

/**
 * The direction of a paragraph as `dir="auto"` would find it from its plain text (links are
 * isolated, so the browser skips them); but a paragraph of links only, which the browser would
 * set left to right, takes the direction of its first link instead, and one with no letter at
 * all (dates, numbers) is left to the page's direction (undefined).
 */
export function paragraphDirection(segments: TextSegment[]): 'rtl' | 'ltr' | undefined {
  const plain = segments.filter((s) => s.type === 'text').map((s) => s.text);
  const links = segments.filter((s) => s.type !== 'text').map((s) => s.text);
  for (const text of [plain.join(' '), links.join(' ')]) {
    const dir = firstStrong(text);
    if (dir) return dir;
  }
  return undefined;
}

/** Paragraphs of a text: blocks separated by a blank line (single line breaks stay inside). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n[^\S\n]*\n\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The start of a long text, cut at a word boundary and marked with an ellipsis: enough to fill
 * a clamped card without rendering a whole decree.
 */
export function excerpt(text: string, maxChars: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const cut = trimmed.slice(0, maxChars);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
