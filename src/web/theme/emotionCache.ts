import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Direction } from '../i18n/types';

// One cache per direction, made once: swapping caches on a language switch re-inserts the
// styles through the right stylis pipeline (the rtl one flips left/right, margins, etc.), so no
// hand-written RTL overrides are needed.
export const rtlCache: EmotionCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
export const ltrCache: EmotionCache = createCache({ key: 'mui' });

export function cacheFor(direction: Direction): EmotionCache {
  return direction === 'rtl' ? rtlCache : ltrCache;
}
