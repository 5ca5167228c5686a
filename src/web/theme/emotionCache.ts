import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Direction } from '../i18n/types';

// One cache per direction, made once: swapping caches on a language switch re-inserts the
// styles through the right stylis pipeline (the rtl one flips left/right, margins, etc.), so no
// hand-written RTL overrides are needed.
//
// Without stylis's vendor prefixer (Emotion's default): every browser the portal serves takes
// flexbox, transitions and transforms unprefixed, and the prefixes were an eighth of a drawn
// page's CSS and work on every style inserted. Safari's one still-prefixed property MUI relies
// on, user-select on buttons, is set in the theme (createAppTheme.ts).
export const rtlCache: EmotionCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
export const ltrCache: EmotionCache = createCache({ key: 'mui', stylisPlugins: [] });

export function cacheFor(direction: Direction): EmotionCache {
  return direction === 'rtl' ? rtlCache : ltrCache;
}
