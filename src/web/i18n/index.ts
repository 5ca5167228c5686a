import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './locales/ar';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './types';

// Arabic, the default, is bundled and initialised synchronously so the first render has its
// strings; English is fetched when a reader chooses it (the home route's JS budget).
void i18n.use(initReactI18next).init({
  resources: { ar: { translation: ar } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['ar', 'en'],
  defaultNS: 'translation',
  initAsync: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Makes a language's strings available (English is loaded on first use). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: strings } = await import(/* webpackChunkName: "locale-en" */ './locales/en');
  i18n.addResourceBundle(language, 'translation', strings);
}

/**
 * Points the document and i18next at a language. The theme direction and the Emotion cache
 * follow the same language in `LocaleThemeProvider`, which is the only caller in the app.
 */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  if (i18n.language === language) return;
  if (i18n.hasResourceBundle(language, 'translation')) void i18n.changeLanguage(language);
  else void loadLanguage(language).then(() => i18n.changeLanguage(language));
}

export { directionOf, DEFAULT_LANGUAGE, LANGUAGES } from './types';
export type { Language, Direction, LocaleResources } from './types';
export default i18n;
