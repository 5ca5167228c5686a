import type { TFunction } from 'i18next';
import type { Post } from '../../api/posts';
import { formatLongDate } from '../../components/posts/dates';
import type { AppLanguage } from '../../state/preferencesSlice';

const HIJRI = /^(\d{1,4})-(\d{2})-(\d{2})$/;
const MONTHS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'] as const;

/**
 * An Umm al-Qura date `YYYY-MM-DD` in words ("22 شوال 1445 هـ"). Written from the date the
 * server gives, not worked out again from the Gregorian one: the Hijri date a document bears is
 * the one it was issued with, and a computed one may differ from it by a day.
 */
export function formatHijriDate(hijri: string, t: TFunction): string {
  const m = HIJRI.exec(hijri);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return '';
  return t('post.hijriDate', { day: Number(m[3]), month: t(`post.hijriMonths.${month}`), year: Number(m[1]) });
}

/**
 * The issue date in the reader's language, Gregorian with the Hijri alongside (as the published
 * date shows it); either alone when the post has only one; '' when it has none. A calendar day,
 * not an instant: formatted at UTC so it is the same day in every zone, on the server too.
 */
export function formatIssueDate(post: Pick<Post, 'issued_on' | 'issued_on_hijri'>, language: AppLanguage, t: TFunction): string {
  const gregorian = post.issued_on ? formatLongDate(`${post.issued_on}T00:00:00Z`, language, { timeZone: 'UTC' }) : '';
  const hijri = post.issued_on_hijri ? formatHijriDate(post.issued_on_hijri, t) : '';
  return gregorian && hijri ? t('post.dateWithHijri', { gregorian, hijri }) : gregorian || hijri;
}
