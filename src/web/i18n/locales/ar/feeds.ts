import type { FeedsResources } from '../../types';

/**
 * Arabic strings of a list's feed button (issue 15), with the button's own chunk; typed against `en/feeds.ts`.
 */
const feeds: FeedsResources = {
  feeds: {
    button: 'الخلاصات',
    atom: 'خلاصة Atom',
    rss: 'خلاصة RSS',
    copy: 'نسخ عنوان الخلاصة',
    copied: 'تم نسخ عنوان الخلاصة',
  },
};

export default feeds;
