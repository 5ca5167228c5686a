import { formatLongDate, formatMonthDay, formatRelativeTime, readsAsElapsed } from './dates';

/** Western digits, whichever the engine's Arabic locale writes (see dates.ts). */
const western = (text: string) => text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\u061C|\u200F/g, '');

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

const relative = (iso: string, now = NOW) => ({ ar: western(formatRelativeTime(iso, 'ar', now)), en: formatRelativeTime(iso, 'en', now) });

describe('formatRelativeTime (spec §9)', () => {
  it.each([
    ['0 s', 0, { ar: 'الآن', en: 'now' }],
    ['1 s', S, { ar: 'قبل ثانية واحدة', en: '1 sec. ago' }],
    ['59 s', 59 * S + 999, { ar: 'قبل 59 ثانية', en: '59 sec. ago' }],
    ['60 s', M, { ar: 'قبل دقيقة واحدة', en: '1 min. ago' }],
    ['59 min', 59 * M + 59 * S, { ar: 'قبل 59 دقيقة', en: '59 min. ago' }],
    ['60 min', H, { ar: 'قبل ساعة واحدة', en: '1 hr. ago' }],
    ['2 h', 2 * H, { ar: 'قبل ساعتين', en: '2 hr. ago' }],
    ['23 h', 23 * H + 59 * M, { ar: 'قبل 23 ساعة', en: '23 hr. ago' }],
    ['24 h', D, { ar: 'قبل يوم واحد', en: '1 day ago' }],
    ['6 d', 6 * D + 23 * H, { ar: 'قبل 6 أيام', en: '6 days ago' }],
    ['7 d', 7 * D, { ar: '8 يونيو', en: 'Jun 8' }],
    ['100 d (same year)', 100 * D, { ar: '7 مارس', en: 'Mar 7' }],
  ])('%s ago', (_label, ms, expected) => {
    expect(relative(ago(ms))).toEqual(expected);
  });

  it('shows the year only when it is not the current one', () => {
    const newYear = new Date('2025-01-03T12:00:00Z');
    expect(relative('2024-12-20T12:00:00Z', newYear)).toEqual({ ar: '20 ديسمبر 2024', en: 'Dec 20, 2024' });
    // Last year but within six days: still relative.
    expect(relative('2024-12-30T12:00:00Z', newYear)).toEqual({ ar: 'قبل 4 أيام', en: '4 days ago' });
  });

  it('reads a date in the future as now, and an invalid one as nothing', () => {
    expect(relative(new Date(NOW.getTime() + 5 * M).toISOString())).toEqual({ ar: 'الآن', en: 'now' });
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
  });

  it('uses the current time by default', () => {
    expect(formatRelativeTime(new Date().toISOString(), 'en')).toBe('now');
  });
});

describe('readsAsElapsed', () => {
  it('tells time elapsed (up to 6 days) from a date, as formatRelativeTime words them', () => {
    expect(readsAsElapsed(ago(0), NOW)).toBe(true);
    expect(readsAsElapsed(ago(7 * D - S), NOW)).toBe(true);
    expect(relative(ago(7 * D - S)).en).toBe('6 days ago');
    expect(readsAsElapsed(ago(7 * D), NOW)).toBe(false);
    expect(relative(ago(7 * D)).en).toBe('Jun 8');
  });
});

describe('formatLongDate', () => {
  const iso = '2024-05-01T12:00:00Z';

  it('writes the Gregorian date in the reader’s language', () => {
    expect(western(formatLongDate(iso, 'ar'))).toBe('1 مايو 2024');
    expect(formatLongDate(iso, 'en')).toBe('May 1, 2024');
  });

  it('adds the Umm al-Qura Hijri date when asked', () => {
    expect(western(formatLongDate(iso, 'ar', { hijri: true }))).toBe('1 مايو 2024 (22 شوال 1445 هـ)');
    expect(formatLongDate(iso, 'en', { hijri: true })).toBe('May 1, 2024 (Shawwal 22, 1445 AH)');
  });

  it('adds the time when asked', () => {
    expect(formatLongDate(iso, 'en', { time: true })).toMatch(/^May 1, 2024.*\d{1,2}:00/);
  });

  it('gives nothing for an invalid date', () => {
    expect(formatLongDate('', 'ar')).toBe('');
  });
});

describe('formatMonthDay', () => {
  it('writes the month and day only', () => {
    expect(western(formatMonthDay('2024-11-19T12:00:00Z', 'ar'))).toBe('19 نوفمبر');
    expect(formatMonthDay('2024-11-19T12:00:00Z', 'en')).toBe('Nov 19');
    expect(formatMonthDay('x', 'en')).toBe('');
  });
});
