import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import arCore from './locales/ar/core';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './types';

type Part = 'core' | 'screens';
type Strings = { default: object };

/**
 * Where each language's strings come from. Arabic's core is bundled so the first render has
 * its strings; everything else is a chunk of its own: English when a reader chooses it, and
 * each language's screen strings with the first screen beyond the feed (the home route's JS
 * budget). Only the strings of the displayed language are ever fetched.
 */
const LOADERS: Record<Language, Record<Part, () => Promise<Strings>>> = {
  ar: {
    core: async () => ({ default: arCore }),
    screens: () => import(/* webpackChunkName: "strings-ar" */ './locales/ar/screens'),
  },
  en: {
    core: () => import(/* webpackChunkName: "locale-en" */ './locales/en/core'),
    screens: () => import(/* webpackChunkName: "strings-en" */ './locales/en/screens'),
  },
};

const loaded = new Map<string, Promise<void>>();
/** Parts whose strings are in i18next already. */
const ready = new Set<string>(['ar:core']);
/** Set once any screen has asked for its strings: a language switch then loads them too. */
let screensWanted = false;

function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}:${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = LOADERS[language][part]().then(({ default: strings }) => {
      // Deep merge: both parts fill the one 'translation' namespace.
      i18n.addResourceBundle(language, 'translation', strings, true, false);
      ready.add(key);
    });
    // A failed fetch (offline) may be tried again by the next caller.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

void i18n.use(initReactI18next).init({
  resources: { ar: { translation: arCore } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['ar', 'en'],
  defaultNS: 'translation',
  initAsync: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key shown before its strings arrived is a bug: say so where tests (and people) look.
  saveMissing: true,
  missingKeyHandler: (languages, _ns, key) => {
    console.error(`i18n: missing "${key}" (${languages.join(', ')})`);
  },
});
loaded.set('ar:core', Promise.resolve());

/** Makes a language's strings available: its core, and its screen strings once any screen needed them. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadPart(language, 'core'), screensWanted ? loadPart(language, 'screens') : undefined]);
}

/** The strings of every screen beyond the feed, in the displayed language; screens' lazy imports await it. */
export function loadScreenStrings(): Promise<void> {
  return loadScreenStringsFor((i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) as Language);
}

/** The same in a given language (the server's renderer draws each page in the reader's). */
export function loadScreenStringsFor(language: Language): Promise<void> {
  screensWanted = true;
  return loadPart(language, 'screens');
}

/**
 * Each language's web app manifest (public/): what an installed app is named and says, in the
 * reader's language. The server links the same in the pages it draws (src/server/web.ts).
 */
const MANIFESTS: Record<Language, string> = { ar: '/manifest.webmanifest', en: '/manifest.en.webmanifest' };

/**
 * Points the document and i18next at a language. The theme direction and the Emotion cache
 * follow the same language in `LocaleThemeProvider`, which is the only caller in the app.
 */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  // Only on a change: a new href has the browser fetch the manifest again.
  const manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && manifest.getAttribute('href') !== MANIFESTS[language]) manifest.setAttribute('href', MANIFESTS[language]);
  if (i18n.language === language) return;
  // Synchronously when the strings are here already, so the switch lands in the same render.
  if (ready.has(`${language}:core`) && (!screensWanted || ready.has(`${language}:screens`))) void i18n.changeLanguage(language);
  // Should the strings not come, the page stays in the language it has (a later switch tries again).
  else void loadLanguage(language).then(() => i18n.changeLanguage(language), () => undefined);
}

export { directionOf, DEFAULT_LANGUAGE, LANGUAGES } from './types';
export type { Language, Direction, LocaleResources } from './types';
export default i18n;
