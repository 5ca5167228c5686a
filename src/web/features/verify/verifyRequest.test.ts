import { argsOf, methodOf, paramsOf, requestOf } from './verifyRequest';

const of = (query: string) => requestOf(new URLSearchParams(query));

describe('the request an address holds', () => {
  it('reads each way of asking, trimmed, a fingerprint in lower case', () => {
    expect(of(`sha256=${'AB'.repeat(32)}`)).toEqual({ by: 'sha256', sha256: 'ab'.repeat(32) });
    expect(of('number=+794%2F1446+&organization=MOH')).toEqual({ by: 'number', number: '794/1446', organization: 'MOH' });
    expect(of('url=https%3A%2F%2Fqarar.example%2Fpost%2Fx')).toEqual({ by: 'url', url: 'https://qarar.example/post/x' });
  });

  it('holds none without a whole question (a number needs its organization)', () => {
    expect(of('')).toBeNull();
    expect(of('number=794')).toBeNull();
    expect(of('organization=MOH')).toBeNull();
    expect(of('url=+')).toBeNull();
  });

  it('writes a request back into the address and the API arguments alike', () => {
    for (const request of [
      { by: 'sha256', sha256: 'ab'.repeat(32) },
      { by: 'number', number: 'قرار رقم ١٢٣ لعام ٢٠٢٦', organization: 'MOH' },
      { by: 'url', url: 'https://qarar.example/post/x/versions/2' },
    ] as const) {
      expect(requestOf(paramsOf(request))).toEqual(request);
      expect(Object.fromEntries(paramsOf(request))).toEqual(argsOf(request));
    }
  });

  it('shows the tab of the way asked, the file first', () => {
    expect(methodOf(null)).toBe('file');
    expect(methodOf({ by: 'sha256', sha256: 'a' })).toBe('file');
    expect(methodOf({ by: 'number', number: '1', organization: 'X' })).toBe('number');
    expect(methodOf({ by: 'url', url: 'u' })).toBe('link');
  });
});
