import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of the first and last names', () => {
    expect(initialsOf('Sara', 'Ali', 'sara')).toBe('SA');
    expect(initialsOf('سارة', 'علي', 'sara')).toBe('سع');
  });

  it('skips the Arabic definite article', () => {
    expect(initialsOf('الهيئة', 'العامة للغذاء والدواء', 'sfda')).toBe('هع');
    expect(initialsOf('الهيئة العامة للغذاء', '', 'sfda')).toBe('هع');
    // A two-letter word is not an article and a noun: "ال" alone stays.
    expect(initialsOf('ال', '', 'x')).toBe('ا');
  });

  it('falls back to the username', () => {
    expect(initialsOf(' ', '', 'reader')).toBe('R');
  });
});
