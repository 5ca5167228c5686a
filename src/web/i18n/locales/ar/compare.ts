import type { ScreenResources } from '../../types';

/** The compare screen's Arabic strings (see `en/compare.ts`). */
const compare: Pick<ScreenResources, 'compare'> = {
  compare: {
    title: 'مقارنة النسخ',
  },
};

export default compare;
