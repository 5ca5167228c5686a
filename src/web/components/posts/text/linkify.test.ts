import { excerpt, linkify, paragraphDirection, paragraphs, splitPhones, URL_TLDS, type TextSegment } from './linkify';

const text = (value: string): TextSegment => ({ type: 'text', text: value });
const url = (value: string, href = value): TextSegment => ({ type: 'url', text: value, href });
const tag = (name: string): TextSegment => ({ type: 'hashtag', text: `#${name}`, tag: name, path: `/hashtags/${encodeURIComponent(name)}` });

/** Only the links found, as written. */
const links = (value: string) => linkify(value).filter((s) => s.type !== 'text');

describe('linkify: addresses (spec §5)', () => {
  it('keeps a text without links as one plain run', () => {
    expect(linkify('قرار وزاري رقم 12')).toEqual([text('قرار وزاري رقم 12')]);
    expect(linkify('')).toEqual([]);
  });

  it('recognises http and https addresses as written, in any case', () => {
    expect(linkify('see https://moh.gov.sa/ar/page?id=1#top now')).toEqual([
      text('see '),
      url('https://moh.gov.sa/ar/page?id=1#top'),
      text(' now'),
    ]);
    expect(links('http://example.org')).toEqual([url('http://example.org')]);
    expect(links('HTTPS://EXAMPLE.COM/A')).toEqual([url('HTTPS://EXAMPLE.COM/A')]);
    // Any host with a scheme, whatever its ending.
    expect(links('https://intranet.local:8080/x')).toEqual([url('https://intranet.local:8080/x')]);
  });

  it('does not link other schemes or a scheme alone', () => {
    expect(links('javascript:alert(1) ftp://files.example mailto:a@b')).toEqual([]);
    expect(links('the prefix https:// alone')).toEqual([]);
  });

  it('recognises www. addresses and gives them https://', () => {
    expect(linkify('زوروا www.my.gov.sa للمزيد')).toEqual([text('زوروا '), url('www.my.gov.sa', 'https://www.my.gov.sa'), text(' للمزيد')]);
    // www needs no listed ending.
    expect(links('www.example.xyz/path')).toEqual([url('www.example.xyz/path', 'https://www.example.xyz/path')]);
  });

  it.each(URL_TLDS)('recognises a bare domain ending in .%s and gives it https://', (tld) => {
    expect(linkify(`عبر example.${tld}/path اليوم`)).toEqual([
      text('عبر '),
      url(`example.${tld}/path`, `https://example.${tld}/path`),
      text(' اليوم'),
    ]);
    expect(links(`sub.domain.${tld}`)).toEqual([url(`sub.domain.${tld}`, `https://sub.domain.${tld}`)]);
  });

  it('recognises nested endings, ports and upper case in bare domains', () => {
    expect(links('moh.gov.sa/path')).toEqual([url('moh.gov.sa/path', 'https://moh.gov.sa/path')]);
    expect(links('bbc.co.uk')).toEqual([url('bbc.co.uk', 'https://bbc.co.uk')]);
    expect(links('Portal.GOV.SA:8443/x')).toEqual([url('Portal.GOV.SA:8443/x', 'https://Portal.GOV.SA:8443/x')]);
  });

  it('ignores endings that are not listed, or that continue into a longer name', () => {
    expect(links('report.pdf file.txt example.xyz node.js')).toEqual([]);
    expect(links('moh.gov.sanity example.com-like')).toEqual([]);
    expect(links('version 1.5 and 3.14')).toEqual([]);
  });

  it('does not turn e-mail addresses into addresses', () => {
    expect(linkify('راسلونا info@moh.gov.sa أو first.last@www.example.com')).toEqual([text('راسلونا info@moh.gov.sa أو first.last@www.example.com')]);
    expect(links('john.co@example.com')).toEqual([]);
  });

  it('keeps Latin and Arabic punctuation after an address outside it', () => {
    const cases: Array<[string, string]> = [
      ['https://x.gov.sa.', '.'],
      ['https://x.gov.sa,', ','],
      ['https://x.gov.sa:', ':'],
      ['https://x.gov.sa;', ';'],
      ['https://x.gov.sa!', '!'],
      ['https://x.gov.sa?', '?'],
      ['https://x.gov.sa)', ')'],
      ['https://x.gov.sa…', '…'],
      ['https://x.gov.sa).', ').'],
      ['https://x.gov.sa،', '،'],
      ['https://x.gov.sa؛', '؛'],
      ['https://x.gov.sa؟', '؟'],
      ['https://x.gov.sa»', '»'],
      ['https://x.gov.sa"', '"'],
    ];
    for (const [input, rest] of cases) {
      expect({ input, segments: linkify(input) }).toEqual({ input, segments: [url('https://x.gov.sa'), text(rest)] });
    }
    expect(linkify('www.x.com.')).toEqual([url('www.x.com', 'https://www.x.com'), text('.')]);
    expect(linkify('moh.gov.sa/ar.')).toEqual([url('moh.gov.sa/ar', 'https://moh.gov.sa/ar'), text('.')]);
    expect(linkify('moh.gov.sa، ثم')).toEqual([url('moh.gov.sa', 'https://moh.gov.sa'), text('، ثم')]);
  });

  it('keeps punctuation and quotes before an address outside it', () => {
    expect(linkify('(https://x.com)')).toEqual([text('('), url('https://x.com'), text(')')]);
    expect(linkify('«www.x.sa»')).toEqual([text('«'), url('www.x.sa', 'https://www.x.sa'), text('»')]);
    expect(linkify('"moh.gov.sa"')).toEqual([text('"'), url('moh.gov.sa', 'https://moh.gov.sa'), text('"')]);
    expect(linkify('الرابط:https://x.sa')).toEqual([text('الرابط:'), url('https://x.sa')]);
  });

  it('stops at Arabic punctuation written without a space', () => {
    expect(linkify('https://x.sa،وقد')).toEqual([url('https://x.sa'), text('،وقد')]);
  });

  it('keeps a closing bracket the address opened', () => {
    expect(links('https://en.wikipedia.org/wiki/Riyadh_(city)')).toEqual([url('https://en.wikipedia.org/wiki/Riyadh_(city)')]);
    expect(linkify('(see https://w.org/a_(b)).')).toEqual([text('(see '), url('https://w.org/a_(b)'), text(').')]);
  });

  it('keeps an Arabic path inside the address', () => {
    expect(links('https://x.sa/خدمات/الصحة')).toEqual([url('https://x.sa/خدمات/الصحة')]);
  });
});

