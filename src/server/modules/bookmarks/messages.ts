import type { Lang } from '../../lang';

/** Messages of the bookmarks module, in both languages (merged into the catalogue by i18n.ts). */
export const bookmarkMessages = {
  bookmarkNotFound: { en: 'Bookmark not found.', ar: 'لم يتم العثور على الإشارة المرجعية' },
  bookmarkCreated: { en: 'Post saved to your bookmarks.', ar: 'تم حفظ المنشور في المحفوظات' },
  bookmarkExists: { en: 'This post is already in your bookmarks.', ar: 'هذا المنشور محفوظ مسبقاً' },
  notesTooLong: { en: 'Ensure this field has no more than 500 characters.', ar: 'يجب ألا يزيد هذا الحقل على 500 حرف.' },
} as const satisfies Record<string, Record<Lang, string>>;
