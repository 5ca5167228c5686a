import type { OutboxResources } from '../../types';

/** Arabic strings of the outbox (writes made offline), with its chunk; typed against `en/outbox.ts`. */
const outbox: OutboxResources = {
  outbox: {
    saved: 'حُفظ التغيير على هذا الجهاز، وسيُرسَل حين يعود الاتصال بالإنترنت',
    sent: 'أُرسلت التغييرات التي أُجريت دون اتصال ({{count}})',
    conflict: 'حُذفت الإشارة المرجعية إلى «{{title}}» من جهاز آخر، فلم تُحفظ هذه الملاحظة: «{{note}}»',
    conflictNoNote: 'حُذفت الإشارة المرجعية إلى «{{title}}» من جهاز آخر، فلم يُحفظ تعديل ملاحظتها',
    bookmarkAgain: 'احفظه مجددًا مع هذه الملاحظة',
    bookmarkAgainPlain: 'احفظه مجددًا',
    refusedAdd: 'رفض الخادم حفظ «{{title}}»: {{error}}',
    refusedNote: 'رفض الخادم الملاحظة على «{{title}}»: {{error}}',
    refusedRemove: 'رفض الخادم حذف «{{title}}» من المحفوظات: {{error}}',
  },
};

export default outbox;
