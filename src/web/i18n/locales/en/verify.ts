/** The verify screen's strings (issue 30), part of the screens' strings (`screens.ts`). */
const verify = {
  verify: {
    title: 'Verify a document',
  },
} as const;

export default verify;
