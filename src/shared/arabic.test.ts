import { hasArabic, normalizeArabic } from './arabic';

describe('normalizeArabic', () => {
  it('makes the spelling variants of one word meet', () => {
    const forms = ['قرار', 'قَرَار', 'قـرار', 'قـــرار', 'قًرٌارٍ'];
    for (const f of forms) expect(normalizeArabic(f)).toBe('قرار');
    expect(normalizeArabic('والقرار')).toBe('القرار');
    expect(normalizeArabic('فالقرار')).toBe('القرار');
  });

  it('folds alef variants and alef maqsura', () => {
    expect(normalizeArabic('أحمد إبراهيم آمال ٱلله')).toBe('احمد ابراهيم امال الله');
    expect(normalizeArabic('مستشفى')).toBe('مستشفي');
  });

  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(normalizeArabic('رقم ١٢٣٤٥٦٧٨٩٠')).toBe('رقم 1234567890');
    expect(normalizeArabic('۲۰۲۴')).toBe('2024');
  });

  it('drops a conjunction before the article only at the start of a word', () => {
    expect(normalizeArabic('وزارة والتعليم')).toBe('وزارة التعليم');
    expect(normalizeArabic('(والتعليم)')).toBe('(التعليم)');
    // words that merely start with و/ف + ال are kept
    expect(normalizeArabic('والد')).toBe('والد');
    expect(normalizeArabic('والي')).toBe('والي');
    expect(normalizeArabic('فالح')).toBe('فالح');
  });

  it('lower-cases Latin text and folds white space', () => {
    expect(normalizeArabic('  Ministry   of\tEducation ')).toBe('ministry of education');
  });

  it('leaves text without Arabic alone apart from case', () => {
    expect(normalizeArabic('COVID-19 update')).toBe('covid-19 update');
  });
});

describe('hasArabic', () => {
  it('detects Arabic script', () => {
    expect(hasArabic('قرار')).toBe(true);
    expect(hasArabic('decision')).toBe(false);
  });
});
