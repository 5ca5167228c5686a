/** STUB (interface agreed): text whose hashtags and URLs (spec §5) become links. */
export function RichText({ text }: { text: string; component?: 'p' | 'div'; clampLines?: number }) {
  return <p>{text}</p>;
}