describe('linkify: hashtags (spec §5)', () => {
  it('recognises Latin, Arabic, digits and underscore, linking the encoded tag', () => {
    expect(linkify('تابعوا #رؤية_2030 و #Vision2030 و#١٢٣')).toEqual([
      text('تابعوا '),
      tag('رؤية_2030'),
      text(' و '),
      tag('Vision2030'),
      text(' و'),
      tag('١٢٣'),
    ]);
    expect(links('#الصحة')).toMatchObject([{ path: '/hashtags/%D8%A7%D9%84%D8%B5%D8%AD%D8%A9' }]);
  });

  it('keeps diacritics and tatweel inside an Arabic tag', () => {
    expect(links('#مُحَمَّد #تـطوير')).toEqual([tag('مُحَمَّد'), tag('تـطوير')]);
  });

  it('keeps Latin and Arabic punctuation after a hashtag outside it', () => {
    expect(linkify('#القرار، ثم')).toEqual([tag('القرار'), text('، ثم')]);
    expect(linkify('#وسم؛')).toEqual([tag('وسم'), text('؛')]);
    expect(linkify('هل رأيت #الوسم؟')).toEqual([text('هل رأيت '), tag('الوسم'), text('؟')]);
    expect(linkify('#tag. #tag, (#tag)')).toEqual([tag('tag'), text('. '), tag('tag'), text(', ('), tag('tag'), text(')')]);
    expect(linkify('#tag_')).toEqual([tag('tag_')]);
  });

  it('ends a tag at Arabic punctuation written without a space', () => {
    expect(linkify('#القرار،وقد')).toEqual([tag('القرار'), text('،وقد')]);
    expect(linkify('#نسبة٪')).toEqual([tag('نسبة'), text('٪')]);
    expect(linkify('#رؤية_2030۔')).toEqual([tag('رؤية_2030'), text('۔')]);
    expect(linkify('#عام١٤٤٧')).toEqual([tag('عام١٤٤٧')]);
  });

  it('leaves a lone # or # before punctuation as text', () => {
    expect(linkify('# عنوان')).toEqual([text('# عنوان')]);
    expect(linkify('رقم #؟')).toEqual([text('رقم #؟')]);
  });

  it('does not link a fragment inside an address as a hashtag a second time', () => {
    expect(linkify('https://x.gov.sa/page#section و www.x.com/#/route')).toEqual([
      url('https://x.gov.sa/page#section'),
      text(' و '),
      url('www.x.com/#/route', 'https://www.x.com/#/route'),
    ]);
  });

  it('keeps an address-like run after # inside the hashtag', () => {
    expect(linkify('#moh.gov.sa')).toEqual([tag('moh'), text('.gov.sa')]);
  });

  it('handles hashtags and addresses side by side', () => {
    expect(linkify('#الصحة https://moh.gov.sa #Health.')).toEqual([tag('الصحة'), text(' '), url('https://moh.gov.sa'), text(' '), tag('Health'), text('.')]);
  });
});

