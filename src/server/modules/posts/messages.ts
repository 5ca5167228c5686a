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
  verifyOneWay: {
    en: 'Ask by one of: a file (sha256), a document number with its organization, or a link.',
    ar: 'اطلب التحقق بطريقة واحدة: ملف (sha256)، أو رقم وثيقة مع الجهة المصدرة، أو رابط.',
  },
  documentNumberUnreadable: { en: 'Write the document number with its digits, e.g. 794/1446.', ar: 'اكتب رقم الوثيقة بأرقامه، مثل 794/1446.' },
  organizationRequired: { en: 'Choose the issuing organization.', ar: 'اختر الجهة المصدرة.' },
} as const satisfies Record<string, Record<Lang, string>>;
