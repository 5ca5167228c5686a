/**
 * PostgreSQL text cannot hold U+0000: a NUL sent in JSON or a URL would make the query fail
 * (a 500), so it is refused where text is stored and ignored where it is only looked for.
 */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

export function withoutNul(text: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is what it removes
  return text.replace(/\u0000/g, '');
}

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069).
 * In a name they reorder what follows them wherever the name is shown — a page title, a
 * byline, an e-mail greeting — and can make one name pass for another (U+202E, the
 * right-to-left override, spells `evil‮moc.` as `evil.com`). The marks U+200E, U+200F and
 * U+061C are kept: they only settle the direction of neighbouring digits and punctuation, which
 * a name mixing Arabic and Latin letters may need, and cannot reorder anything beyond that.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
