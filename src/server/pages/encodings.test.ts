import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bodyOf, encodePage, matchesEtag, pickEncoding } from './encodings';

describe('the encoding of a kept page', () => {
  it('is brotli, else gzip, else none, as the reader accepts', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('BR ; q=0.5')).toBe('br');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('*;q=0')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });

  it('is made once in each encoding, all of them the same page under one validator', async () => {
    const html = `<!doctype html><html lang="ar" dir="rtl"><body>${'قرار '.repeat(2000)}</body></html>`;
    const page = await encodePage(html);
    expect((await bodyOf(page, 'identity')).toString()).toBe(html);
    expect(brotliDecompressSync(await bodyOf(page, 'br')).toString()).toBe(html);
    expect(gunzipSync(await bodyOf(page, 'gzip')).toString()).toBe(html);
    expect(page.br.length).toBeLessThan(Buffer.byteLength(html) / 10);
    expect(page.etag).toMatch(/^W\/"[\w-]+"$/);
    expect((await encodePage(html)).etag).toBe(page.etag);
    expect((await encodePage(`${html} `)).etag).not.toBe(page.etag);
  });

  it('is not sent again to a reader who names its validator', () => {
    const etag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", W/"abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"abcd"', etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
