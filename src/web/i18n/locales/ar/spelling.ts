import type { ScreenResources } from '../../types';

/** "Did you mean" under a search that finds little (see `en/spelling.ts`). */
const spelling: Pick<ScreenResources, 'spelling'> = {
  spelling: {
    label: 'اقتراحات البحث',
    didYouMean: 'هل تقصد:',
    separator: '، ',
    end: '؟',
    posts_zero: 'لا منشورات',
    posts_one: 'منشور واحد',
    posts_two: 'منشوران',
    posts_few: '{{n}} منشورات',
    posts_many: '{{n}} منشورًا',
    posts_other: '{{n}} منشور',
    postsAtLeast: 'أكثر من {{n}} منشور',
  },
};

export default spelling;
