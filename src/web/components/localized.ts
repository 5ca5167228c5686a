import type { AppLanguage } from '../state/preferencesSlice';

/** The Arabic or English variant of a bilingual field, falling back to whichever is set. */
export function localized(language: AppLanguage, arabic: string | null | undefined, english: string | null | undefined): string {
  return (language === 'ar' ? arabic || english : english || arabic) ?? '';
}
