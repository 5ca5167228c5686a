// The Arabic definite article: "الهيئة العامة" is initialled "هع", not "اا".
const ARTICLE = /^ال(?=\p{L}{2})/u;

const initialOf = (word: string) => word.trim().replace(ARTICLE, '').charAt(0);

/**
 * Initials of a name ("Sara Ali" → "SA", "سارة علي" → "سع", "الهيئة العامة" → "هع"), or the
 * username's first letter. Given one field holding a whole name, its first two words are used.
 */
export function initialsOf(first: string, last: string, username: string): string {
  const words = last.trim() ? [first, last] : first.trim().split(/\s+/).slice(0, 2);
  const letters = words.map(initialOf).join('');
  return (letters || username.charAt(0)).toUpperCase();
}
