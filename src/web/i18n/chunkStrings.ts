import i18n from './index';

/**
 * Strings that travel with a lazy chunk (a few words in each language: the feed button's, the
 * image viewer's), added to the one 'translation' namespace when the chunk loads, so that every
 * reader's first download does not carry them.
 */
export function addChunkStrings(ar: object, en: object): void {
  i18n.addResourceBundle('ar', 'translation', ar, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
}
