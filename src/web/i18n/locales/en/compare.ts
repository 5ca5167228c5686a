/** The compare screen's strings (issue 30), part of the screens' strings (`screens.ts`). */
const compare = {
  compare: {
    title: 'Compare versions',
  },
} as const;

export default compare;
