/**
 * English strings of reading offline (issue 31): the offline banner, the offline page, a
 * bookmark's "available offline" switch and the new-version prompt. They travel with those
 * chunks (src/web/pwa/offlineStrings.ts). The shape of record for `ar/offline.ts`.
 */
const offline = {
  offline: {
    banner: {
      title: 'You are offline',
      reader: 'The posts you read in the last 30 days and your saved posts, with their notes, can still be read.',
      visitor: 'The posts you read in the last 30 days can still be read.',
      // Every plural form Arabic has ({{n}}: the number as the language writes it).
      pending_zero: 'No change waits to be sent.',
      pending_one: 'One change waits to be sent.',
      pending_two: '2 changes wait to be sent.',
      pending_few: '{{n}} changes wait to be sent.',
      pending_many: '{{n}} changes wait to be sent.',
      pending_other: '{{n}} changes wait to be sent.',
      whatCanBeRead: 'What can be read offline',
      saved: 'Saved posts',
    },
    page: {
      title: 'Reading offline',
      notKept: 'This page is not kept on this device, so it cannot be opened without a network.',
      intro: 'Kept on this device: these open without a network.',
      recent: 'Read recently',
      none: 'No post is kept on this device yet. Posts you open are kept for 30 days.',
      saved: 'Your saved posts',
      savedHint: 'Saved posts and your notes on them open without a network.',
      tryAgain: 'Try again',
      unsupported: 'This browser cannot keep pages for reading offline.',
    },
    files: {
      label: 'Available offline',
      size: 'Attachments: {{size}}',
      saved: 'The attachments are available offline',
      removed: 'The attachments are no longer kept on this device',
      failed: 'The attachments could not be kept. Check the connection and try again.',
    },
    update: {
      available: 'A new version of Qarar is available',
      reload: 'Reload',
      unsaved: 'Save or cancel what you are editing first, then reload for the new version.',
    },
  },
} as const;

export default offline;
