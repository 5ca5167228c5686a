import { COLOR_SCHEME_ATTRIBUTE } from '../../../pageMarks';

const DARK = `[${COLOR_SCHEME_ATTRIBUTE}="dark"] &`;

/**
 * How an addition and a removal look: underlined and struck through (told apart without colour,
 * and in forced colours, where backgrounds are dropped), on a green and a red tint of each scheme.
 */
export const insertedStyle = {
  textDecorationLine: 'underline',
  textDecorationThickness: '2px',
  textUnderlineOffset: '0.3em',
  textDecorationSkipInk: 'none',
  textDecorationColor: '#15803d',
  bgcolor: '#dcfce7',
  color: 'text.primary',
  borderRadius: '3px',
  [DARK]: { bgcolor: 'rgba(34, 197, 94, 0.22)', textDecorationColor: '#4ade80' },
} as const;

export const removedStyle = {
  textDecorationLine: 'line-through',
  textDecorationThickness: '2px',
  textDecorationColor: '#b91c1c',
  bgcolor: '#fee2e2',
  color: 'text.primary',
  borderRadius: '3px',
  [DARK]: { bgcolor: 'rgba(239, 68, 68, 0.24)', textDecorationColor: '#f87171' },
} as const;

/** Said by a screen reader, not shown (nor copied with the text): generated content, clipped. */
export const spokenOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(100%)',
  whiteSpace: 'nowrap',
} as const;
