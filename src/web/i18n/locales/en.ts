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
 * Counts are interpolated (`{{count}}`) into phrasing that reads for any number rather than
 * using plural suffixes, because Arabic needs six plural forms where English needs two and
 * the two languages would then no longer share one key tree.
 */
const en = { ...core, ...screens, ...studio, ...feeds, ...lightbox, ...bookmarkNote, ...alerts, ...following, ...trace, ...offline, ...outbox } as const;

export default en;
