import { initialsOf } from './initials';

const ZWNJ = '\u200c';

describe('initialsOf', () => {
  it('takes the first letter of the first and last names', () => {
    expect(initialsOf('Sara', 'Ali', 'sara')).toBe('SA');
  });

  it('keeps two Arabic initials from joining into a word', () => {
    expect(initialsOf('سارة', 'علي', 'sara')).toBe(`س${ZWNJ}ع`);
    expect(initialsOf('أمانة المنطقة الشرقية', '', 'epm')).toBe(`أ${ZWNJ}م`);
  });

  it('skips the Arabic definite article', () => {
    expect(initialsOf('الهيئة', 'العامة للغذاء والدواء', 'sfda')).toBe(`ه${ZWNJ}ع`);
    expect(initialsOf('الهيئة العامة للغذاء', '', 'sfda')).toBe(`ه${ZWNJ}ع`);
    // A two-letter word is not an article and a noun: "ال" alone stays.
    expect(initialsOf('ال', '', 'x')).toBe('ا');
  });

  it('skips little English words in a whole name', () => {
    expect(initialsOf('Ministry of Health', '', 'moh')).toBe('MH');
    expect(initialsOf('The Capital Market Authority', '', 'cma')).toBe('TC');
    expect(initialsOf('General Authority for Statistics', '', 'gastat')).toBe('GA');
  });

  it('falls back to the username', () => {
    expect(initialsOf(' ', '', 'reader')).toBe('R');
  });
});
