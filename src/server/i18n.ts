import type { FastifyRequest } from 'fastify';
import { integrityMessages } from './http/db-error-messages';
import { languageOf, type Lang } from './lang';
import { alertMessages } from './modules/alerts/messages';
import { authMessages } from './modules/auth/messages';
import { bookmarkMessages } from './modules/bookmarks/messages';
import { contentMessages } from './modules/posts/messages';
import { studioMessages } from './modules/studio/messages';

export { languageOf, type Lang };

/** Every message the API answers with, in both languages. */
export const messages = {
  unexpected: { en: 'An unexpected error occurred', ar: 'حدث خطأ غير متوقع' },
  notFound: { en: 'Not found.', ar: 'غير موجود.' },
  pathNotFound: { en: 'This address does not exist.', ar: 'هذا العنوان غير موجود.' },
  invalidPage: { en: 'Invalid page.', ar: 'صفحة غير صالحة.' },
  malformedJson: { en: 'The request body is not valid JSON.', ar: 'محتوى الطلب ليس بصيغة JSON صالحة.' },
  unsupportedMediaType: { en: 'Unsupported content type "{type}".', ar: 'نوع المحتوى "{type}" غير مدعوم.' },
  bodyTooLarge: { en: 'The request is too large.', ar: 'حجم الطلب أكبر من المسموح.' },
  badRequest: { en: 'The request is not valid.', ar: 'الطلب غير صالح.' },
  badUrl: { en: 'The address is not valid.', ar: 'العنوان غير صالح.' },
  tooManyRequests: {
    en: 'Too many attempts. Please try again in {seconds} seconds.',
    ar: 'محاولات كثيرة جداً. يرجى المحاولة مرة أخرى بعد {seconds} ثانية.',
  },
  serviceUnavailable: {
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    ar: 'الخدمة غير متاحة مؤقتاً. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  },
  storageFull: {
    en: 'The server has no room to store this now. Please try again later.',
    ar: 'لا تتسع مساحة التخزين في الخادم لحفظ هذا الآن. يرجى المحاولة مرة أخرى لاحقاً.',
  },
  backupRunning: { en: 'A backup is being written already.', ar: 'تجري كتابة نسخة احتياطية بالفعل.' },
  ...integrityMessages,
  ...authMessages,
  ...contentMessages,
  ...bookmarkMessages,
  ...studioMessages,
  ...alertMessages,
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function t(req: FastifyRequest, key: MessageKey, params?: Record<string, string | number>): string {
  return translate(languageOf(req.headers['accept-language']), key, params);
}
