/**
 * Date wording for official texts: Gregorian dates in Arabic and English and the Umm al-Qura
 * Hijri date Saudi documents carry. Intl formatting is slow next to everything else a post
 * needs, and posts share days, so every format is cached per day.
 */
const DAY_MS = 86_400_000;
const TIME_ZONE = 'Asia/Riyadh';

const arLong = new Intl.DateTimeFormat('ar-u-ca-gregory-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const enLong = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const hijri = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: TIME_ZONE });

export interface DayWords {
  /** "14 مارس 2025" */
  ar: string;
  /** "14 March 2025" */
  en: string;
  /** "1446/09/14" */
  hijri: string;
  hijriYear: number;
  year: number;
}

const cache = new Map<number, DayWords>();

export function dayWords(date: Date): DayWords {
  const day = Math.floor((date.getTime() + 3 * 3_600_000) / DAY_MS);
  let words = cache.get(day);
  if (!words) {
    const noon = new Date(day * DAY_MS + 9 * 3_600_000);
    const parts = Object.fromEntries(hijri.formatToParts(noon).map((p) => [p.type, p.value]));
    const pad = (s: string) => s.padStart(2, '0');
    words = {
      ar: arLong.format(noon),
      en: enLong.format(noon),
      hijri: `${parts.year}/${pad(parts.month)}/${pad(parts.day)}`,
      hijriYear: Number(parts.year),
      year: noon.getUTCFullYear(),
    };
    cache.set(day, words);
  }
  return words;
}

export const MONTHS: ReadonlyArray<readonly [string, string]> = [
  ['يناير', 'January'], ['فبراير', 'February'], ['مارس', 'March'], ['أبريل', 'April'], ['مايو', 'May'], ['يونيو', 'June'],
  ['يوليو', 'July'], ['أغسطس', 'August'], ['سبتمبر', 'September'], ['أكتوبر', 'October'], ['نوفمبر', 'November'], ['ديسمبر', 'December'],
];

export { DAY_MS };
