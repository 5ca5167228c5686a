import type { LocaleResources } from '../types';
import core from './ar/core';
import screens from './ar/screens';
import bookmarkNote from './ar/bookmarkNote';
import feeds from './ar/feeds';
import lightbox from './ar/lightbox';
import studio from './ar/studio';
import alerts from './ar/alerts';
import following from './ar/following';
import trace from './ar/trace';
import offline from './ar/offline';
import outbox from './ar/outbox';

/**
 * Arabic strings (the default language). Strings the product specification gives in Arabic
 * are copied verbatim; both parts are typed against the English parts, so a key missing here
 * or not in English is a compile error. Split like `en.ts`.
 */
const ar: LocaleResources = { ...core, ...screens, ...studio, ...feeds, ...lightbox, ...bookmarkNote, ...alerts, ...following, ...trace, ...offline, ...outbox };

export default ar;
