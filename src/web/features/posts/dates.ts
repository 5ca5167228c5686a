import type { AppLanguage } from '../settings/preferencesSlice';

// STUB (interface agreed): dates in the reader's language. Replaced by the card helper.

/** §9 relative time: seconds, minutes, hours, days up to 6 d, then a short date (year if not this year). */
export function formatRelativeTime(iso: string, language: AppLanguage, now: Date = new Date()): string {
  void now;
  return new Date(iso).toLocaleDateString(language);
}

/** A full date (day, month name, year) — with the Hijri date alongside when `hijri`. */
export function formatLongDate(iso: string, language: AppLanguage, options: { hijri?: boolean } = {}): string {
  void options;
  return new Date(iso).toLocaleDateString(language);
}

/** Month and day only (e.g. hashtags' last use). */
export function formatMonthDay(iso: string, language: AppLanguage): string {
  return new Date(iso).toLocaleDateString(language, { month: 'short', day: 'numeric' });
}
