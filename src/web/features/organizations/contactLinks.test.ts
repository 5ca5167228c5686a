import { emailLink, phoneLink, websiteLink } from './contactLinks';

describe('organization contact links', () => {
  it('links web sites over http(s) only, adding https to a bare address', () => {
    expect(websiteLink('https://www.moh.gov.sa/')).toEqual({ href: 'https://www.moh.gov.sa/', text: 'www.moh.gov.sa' });
    expect(websiteLink('www.moh.gov.sa/ar/news')).toEqual({ href: 'https://www.moh.gov.sa/ar/news', text: 'www.moh.gov.sa/ar/news' });
    expect(websiteLink('http://example.org')).toEqual({ href: 'http://example.org/', text: 'example.org' });
    for (const bad of ['', '  ', null, undefined, 'javascript:alert(1)', 'data:text/html,x', 'ftp://files.example.org', 'not a site', 'https://']) {
      expect(websiteLink(bad)).toBeUndefined();
    }
  });

  it('links one plain e-mail address', () => {
    expect(emailLink(' info@moh.gov.sa ')).toEqual({ href: 'mailto:info@moh.gov.sa', text: 'info@moh.gov.sa' });
    for (const bad of ['', 'info', 'info@', 'a@b', 'a@b.sa?cc=x@y.sa', 'javascript:x@y.sa']) {
      expect(emailLink(bad)).toBeUndefined();
    }
  });

  it('dials the digits of a phone number, shown as written', () => {
    expect(phoneLink('+966 11 234 5678')).toEqual({ href: 'tel:+966112345678', text: '+966 11 234 5678' });
    expect(phoneLink('920012345')).toEqual({ href: 'tel:920012345', text: '920012345' });
    expect(phoneLink('(011) 2-34+5')).toEqual({ href: 'tel:0112345', text: '(011) 2-34+5' });
    for (const bad of ['', 'none', 'javascript:1+2']) expect(phoneLink(bad)).toBeUndefined();
  });
});
