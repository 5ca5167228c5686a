import type { Lang } from '../../lang';

/** Messages of the content (posts, taxonomy, hashtags, organizations) module, in both languages (merged into the catalogue by i18n.ts). */
export const contentMessages = {
  postNotFound: { en: 'Post not found', ar: 'المنشور غير موجود' },
  categoryNotFound: { en: "Category with slug '{slug}' not found", ar: "لم يتم العثور على التصنيف '{slug}'" },
  postTypeNotFound: { en: 'Post type not found.', ar: 'نوع المنشور غير موجود.' },
  hashtagNotFound: { en: 'Hashtag not found.', ar: 'الوسم غير موجود.' },
  organizationNotFound: { en: 'Organization not found.', ar: 'الجهة غير موجودة.' },
  invalidDate: { en: 'Enter a valid date.', ar: 'أدخل تاريخاً صالحاً.' },
  minAboveMax: { en: 'The minimum is greater than the maximum.', ar: 'الحد الأدنى أكبر من الحد الأعلى.' },
  draftsNeedSignIn: { en: 'Sign in to see drafts.', ar: 'يرجى تسجيل الدخول لعرض المسودات.' },
} as const satisfies Record<string, Record<Lang, string>>;
