import type { Lang } from '../lang';

/** Messages of the database's refusals (db-errors.ts), in both languages (merged into the catalogue by i18n.ts). */
export const integrityMessages = {
  referenceNotFound: { en: 'This refers to something that does not exist (or no longer does).', ar: 'يشير هذا إلى عنصر غير موجود أو لم يعد موجوداً.' },
  stillReferenced: { en: 'This is still in use elsewhere and cannot be removed.', ar: 'لا يمكن حذف هذا العنصر لأنه ما زال مستخدماً في موضع آخر.' },
  alreadyExists: { en: 'This already exists.', ar: 'هذا العنصر موجود مسبقاً.' },
  valueNotAllowed: { en: 'This value is not allowed.', ar: 'هذه القيمة غير مسموح بها.' },
  valueRequired: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
} as const satisfies Record<string, Record<Lang, string>>;
