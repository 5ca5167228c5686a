import type { AppLanguage } from '../../state/preferencesSlice';

/*
 * Dates in the reader's language through Intl, which knows each language's grammar (Arabic's
 * dual and plural forms: "قبل ساعتين", "قبل 5 دقائق") better than translation keys could.
 * The locale is 'ar' or 'en' as chosen: 'ar' and not 'ar-SA', whose default calendar is the
 * Hijri one. Digits are the locale's own — current CLDR (Node's ICU, Chromium) writes 'ar'
 * with Western digits, older engines with Arabic-Indic ones — so none is forced here.
 * Times are shown in the reader's own time zone, or in the one given (a page the server drew
 * is drawn in the portal's zone, src/web/app/clock.tsx).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Spec §9: "days up to 6 d, then a short date". */
export const RELATIVE_DAYS_MAX = 6;

// Building an Intl formatter costs far more than using one; a feed formats hundreds of dates.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function dateFormat(language: AppLanguage, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `d:${language}:${timeZone ?? ''}:${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(language, timeZone ? { ...options, timeZone } : options)));
  return format as Intl.DateTimeFormat;
}

function relativeFormat(language: AppLanguage, numeric: 'auto' | 'always'): Intl.RelativeTimeFormat {
  const key = `r:${language}:${numeric}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.RelativeTimeFormat(language, { numeric, style: 'short' })));
  return format as Intl.RelativeTimeFormat;
}

const SHORT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * §9 relative time: seconds ("now" at 0), minutes, hours, days up to 6 d, then a short date
 * with the year only when it is not the current year. Days count whole 24-hour spans, so
 * "1 day ago" rather than a "yesterday" that could be two calendar days back. A date in the
 * future (a clock ahead of the server's) reads as now.
 */
export function formatRelativeTime(iso: string, language: AppLanguage, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return relativeFormat(language, 'auto').format(-Math.floor(elapsed / SECOND), 'second');
  const always = relativeFormat(language, 'always');
  if (elapsed < HOUR) return always.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return always.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < (RELATIVE_DAYS_MAX + 1) * DAY) return always.format(-Math.floor(elapsed / DAY), 'day');
  const year = dateFormat('en', { year: 'numeric' }, timeZone);
  const withYear = year.format(date) !== year.format(now);
  return dateFormat(language, withYear ? { ...SHORT_DATE, year: 'numeric' } : SHORT_DATE, timeZone).format(date);
}

/** Whether formatRelativeTime words this date as time elapsed ("3 days ago"), not as a date. */
export function readsAsElapsed(iso: string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(iso).getTime() < (RELATIVE_DAYS_MAX + 1) * DAY;
}

/**
 * A full date (day, month name, year), with the time when `time`, and the Umm al-Qura Hijri
 * date alongside when `hijri` ("1 مايو 2024 (22 شوال 1445 هـ)").
 */
export function formatLongDate(iso: string, language: AppLanguage, options: { hijri?: boolean; time?: boolean; timeZone?: string } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const gregorian = dateFormat(language, options.time ? { ...LONG_DATE, ...TIME } : LONG_DATE, options.timeZone).format(date);
  if (!options.hijri) return gregorian;
  const hijri = dateFormat(language, { ...LONG_DATE, calendar: 'islamic-umalqura' }, options.timeZone).format(date);
  return `${gregorian} (${hijri})`;
}

/** Month and day only (e.g. hashtags' last use). */
export function formatMonthDay(iso: string, language: AppLanguage, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(language, SHORT_DATE, timeZone).format(date);
}

/** The year in a zone (the copyright line). */
export function yearOf(date: Date, timeZone?: string): number {
  return Number(dateFormat('en', { year: 'numeric' }, timeZone).format(date));
}
