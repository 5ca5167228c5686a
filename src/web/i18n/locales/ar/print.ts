import type { ScreenResources } from '../../types';

/** The print screen's Arabic strings (see `en/print.ts`). */
const print: Pick<ScreenResources, 'print'> = {
  print: {
    title: 'طباعة',
    print: 'طباعة',
    backToPost: 'العودة إلى المنشور',
    hint: 'صفحة بمقاس A4 بلغة الوثيقة، مع رمز يقود إلى هذه النسخة على البوابة.',
    sheet: {
      label: 'نسخة قابلة للطباعة من النسخة {{version}}',
      typeAndNumber: '{{type}} رقم {{number}}',
      gregorian: 'التاريخ',
      hijri: 'الموافق',
      status: 'الحالة',
      file: 'الملف',
      sha256: 'SHA-256',
      noDigest: 'لم يُوقَّع بعد',
      verification: 'التحقق',
      version: 'النسخة {{version}}، المنشورة في {{date}}',
      signature: 'التوقيع',
      signedBy: 'Ed25519، المفتاح {{kid}}',
      digest: 'البصمة (SHA-256)',
      unsigned: 'لم تُوقَّع هذه النسخة بعد: تحقّق منها على البوابة.',
      scan: 'امسح الرمز لفتح هذه النسخة على البوابة والتحقق منها:',
      qr: 'رمز QR لرابط النسخة {{version}}',
    },
  },
};

export default print;