describe('paragraphs', () => {
  it('splits on blank lines and keeps single line breaks', () => {
    expect(paragraphs('أولاً\nثانياً\n\n  \nثالثاً\n\n')).toEqual(['أولاً\nثانياً', 'ثالثاً']);
    expect(paragraphs('  ')).toEqual([]);
  });
});

describe('excerpt', () => {
  it('keeps a short text whole', () => {
    expect(excerpt('  نص قصير ', 100)).toBe('نص قصير');
  });

  it('cuts a long text at a word boundary with an ellipsis', () => {
    expect(excerpt('one two three four five six', 15)).toBe('one two three…');
  });

  it('cuts inside a very long word when there is no boundary late enough', () => {
    expect(excerpt('a verylongwordwithoutspaces', 12)).toBe('a verylongwo…');
  });
});

describe('paragraphDirection', () => {
  it('follows the first letter of the plain text, as dir="auto" would', () => {
    expect(paragraphDirection(linkify('#COVID19 صدر القرار'))).toBe('rtl');
    expect(paragraphDirection(linkify('#رؤية_2030 The decision was issued'))).toBe('ltr');
    expect(paragraphDirection(linkify('قرار رقم 12 see https://x.gov.sa'))).toBe('rtl');
  });

  it('gives a paragraph of links only the direction of its first link, not left to right', () => {
    expect(paragraphDirection(linkify('#رؤية_2030 #COVID19'))).toBe('rtl');
    expect(paragraphDirection(linkify('#Vision2030 #الصحة'))).toBe('ltr');
    expect(paragraphDirection(linkify('https://x.gov.sa'))).toBe('ltr');
  });

  it('leaves a paragraph without letters to the page', () => {
    expect(paragraphDirection(linkify('1447/05/03 — 2025'))).toBeUndefined();
  });
});

describe('splitPhones', () => {
  it('finds numbers written in groups or with an international prefix', () => {
    expect(splitPhones('للاستفسار: +966 11 212 5555 أو 920-000-000.')).toEqual([
      { text: 'للاستفسار: ', phone: false },
      { text: '+966 11 212 5555', phone: true },
      { text: ' أو ', phone: false },
      { text: '920-000-000', phone: true },
      { text: '.', phone: false },
    ]);
    expect(splitPhones('اتصل ‎+966112125555')).toEqual([
      { text: 'اتصل ‎', phone: false },
      { text: '+966112125555', phone: true },
    ]);
    expect(splitPhones('هاتف ٠١١ ٢١٢ ٥٥٥٥')[1]).toEqual({ text: '٠١١ ٢١٢ ٥٥٥٥', phone: true });
  });

  it('leaves years, decision numbers, dates and ranges alone', () => {
    for (const text of ['القرار رقم 12 لسنة 2025', 'بتاريخ 1447/05/03', 'من 2025 - 2030', 'المواد 5 و 6']) {
      expect(splitPhones(text)).toEqual([{ text, phone: false }]);
    }
  });
});
