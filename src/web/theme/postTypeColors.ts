import type { PaletteMode } from '@mui/material/styles';
import { COLOR_SCHEME_ATTRIBUTE } from '../pageMarks';

/** Post type names of the contract, plus the fallback for an unknown or missing type. */
export type PostTypeKey =
  | 'decision'
  | 'circular'
  | 'announcement'
  | 'statement'
  | 'law'
  | 'decree'
  | 'order'
  | 'directive'
  | 'regulation'
  | 'default';

/**
 * Badge background per post type (spec §9). Every shade keeps white badge text at WCAG AA
 * (≥ 4.5:1) and stands out from the page and card backgrounds of its theme by ≥ 3:1 (WCAG 1.4.11,
 * the badge's shape, the stripe of a type's card, the dot of the explore filter); the dark-mode
 * shades are light enough for that on the dark paper. Checked by postTypeColors.test.ts.
 */
export const postTypeColors: Record<PaletteMode, Record<PostTypeKey, string>> = {
  light: {
    decision: '#b91c1c', // red 700
    circular: '#6d28d9', // violet 700
    announcement: '#c2410c', // orange 700
    statement: '#1d4ed8', // blue 700
    law: '#4338ca', // indigo 700
    decree: '#0e7490', // cyan 700
    order: '#047857', // emerald 700
    directive: '#b45309', // amber 700
    regulation: '#a21caf', // fuchsia 700
    default: '#475569', // slate 600
  },
  dark: {
    decision: '#dc2626', // red 600
    circular: '#7c3aed', // violet 600
    announcement: '#c2410c', // orange 700
    statement: '#2563eb', // blue 600
    law: '#5b54ea', // between indigo 500 and 600: indigo 600 is lost on the dark paper (2.8:1)
    decree: '#0e7490', // cyan 700
    order: '#047857', // emerald 700
    directive: '#b45309', // amber 700
    regulation: '#c026d3', // fuchsia 600
    default: '#64748b', // slate 500
  },
};

export const POST_TYPE_TEXT_COLOR = '#ffffff';

const isPostTypeKey = (value: string): value is PostTypeKey =>
  Object.prototype.hasOwnProperty.call(postTypeColors.light, value);

/** The badge colour of a post type name (English name, any case); unknown names get slate. */
export function postTypeColor(name: string | null | undefined, mode: PaletteMode): string {
  const key = (name ?? '').toLowerCase();
  return postTypeColors[mode][isPostTypeKey(key) ? key : 'default'];
}

/** The CSS variable that holds a post type's colour in the scheme shown. */
const variableOf = (key: PostTypeKey) => `--q-type-${key}`;

/**
 * The badge colour of a post type name as CSS (`var(--q-type-decision)`): the value follows the
 * colour scheme on <html>, so the markup is the same for light and dark readers.
 */
export function postTypeColorVar(name: string | null | undefined): string {
  const key = (name ?? '').toLowerCase();
  return `var(${variableOf(isPostTypeKey(key) ? key : 'default')})`;
}

/** The global declarations of those variables, light by default and dark under the dark scheme. */
export function postTypeColorVariables(): Record<string, Record<string, string>> {
  const declare = (mode: PaletteMode) =>
    Object.fromEntries((Object.keys(postTypeColors[mode]) as PostTypeKey[]).map((key) => [variableOf(key), postTypeColors[mode][key]]));
  return { ':root': declare('light'), [`:root[${COLOR_SCHEME_ATTRIBUTE}="dark"]`]: declare('dark') };
}
