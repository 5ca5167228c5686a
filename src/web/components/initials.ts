// The Arabic definite article: "الهيئة العامة" is initialled "هع", not "اا".
const ARTICLE = /^ال(?=\p{L}{2})/u;
/** Little English words that say nothing of a name: "Ministry of Health" is "MH", not "MO". */
const FUNCTION_WORDS = new Set(['of', 'the', 'and', 'for', 'to', 'in', 'on', 'at', '&']);
const ARABIC_LETTER = /^\p{Script=Arabic}$/u;
/**
 * Two Arabic letters side by side join into a word ("أم", "وا") that readers would read as
 * one; a zero-width non-joiner keeps them apart as two initials.
 */
const ZWNJ = '\u200c';

const initialOf = (word: string) => word.trim().replace(ARTICLE, '').charAt(0);

/**
 * Initials of a name ("Sara Ali" → "SA", "سارة علي" → "س‌ع", "الهيئة العامة" → "ه‌ع",
 * "Ministry of Health" → "MH"), or the username's first letter. Given one field holding a
 * whole name, its first two words that carry meaning are used.
 */
export function initialsOf(first: string, last: string, username: string): string {
  const words = last.trim()
    ? [first, last]
    : first
        .trim()
        .split(/\s+/)
        .filter((w, i) => i === 0 || !FUNCTION_WORDS.has(w.toLowerCase()))
        .slice(0, 2);
  const letters = words.map(initialOf).filter(Boolean);
  const joined = letters.every((l) => ARABIC_LETTER.test(l)) ? letters.join(ZWNJ) : letters.join('');
  return (joined || username.charAt(0)).toUpperCase();
}
