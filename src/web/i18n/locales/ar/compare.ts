import type { ScreenResources } from '../../types';

/** The compare screen's Arabic strings (see `en/compare.ts`). */
const compare: Pick<ScreenResources, 'compare'> = {
  compare: {
    title: 'مقارنة النسخ',
    heading: 'مقارنة النسختين {{older}} و{{newer}}',
    older: 'الأقدم',
    newer: 'الأحدث',
    read: 'اقرأ النسخة {{version}}',
    swapped: 'ذُكرت النسخة الأحدث أولًا في الرابط: تُقرأ المقارنة من الأقدم إلى الأحدث.',
    same: 'الطرفان هما النسخة {{version}} نفسها: لا شيء للمقارنة.',
    summary: '{{added}} و{{removed}}',
    unchangedAll: 'لم تتغير أي كلمة بين النسختين.',
    added_zero: 'لم تُضف أي كلمة',
    added_one: 'أُضيفت كلمة واحدة',
    added_two: 'أُضيفت كلمتان',
    added_few: 'أُضيفت {{n}} كلمات',
    added_many: 'أُضيفت {{n}} كلمة',
    added_other: 'أُضيفت {{n}} كلمة',
    removed_zero: 'لم تُحذف أي كلمة',
    removed_one: 'حُذفت كلمة واحدة',
    removed_two: 'حُذفت كلمتان',
    removed_few: 'حُذفت {{n}} كلمات',
    removed_many: 'حُذفت {{n}} كلمة',
    removed_other: 'حُذفت {{n}} كلمة',
    legendRemoved: '<sample>المشطوب</sample>: في النسخة {{version}} وحدها',
    legendAdded: '<sample>المسطَّر</sample>: في النسخة {{version}} وحدها',
    fields: {
      title: 'العنوان',
      summary: 'الملخص',
      content: 'النص',
    },
    fieldIn: '{{field}} ({{language}})',
    unchanged: 'دون تغيير',
    insStart: 'إضافة:',
    insEnd: 'نهاية الإضافة',
    delStart: 'حذف:',
    delEnd: 'نهاية الحذف',
    history: {
      withPrevious: 'مقارنة بالنسخة {{version}}',
      amendedBy: 'عُدِّل بـ«{{title}}»',
      amendment: 'قارن النص قبل التعديل وبعده (النسختان {{before}} و{{after}})',
    },
  },
};

export default compare;
