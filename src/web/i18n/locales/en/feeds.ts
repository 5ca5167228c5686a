/**
 * English strings of a list's feed button (issue 15). They travel with the button's own chunk
 * (src/web/features/feeds/FeedButton.tsx), never in the first download. The shape of record for
 * `ar/feeds.ts`.
 */
const feeds = {
  feeds: {
    button: 'Feeds',
    atom: 'Atom feed',
    rss: 'RSS feed',
    copy: 'Copy the feed address',
    copied: 'Feed address copied',
  },
} as const;

export default feeds;
