import type { ScreenResources } from '../../types';

/** The verify screen's Arabic strings (see `en/verify.ts`). */
const verify: Pick<ScreenResources, 'verify'> = {
  verify: {
    title: 'التحقق من وثيقة',
  },
};

export default verify;
