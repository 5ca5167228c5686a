import type { ScreenResources } from '../../types';

/** The print screen's Arabic strings (see `en/print.ts`). */
const print: Pick<ScreenResources, 'print'> = {
  print: {
    title: 'طباعة',
  },
};

export default print;
