import enScreens from '../../i18n/locales/en/screens';
import i18n from '../../i18n';
import arScreens from '../../i18n/locales/ar/screens';
import { formatHijriDate, formatIssueDate } from './issueDate';

i18n.addResourceBundle('ar', 'translation', arScreens, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);
const ar = i18n.getFixedT('ar');
const en = i18n.getFixedT('en');

describe('formatHijriDate', () => {
  it('writes the Umm al-Qura date as the post gives it, in either language', () => {
    expect(formatHijriDate('1445-10-22', ar)).toBe('22 شوال 1445 هـ');
    expect(formatHijriDate('1446-01-01', en)).toBe('Muharram 1, 1446 AH');
    expect(formatHijriDate('1446-12-09', ar)).toBe('9 ذو الحجة 1446 هـ');
  });

  it.each(['1445-13-01', '1445-00-10', '22/10/1445', ''])('writes nothing for %j', (hijri) => {
    expect(formatHijriDate(hijri, ar)).toBe('');
  });
});

describe('formatIssueDate', () => {
  it('gives both calendars, or whichever the post has', () => {
    expect(formatIssueDate({ issued_on: '2024-05-01', issued_on_hijri: '1445-10-22' }, 'ar', ar)).toBe('1 مايو 2024 (22 شوال 1445 هـ)');
    expect(formatIssueDate({ issued_on: '2024-05-01', issued_on_hijri: null }, 'en', en)).toBe('May 1, 2024');
    expect(formatIssueDate({ issued_on: null, issued_on_hijri: '1445-10-22' }, 'en', en)).toBe('Shawwal 22, 1445 AH');
    expect(formatIssueDate({ issued_on: null, issued_on_hijri: null }, 'ar', ar)).toBe('');
  });

  it('keeps the calendar day in any time zone (a day, not an instant)', () => {
    // Midnight UTC read in a zone west of Greenwich would be the day before.
    expect(formatIssueDate({ issued_on: '2024-01-01', issued_on_hijri: null }, 'en', en)).toBe('January 1, 2024');
  });
});
