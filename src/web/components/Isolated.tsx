import type { ReactNode } from 'react';

/** Where the value goes in a translated string given to <Isolated>: never in our strings. */
export const VALUE = '\u2063';

/**
 * A label built from one translated string, its separator and word order the translator's
 * ('Display mode: {{mode}}'), with the value in a <bdi> of its own so a value of the other
 * direction keeps its order: text={t('theme.toggle', { mode: VALUE })}. Unlike the isolating
 * characters, <bdi> leaves nothing in the accessible name. One <span> holds the whole label:
 * loose in a flex container (a button), the text and the <bdi> were items of their own and the
 * space between them was dropped ('Display mode:System').
 */
export function Isolated({ text, value }: { text: string; value: ReactNode }) {
  const [before, after] = text.split(VALUE);
  return (
    <span>
      {before}
      <bdi>{value}</bdi>
      {after}
    </span>
  );
}
