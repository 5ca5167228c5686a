import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import type { Language } from '../../i18n/types';
import { failedPart } from '../../app/chunks';

/**
 * The workspace's strings are not in the screen strings every reader downloads: they come with
 * the studio's own chunk, one language at a time, and are added to the one 'translation'
 * namespace like the other parts.
 */
const LOADERS: Record<Language, () => Promise<{ default: object }>> = {
  ar: () => import(/* webpackChunkName: "strings-studio-ar" */ '../../i18n/locales/ar/studio'),
  en: () => import(/* webpackChunkName: "strings-studio-en" */ '../../i18n/locales/en/studio'),
};

const pending = new Map<Language, Promise<void>>();

export const hasStudioStrings = (language: Language) => i18n.hasResourceBundle(language, 'translation') && i18n.exists('studio.title', { lng: language, fallbackLng: [] });

export function loadStudioStrings(language: Language): Promise<void> {
  let loading = pending.get(language);
  if (!loading) {
    const load = LOADERS[language];
    // Tried again once: one lost answer is a flaky network's usual fault.
    loading = load().catch(load).then(({ default: strings }) => {
      i18n.addResourceBundle(language, 'translation', strings, true, false);
    });
    loading.catch(() => pending.delete(language));
    pending.set(language, loading);
  }
  return loading;
}

/** True once the displayed language's workspace strings are in; loads them (again after a language switch). */
export function useStudioStrings(): boolean {
  const { i18n: instance } = useTranslation();
  const language = (instance.resolvedLanguage ?? 'ar') as Language;
  const [, setLoaded] = useState(0);
  const ready = hasStudioStrings(language);
  useEffect(() => {
    if (!ready) void loadStudioStrings(language).then(() => setLoaded((n) => n + 1), failedPart);
  }, [ready, language]);
  return ready;
}
