/** The print screen's strings (issue 30), part of the screens' strings (`screens.ts`). */
const print = {
  print: {
    title: 'Print',
  },
} as const;

export default print;
