/**
 * Arabic text normalisation for looking names up — organizations, hashtags (their identity),
 * post type names, bookmark notes: whole text, by substring (LIKE), so that spelling variants
 * of one word meet: قرار, قَرَار, قـرار and والقرار all become قرار/القرار.
 *
 * One of two normalizers, on purpose. The search analyzer's (search/analyzer.ts,
 * normalizeArabicWord) folds more: ة → ه and the hamza seats ؤ ئ → ء, since a search must find
 * مسؤول for مسئول and الصحة for الصحه, and its terms are only compared with each other. This one
 * keeps ة and the hamza seats: its SQL twin normalize_arabic (migration 002) is stored and
 * indexed (hashtags.name_normalized, the organizations' search index) and names a hashtag's
 * identity, so folding them would merge tags that are distinct today (#جامعة and #جامعه) and need
 * a migration of every stored value. arabic.test.ts states the difference.
 */

const DIACRITICS = /[\u064B-\u0652]/g; // tanwin, harakat, shadda, sukun
const TATWEEL = /\u0640/g;
const ALEF_VARIANTS = /[\u0622\u0623\u0625\u0671]/g; // آ أ إ ٱ
const ALEF_MAQSURA = /\u0649/g; // ى
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
// A conjunction و or ف glued to the article: والقرار → القرار. At least two letters must follow
// the article, so that words that merely start with these letters (والد, والي) are left alone.
const CONJUNCTION_BEFORE_ARTICLE = /(^|[^\u0621-\u064A])[\u0648\u0641](?=\u0627\u0644[\u0621-\u064A]{2})/g;

function asciiDigit(ch: string): string {
  const code = ch.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

/** Normalises Arabic (and lower-cases Latin) text for indexing and searching. */
export function normalizeArabic(text: string): string {
  return text
    .normalize('NFC')
    .replace(DIACRITICS, '')
    .replace(TATWEEL, '')
    .replace(ALEF_VARIANTS, '\u0627')
    .replace(ALEF_MAQSURA, '\u064A')
    .replace(ARABIC_INDIC_DIGITS, asciiDigit)
    .replace(CONJUNCTION_BEFORE_ARTICLE, '$1')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the text holds at least one Arabic letter. */
export function hasArabic(text: string): boolean {
  return /[\u0600-\u06FF]/.test(text);
}
