import type { TFunction } from 'i18next';
import type { Language } from '../../../i18n/types';

const numbers: Record<Language, Intl.NumberFormat> = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

/**
 * "12 words added, 3 words removed" / «أُضيفت 12 كلمة وحُذفت 3 كلمات», each count with its
 * language's plural form (Arabic's zero, one, two, few, many and other); one sentence when nothing changed.
 */
export function changeSummary(t: TFunction, language: Language, added: number, removed: number): string {
  if (!added && !removed) return t('compare.unchangedAll');
  return t('compare.summary', {
    added: t('compare.added', { count: added, n: numbers[language].format(added) }),
    removed: t('compare.removed', { count: removed, n: numbers[language].format(removed) }),
  });
}
