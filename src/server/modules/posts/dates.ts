/**
 * The date filters of post lists: `YYYY-MM-DD` (a whole day, UTC) or an ISO 8601 instant
 * (UTC when it names no offset). The contract's pattern has already checked the shape; this
 * rejects what the shape lets through (a 30th of February, hour 25).
 */
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|([+-])(\d{2}):?(\d{2}))?)?$/;

export interface ParsedDate {
  /** The instant, or the start of the day for a plain date. */
  start: Date;
  /** A plain date: the filter covers the whole day. */
  wholeDay: boolean;
}

export function parseDateOrInstant(text: string): ParsedDate | null {
  const m = SHAPE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone, sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years below 100 as 19xx.
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, frac ? Math.floor(Number(frac) * 1000) : 0);
  if (zone && zone !== 'Z') {
    const offsetHours = Number(oh);
    const offsetMinutes = Number(om);
    if (offsetHours > 14 || offsetMinutes > 59) return null;
    const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
    date.setTime(date.getTime() - (sign === '+' ? offset : -offset));
  }
  return { start: date, wholeDay: h === undefined };
}

/**
 * The instants a filter is held to. PostgreSQL's timestamps reach far further, but a JavaScript
 * date outside years 1–9999 is written `+010000-…` or `-000001-…`, which PostgreSQL cannot read
 * (a 500 for `published_before=9999-12-31`, whose day ends in the year 10000). No post lies
 * outside this range, so a bound beyond it means the same as the range's own end.
 */
export const EARLIEST = new Date('0001-01-01T00:00:00.000Z');
export const LATEST = new Date('9999-12-31T23:59:59.999Z');

export function withinRange(date: Date): Date {
  if (date.getTime() < EARLIEST.getTime()) return EARLIEST;
  if (date.getTime() > LATEST.getTime()) return LATEST;
  return date;
}

/** An instant as SQL text PostgreSQL reads the same whatever the process's time zone. */
export function sqlInstant(date: Date): string {
  return withinRange(date).toISOString();
}

/** The start of the day after a plain date: the end of that whole day, exclusive. */
export function dayAfter(date: Date): Date {
  return new Date(date.getTime() + 24 * 3600 * 1000);
}
