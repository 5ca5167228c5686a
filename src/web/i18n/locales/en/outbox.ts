/**
 * English strings of the outbox (issue 31): bookmark writes made offline, kept on the device and
 * sent when the network is back. They travel with its chunk (src/web/pwa/outbox.ts),
 * never in the first download. The shape of record for `ar/outbox.ts`. A title and a note are
 * isolated in their own direction before they are put in.
 */
const outbox = {
  outbox: {
    saved: 'Saved on this device; it will be sent when you are back online',
    sent: 'Changes made offline were sent ({{count}})',
    conflict: 'Your bookmark of “{{title}}” was removed on another device, so this note was not saved: “{{note}}”',
    conflictNoNote: 'Your bookmark of “{{title}}” was removed on another device, so the change to its note was not saved',
    bookmarkAgain: 'Save again with this note',
    bookmarkAgainPlain: 'Save it again',
    refusedAdd: 'Saving “{{title}}” was refused: {{error}}',
    refusedNote: 'The note on “{{title}}” was refused: {{error}}',
    refusedRemove: 'Removing “{{title}}” from your bookmarks was refused: {{error}}',
  },
} as const;

export default outbox;
