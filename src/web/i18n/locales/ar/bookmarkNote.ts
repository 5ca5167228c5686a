import type { BookmarkNoteResources } from '../../types';

/** Arabic strings of the note asked for when a post is saved, with its chunk; typed against `en/bookmarkNote.ts`. */
const bookmarkNote: BookmarkNoteResources = {
  bookmarkNote: {
    title: 'حفظ المنشور',
    noteLabel: 'ملاحظة (اختيارية)',
    notePlaceholder: 'أضف ملاحظة خاصة…',
    saveWithNote: 'حفظ مع الملاحظة',
    saveWithoutNote: 'حفظ بدون ملاحظة',
  },
};

export default bookmarkNote;
