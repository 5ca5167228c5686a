import type en from './locales/en';
import type enCore from './locales/en/core';
import type enScreens from './locales/en/screens';
import type enBookmarkNote from './locales/en/bookmarkNote';
import type enFeeds from './locales/en/feeds';
import type enLightbox from './locales/en/lightbox';
import type enStudio from './locales/en/studio';
import type enAlerts from './locales/en/alerts';
import type enFollowing from './locales/en/following';
import type enTrace from './locales/en/trace';
import type enOutbox from './locales/en/outbox';
import type enOffline from './locales/en/offline';

/** Widens every leaf of the English tree to `string`, keeping the exact key structure. */
type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The key tree every locale must provide exactly (`en.ts` is its source). */
export type LocaleResources = Widen<typeof en>;
/** The strings of the first render, and those of the other screens (loaded apart). */
export type CoreResources = Widen<typeof enCore>;
export type ScreenResources = Widen<typeof enScreens>;
/** The publishing workspace's strings (loaded with its chunk, src/web/features/studio/studioStrings.ts). */
export type StudioResources = Widen<typeof enStudio>;
/** A list's feed button's strings (loaded with its chunk, src/web/components/feeds/FeedButton.tsx). */
export type FeedsResources = Widen<typeof enFeeds>;
/** The image viewer's strings (loaded with its chunk, src/web/components/posts/lightbox/Lightbox.tsx). */
export type LightboxResources = Widen<typeof enLightbox>;
/** The bookmark note popover's strings (loaded with its chunk, src/web/components/posts/card/BookmarkNotePopover.tsx). */
export type BookmarkNoteResources = Widen<typeof enBookmarkNote>;
/** The e-mail alerts' screens' strings (loaded with their chunk, src/web/components/alerts/alertsStrings.ts). */
export type AlertsResources = Widen<typeof enAlerts>;
/** Following topics' strings (loaded with their chunks, src/web/components/follow/followingStrings.ts). */
export type FollowingResources = Widen<typeof enFollowing>;
/** The trace recorder's menu item (loaded with its chunk, src/web/app/trace/TraceDownload.tsx). */
export type TraceResources = Widen<typeof enTrace>;
/** Writes made offline: what the reader is told of them (loaded with its chunk, src/web/pwa/outbox.ts). */
export type OutboxResources = Widen<typeof enOutbox>;
/** Reading offline: the banner, the offline page, the new-version prompt (loaded with their chunks, src/web/pwa/offlineStrings.ts). */
export type OfflineResources = Widen<typeof enOffline>;

export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Direction = 'rtl' | 'ltr';

export const DEFAULT_LANGUAGE: Language = 'ar';

export function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}
