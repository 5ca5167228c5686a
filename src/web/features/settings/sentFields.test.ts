import { sentFields } from './sentFields';

describe('sentFields (spec §5: only fields that are not null)', () => {
  it('sends every field the account has, trimmed, even when emptied', () => {
    expect(sentFields({ first_name: 'سارة', location: 'الرياض' }, { first_name: ' سارة ', location: '' })).toEqual({ first_name: 'سارة', location: '' });
  });
  it('leaves out a field the account never had and the reader left empty', () => {
    expect(sentFields({ website: null, twitter: undefined }, { website: '  ', twitter: '@sara' })).toEqual({ twitter: '@sara' });
  });
  it('keeps the spacing of the fields asked for', () => {
    expect(sentFields({ bio: '' }, { bio: ' سطر\nوسطر ' }, ['bio'])).toEqual({ bio: ' سطر\nوسطر ' });
  });
});
