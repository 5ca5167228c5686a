import arScreens from '../../../i18n/locales/ar/screens';
import enCore from '../../../i18n/locales/en/core';
import enScreens from '../../../i18n/locales/en/screens';
import i18n from '../../../i18n';
import { changeSummary } from './changeSummary';

i18n.addResourceBundle('ar', 'translation', arScreens, true, false);
i18n.addResourceBundle('en', 'translation', enCore, true, false);
i18n.addResourceBundle('en', 'translation', enScreens, true, false);

describe('changeSummary', () => {
  const ar = i18n.getFixedT('ar');
  const en = i18n.getFixedT('en');

  it("counts in Arabic with each of its plural forms: zero, one, two, few, many and other", () => {
    expect(changeSummary(ar, 'ar', 12, 3)).toBe('أُضيفت 12 كلمة وحُذفت 3 كلمات');
    expect(changeSummary(ar, 'ar', 1, 2)).toBe('أُضيفت كلمة واحدة وحُذفت كلمتان');
    expect(changeSummary(ar, 'ar', 2, 1)).toBe('أُضيفت كلمتان وحُذفت كلمة واحدة');
    expect(changeSummary(ar, 'ar', 10, 0)).toBe('أُضيفت 10 كلمات ولم تُحذف أي كلمة');
    expect(changeSummary(ar, 'ar', 0, 11)).toBe('لم تُضف أي كلمة وحُذفت 11 كلمة');
    expect(changeSummary(ar, 'ar', 100, 102)).toBe('أُضيفت 100 كلمة وحُذفت 102 كلمة');
  });

  it('counts in English', () => {
    expect(changeSummary(en, 'en', 12, 3)).toBe('12 words added, 3 words removed');
    expect(changeSummary(en, 'en', 1, 0)).toBe('One word added, no words removed');
    expect(changeSummary(en, 'en', 0, 1)).toBe('No words added, one word removed');
    expect(changeSummary(en, 'en', 2, 1500)).toBe('2 words added, 1,500 words removed');
  });

  it('says so in one sentence when no word changed', () => {
    expect(changeSummary(ar, 'ar', 0, 0)).toBe('لم تتغير أي كلمة بين النسختين.');
    expect(changeSummary(en, 'en', 0, 0)).toBe('No word changed between the two versions.');
  });
});
