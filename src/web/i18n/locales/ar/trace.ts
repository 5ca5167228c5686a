import type { TraceResources } from '../../types';

/** Arabic strings of the trace recorder's menu item, with its chunk; typed against `en/trace.ts`. */
const trace: TraceResources = {
  trace: {
    download: 'تنزيل سجل التتبع',
    hint: 'سجلّ بآخر {{limit}} إجراء في هذه الصفحة يُرفَق ببلاغ عن خلل، دون كلمات المرور ورموز الدخول ونصوص الملاحظات',
    downloaded: 'تم تنزيل سجل التتبع (عدد الإجراءات: {{count}})',
    failed: 'تعذّر إعداد سجل التتبع',
  },
};

export default trace;
