/** Messages of e-mail alerts, in both languages (merged into the catalogue by i18n.ts). */
export const alertMessages = {
  alertNotFound: { en: 'This alert does not exist.', ar: 'هذا التنبيه غير موجود.' },
  alertTokenInvalid: { en: 'This link is not valid, or was already used.', ar: 'هذا الرابط غير صالح أو سبق استخدامه.' },
  alertEmailNeeded: { en: 'Give the address the alerts are to be sent to.', ar: 'أدخل البريد الإلكتروني الذي ستُرسل إليه التنبيهات.' },
  alertUnknownList: { en: 'This list does not exist.', ar: 'هذه القائمة غير موجودة.' },
  alertConfirmSent: {
    en: 'Check your inbox: the alert starts once you follow the link we sent.',
    ar: 'تحقق من بريدك الإلكتروني: يبدأ التنبيه بعد فتح الرابط الذي أرسلناه إليك.',
  },
  alertUnsubscribed: { en: 'You will no longer receive this alert.', ar: 'لن تصلك رسائل هذا التنبيه بعد الآن.' },
  alertSignInOrToken: { en: 'Sign in, or open the link of one of your alert e-mails.', ar: 'سجّل الدخول، أو افتح الرابط الوارد في إحدى رسائل التنبيه.' },
  alertsStaffOnly: { en: 'Only staff may see undelivered alerts.', ar: 'الاطلاع على التنبيهات المتعذر إرسالها متاح لفريق المنصة فقط.' },
} as const;
