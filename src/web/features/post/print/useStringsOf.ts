import { use } from 'react';
import i18n, { loadLanguage, loadScreenStringsFor } from '../../../i18n';
import type { Language } from '../../../i18n/types';

const loading = new Map<Language, Promise<void>>();

const hasStrings = (language: Language) =>
  i18n.exists('print.sheet.verification', { lng: language, fallbackLng: [] }) && i18n.exists('post.hijriMonths.m1', { lng: language, fallbackLng: [] });

/**
 * Makes a language's strings (core and screens) available, suspending until they are: a sheet
 * prints in its document's language, which need not be the reader's, and only the reader's is
 * loaded with the app. On the server the drawing waits for them; in the browser the nearest
 * Suspense boundary shows meanwhile (the drawn page stays as it is while it is taken over).
 * Should they not come (offline), the sheet is drawn with the strings there are.
 */
export function useStringsOf(language: Language): void {
  if (hasStrings(language)) return;
  let pending = loading.get(language);
  if (!pending) {
    pending = Promise.all([loadLanguage(language), loadScreenStringsFor(language)]).then(
      () => undefined,
      () => undefined,
    );
    loading.set(language, pending);
  }
  use(pending);
}
