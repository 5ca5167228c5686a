// IBM Plex Sans Arabic, shipped with the bundle (no third-party font host): the Arabic and
// Latin subsets, woff2 only (every browser we build for reads it), regular (400) and bold
// (700). Each face carries its subset's unicode-range, so a page downloads only the files whose
// characters it shows; webpack.config.ts preloads the Arabic 400 file, which every page needs
// first.
//
// The theme's medium (500: buttons, tabs, a few labels) is drawn with the regular face, as
// browsers do when a weight has no face of its own: its two files would add 65 KB to every
// first visit, and on a throttled phone (Lighthouse's mobile run) that cost 0.3–0.5 s of
// Largest Contentful Paint for a nuance of weight.
import arabic400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2';
import arabic700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2';
import latin400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2';
import latin700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff2';

/** The self-hosted face's family name, wherever it is declared or asked for. */
export const FACE_NAME = 'IBM Plex Sans Arabic';
export const FONT_FAMILY = `"${FACE_NAME}", system-ui, -apple-system, "Segoe UI", Tahoma, sans-serif`;

// The subsets' ranges as @fontsource declares them (its index.css).
const ARABIC =
  'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC';
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

const FACES: Array<[url: string, weight: number, range: string]> = [
  [arabic400, 400, ARABIC],
  [arabic700, 700, ARABIC],
  [latin400, 400, LATIN],
  [latin700, 700, LATIN],
];

/**
 * Declares the faces (as @font-face would, without a render-blocking stylesheet): each file
 * loads when text first needs it, and text shows at once in the fallback font meanwhile
 * (`font-display: swap`).
 */
export function registerFonts(doc: Document = document): void {
  if (typeof FontFace === 'undefined' || !doc.fonts) return;
  for (const [url, weight, unicodeRange] of FACES) {
    doc.fonts.add(new FontFace(FACE_NAME, `url(${url}) format('woff2')`, { weight: String(weight), style: 'normal', display: 'swap', unicodeRange }));
  }
}

/**
 * The same faces as a stylesheet, for a page the server drew (src/web/ssr.tsx): its text finds
 * the font before any script runs, so it is not drawn again when the app takes over.
 */
export function fontFaceCss(): string {
  return FACES.map(
    ([url, weight, range]) =>
      `@font-face{font-family:"${FACE_NAME}";font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format("woff2");unicode-range:${range}}`,
  ).join('');
}
