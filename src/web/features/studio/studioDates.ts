import type { Language } from '../../i18n/types';

/**
 * Date and time as the workspace shows them (Gregorian, in the reader's language). A line may
 * break only after the comma between the date and the time: the other spaces are no-break, so a
 * narrow row never leaves «م» or «ص» (or "Nov 2026") alone at the start of the next line.
 */
export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    .formatToParts(new Date(iso))
    .map(({ type, value }) => (type === 'literal' && /[,،]/.test(value) ? value : value.replace(/ /g, '\u00a0')))
    .join('');
}

/**
 * A Gregorian issue date (YYYY-MM-DD) in the Umm al-Qura calendar, as the server derives it
 * for the post; read at noon UTC so no time zone moves it to the next or previous day.
 */
export function hijriOf(isoDate: string, language: Language): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return null;
  const day = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return null;
  const locale = language === 'ar' ? 'ar-SA-u-ca-islamic-umalqura' : 'en-u-ca-islamic-umalqura';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
}

/** The value of a datetime-local field for a time (local), e.g. "2026-11-26T09:30". */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Today's date (local) as YYYY-MM-DD. */
export const todayIso = () => toLocalInput(new Date()).slice(0, 10);
