import type { FeedsResources } from '../../types';

/**
 * Arabic strings of a list's feed button and its alerts dialog (issue 15), with the button's own chunk; typed against `en/feeds.ts`.
 */
const feeds: FeedsResources = {
  feeds: {
    button: 'الخلاصات',
    atom: 'خلاصة Atom',
    rss: 'خلاصة RSS',
    copy: 'نسخ عنوان الخلاصة',
    copied: 'تم نسخ عنوان الخلاصة',
    alerts: 'تنبيهات البريد الإلكتروني',
  },
  alertDialog: {
    title: 'تنبيهات البريد الإلكتروني',
    intro: 'نرسل إليك المنشورات الجديدة في «{{title}}» عبر البريد الإلكتروني.',
    email: 'البريد الإلكتروني',
    sentTo: 'تُرسَل التنبيهات إلى {{email}}، وهو البريد المسجّل في حسابك.',
    frequency: 'وتيرة الإرسال',
    immediate: 'فور نشر كل منشور',
    daily: 'ملخص يومي',
    weekly: 'ملخص أسبوعي',
    language: 'لغة الرسائل',
    arabic: 'العربية',
    english: 'English',
    subscribe: 'اشتراك',
    cancel: 'إلغاء',
    close: 'إغلاق',
    emailRequired: 'أدخل بريدك الإلكتروني',
    emailInvalid: 'أدخل بريدًا إلكترونيًا صحيحًا، مثل name@example.com',
    checkInbox: 'تحقّق من بريدك الوارد: أرسلنا رابط تأكيد إلى {{email}}، ولن تبدأ التنبيهات قبل فتحه.',
    subscribed: 'تم الاشتراك: ستصلك المنشورات الجديدة في هذه القائمة عبر البريد الإلكتروني',
    failed: 'تعذّر الاشتراك، يُرجى المحاولة مرة أخرى.',
  },
};

export default feeds;
