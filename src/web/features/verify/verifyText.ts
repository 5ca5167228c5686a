import type { TFunction } from 'i18next';
import type { VerifiedVersion } from '../../api/postVersions';
import { formatLongDate } from '../../components/posts/dates';
import type { AppLanguage } from '../../state/preferencesSlice';

const HIJRI = /^(\d{1,4})-(\d{2})-(\d{2})$/;
const MONTHS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'] as const;

/** An Umm al-Qura date `YYYY-MM-DD` in words, with the post page's month names ('' when unreadable). */
function hijriWords(hijri: string, t: TFunction): string {
  const m = HIJRI.exec(hijri);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? t('post.hijriDate', { day: Number(m[3]), month: t(`post.hijriMonths.${month}`), year: Number(m[1]) }) : '';
}

/**
 * The issue date as the post's page writes it: Gregorian with the Hijri date the document bears
 * (the server's, not one worked out again: it may differ by a day), either alone, or ''. A
 * calendar day, formatted at UTC so that it is the same day in every zone. The words are the
 * post page's (`post.hijriDate`, `post.hijriMonths`, `post.dateWithHijri`), so both pages name
 * a date alike.
 */
export function formatIssued(version: Pick<VerifiedVersion, 'issued_on' | 'issued_on_hijri'>, language: AppLanguage, t: TFunction): string {
  const gregorian = version.issued_on ? formatLongDate(`${version.issued_on}T00:00:00Z`, language, { timeZone: 'UTC' }) : '';
  const hijri = version.issued_on_hijri ? hijriWords(version.issued_on_hijri, t) : '';
  return gregorian && hijri ? t('post.dateWithHijri', { gregorian, hijri }) : gregorian || hijri;
}

const umalqura = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment's day, Gregorian and Umm al-Qura, in the zone given (the reader's by default), in the
 * same words as the issue date beside it: Intl's own English month names ("Jumada II") are not
 * the ones the portal writes ("Jumada al-Akhirah").
 */
export function formatMoment(iso: string, language: AppLanguage, t: TFunction, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let format = umalqura.get(key);
  if (!format) umalqura.set(key, (format = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone })));
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  const hijri = hijriWords(`${parseInt(parts.year ?? '', 10)}-${(parts.month ?? '').padStart(2, '0')}-${(parts.day ?? '').padStart(2, '0')}`, t);
  const gregorian = formatLongDate(iso, language, { timeZone });
  return hijri ? t('post.dateWithHijri', { gregorian, hijri }) : gregorian;
}

/** A post's page, and one of its versions' (as the cards and the history write them). */
export const postPath = (slug: string) => `/post/${encodeURIComponent(slug)}`;
export const postVersionPath = (slug: string, version: number) => `/post/${encodeURIComponent(slug)}/versions/${version}`;
