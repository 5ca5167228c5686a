import { extractHashtags, hashtagIdentity, stripHash } from './hashtags';

describe('extractHashtags (spec §5 pattern, shared by the server and the browser)', () => {
  it('finds Latin and Arabic tags, with digits, underscore, harakat and tatweel', () => {
    expect(extractHashtags('#COVID19 و #رؤية_2030 و #مُحَمَّد و #تـطوير و #عام١٤٤٧')).toEqual([
      'COVID19',
      'رؤية_2030',
      'مُحَمَّد',
      'تـطوير',
      'عام١٤٤٧',
    ]);
  });

  it('stops at Arabic punctuation, with or without a space after it', () => {
    expect(extractHashtags('صدر #القرار، ثم #التعميم؛ فهل رأيت #الإعلان؟ نسبة #النمو٪ و#الختام۔')).toEqual([
      'القرار',
      'التعميم',
      'الإعلان',
      'النمو',
      'الختام',
    ]);
    expect(extractHashtags('#القرار،وقد')).toEqual(['القرار']);
  });

  it('keeps one spelling per tag: the first as written', () => {
    expect(extractHashtags('#القرار ثم #الـقرار ثم #القرار')).toEqual(['القرار']);
  });

  it('ignores a lone # and # before punctuation', () => {
    expect(extractHashtags('# عنوان و #، و #؟')).toEqual([]);
  });
});

describe('hashtagIdentity', () => {
  it('treats tatweel and a leading # as the same tag', () => {
    expect(hashtagIdentity('#الـقرار')).toBe(hashtagIdentity('القرار'));
    expect(stripHash('  ##وسم ')).toBe('وسم');
  });
});
