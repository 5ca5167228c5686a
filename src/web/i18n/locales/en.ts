import core from './en/core';
import screens from './en/screens';
import bookmarkNote from './en/bookmarkNote';
import feeds from './en/feeds';
import lightbox from './en/lightbox';
import studio from './en/studio';
import alerts from './en/alerts';
import following from './en/following';
import trace from './en/trace';
import offline from './en/offline';
import outbox from './en/outbox';

/**
 * English strings: the shape of record. `ar.ts` must hold exactly the same key tree (see
 * `LocaleResources`), and the `t()` keys everywhere are checked against it.
 *
 * The app never imports this whole tree: `core` (the frame, the feed, errors) travels with the
 * first download and `screens` (every other screen) is fetched with the first of those screens,
 * which keeps the home route's JS small. Tests and types use the whole.
 *
 * A counted text is one key per plural form (i18next's suffixes `_zero` … `_other`, chosen by
 * `count`; `{{n}}` is the number as the language writes it). Arabic needs six forms where English
 * needs two: both languages hold all six, so that they share one key tree (English's `_two`,
 * `_few` and `_many` are never chosen).
 */
const en = { ...core, ...screens, ...studio, ...feeds, ...lightbox, ...bookmarkNote, ...alerts, ...following, ...trace, ...offline, ...outbox } as const;

export default en;
