/**
 * English strings of the note asked for when a post is saved. They travel with the note's own
 * chunk (src/web/components/posts/card/BookmarkNotePopover.tsx), never in the first download. The
 * shape of record for `ar/bookmarkNote.ts`.
 */
const bookmarkNote = {
  bookmarkNote: {
    title: 'Save post',
    noteLabel: 'Note (optional)',
    notePlaceholder: 'Add a private note…',
    saveWithNote: 'Save with note',
    saveWithoutNote: 'Save without note',
  },
} as const;

export default bookmarkNote;
