import { formatDateTime, hijriOf, toLocalInput } from './studioDates';

describe('formatDateTime', () => {
  it('breaks a line only between the date and the time, never before «م» nor inside the date', () => {
    const iso = '2026-11-26T16:35:00Z';
    for (const language of ['ar', 'en'] as const) {
      const text = formatDateTime(iso, language);
      // One ordinary space: the one after the comma.
      expect(text.match(/ /g)).toHaveLength(1);
      expect(text).toMatch(/[,،] /);
    }
    expect(formatDateTime(iso, 'ar')).toMatch(/\d\u00a0[مص]$/);
  });
});

describe('hijriOf', () => {
  it('gives the Umm al-Qura date of a Gregorian issue date, in either language', () => {
    // 11 March 2024 was 1 Ramadan 1445.
    expect(hijriOf('2024-03-11', 'en')).toMatch(/^Ramadan 1, 1445|^1 Ramadan 1445/);
    expect(hijriOf('2024-03-11', 'ar')).toContain('رمضان');
    expect(hijriOf('2024-03-11', 'ar')).toMatch(/١٤٤٥|1445/);
  });

  it('is null for what is not a date', () => {
    expect(hijriOf('11/03/2024', 'ar')).toBeNull();
    expect(hijriOf('', 'en')).toBeNull();
  });
});

describe('toLocalInput', () => {
  it('writes a local time as a datetime-local value', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 9, 7))).toBe('2026-01-05T09:07');
  });
});
