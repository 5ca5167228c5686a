/**
 * PostgreSQL text cannot hold U+0000: a NUL sent in JSON or a URL would make the query fail
 * (a 500), so it is refused where text is stored and ignored where it is only looked for.
 */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

export function withoutNul(text: string): string {
  return text.replace(/\u0000/g, '');
}
