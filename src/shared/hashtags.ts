import { normalizeArabic } from './arabic';

/**
 * A hashtag (spec §5): '#' followed by letters, digits, underscore or Arabic-script characters.
 * Arabic script here means its letters (tatweel included), its marks (harakat) and its digits,
 * all inside \p{L}\p{M}\p{N}; not its punctuation (، ؛ ؟ ٪ ۔), which ends a tag as the Latin
 * comma does: "#القرار،" is the tag القرار and a comma. The same pattern recognises tags in
 * post bodies on the server and in the browser.
 */
export const HASHTAG_PATTERN = /#([\p{L}\p{M}\p{N}_]+)/gu;

/** The name without a leading '#' and surrounding space. */
export function stripHash(text: string): string {
  return text.trim().replace(/^#+/, '').trim();
}

/** What makes two spellings the same tag: #القرار, #الـقرار and #القرار are one. */
export function hashtagIdentity(name: string): string {
  return normalizeArabic(stripHash(name)).replace(/\s+/g, '_');
}

/** Every distinct tag in a text, in order of first appearance, as written. */
export function extractHashtags(text: string): string[] {
  const seen = new Map<string, string>();
  for (const m of text.matchAll(HASHTAG_PATTERN)) {
    const id = hashtagIdentity(m[1]);
    if (!seen.has(id)) seen.set(id, m[1]);
  }
  return [...seen.values()];
}
