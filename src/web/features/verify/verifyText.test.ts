import i18n from '../../i18n';
import arScreens from '../../i18n/locales/ar/screens';
import enScreens from '../../i18n/locales/en/screens';
import { formatIssued, formatMoment } from './verifyText';

i18n.addResourceBundle('ar', 'translation', arScreens, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);
const ar = i18n.getFixedT('ar');
const en = i18n.getFixedT('en');

describe('dates on the verify page', () => {
  it("writes the issue date with the Hijri date the document bears, as the post's page does", () => {
    expect(formatIssued({ issued_on: '2025-01-20', issued_on_hijri: '1446-07-20' }, 'ar', ar)).toBe('20 يناير 2025 (20 رجب 1446 هـ)');
    expect(formatIssued({ issued_on: '2025-01-20', issued_on_hijri: null }, 'en', en)).toBe('January 20, 2025');
    expect(formatIssued({ issued_on: null, issued_on_hijri: null }, 'en', en)).toBe('');
  });

  it("writes a version's moment with its Umm al-Qura day in the portal's month names, in the zone given", () => {
    expect(formatMoment('2026-11-26T09:24:23Z', 'en', en, 'Asia/Riyadh')).toBe('November 26, 2026 (Jumada al-Akhirah 16, 1448 AH)');
    expect(formatMoment('2026-11-26T09:24:23Z', 'ar', ar, 'Asia/Riyadh')).toBe('26 نوفمبر 2026 (16 جمادى الآخرة 1448 هـ)');
    // Late in the evening at UTC is the next day in Riyadh, in both calendars.
    expect(formatMoment('2026-11-26T22:00:00Z', 'en', en, 'Asia/Riyadh')).toBe('November 27, 2026 (Jumada al-Akhirah 17, 1448 AH)');
  });
});
