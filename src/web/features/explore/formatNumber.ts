import type { AppLanguage } from '../../state/preferencesSlice';

// One formatter per language, as the cards format their view counts (dates.ts: the locale's own digits).
const formats: Record<AppLanguage, Intl.NumberFormat> = { ar: new Intl.NumberFormat('ar'), en: new Intl.NumberFormat('en') };

/** A number as the reader's language writes it. */
export const formatNumber = (n: number, language: AppLanguage) => formats[language].format(n);
