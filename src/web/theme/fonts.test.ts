import { registerFonts } from './fonts';

describe('registerFonts', () => {
  const added: Array<{ family: string; source: string; descriptors: FontFaceDescriptors }> = [];
  const original = (globalThis as { FontFace?: unknown }).FontFace;

  beforeAll(() => {
    // jsdom has no CSS Font Loading API: a recording stand-in.
    (globalThis as { FontFace?: unknown }).FontFace = class {
      constructor(public family: string, public source: string, public descriptors: FontFaceDescriptors) {}
    };
  });
  afterAll(() => {
    (globalThis as { FontFace?: unknown }).FontFace = original;
  });

  it('declares regular and bold, Arabic and Latin, each swapped in and limited to its characters', () => {
    const doc = { fonts: { add: (face: (typeof added)[number]) => added.push(face) } } as unknown as Document;
    registerFonts(doc);
    expect(added.map((f) => [f.family, f.descriptors.weight, f.descriptors.display])).toEqual([
      ['IBM Plex Sans Arabic', '400', 'swap'],
      ['IBM Plex Sans Arabic', '700', 'swap'],
      ['IBM Plex Sans Arabic', '400', 'swap'],
      ['IBM Plex Sans Arabic', '700', 'swap'],
    ]);
    expect(added[0].descriptors.unicodeRange).toMatch(/^U\+0600-06FF/);
    expect(added[2].descriptors.unicodeRange).toMatch(/^U\+0000-00FF/);
    expect(added.every((f) => /^url\(.+\) format\('woff2'\)$/.test(f.source))).toBe(true);
  });

  it('does nothing where the browser lacks the font loading API', () => {
    (globalThis as { FontFace?: unknown }).FontFace = undefined;
    expect(() => registerFonts({} as Document)).not.toThrow();
  });
});
