/**
 * "Did you mean" under a search that finds little (issue 32, point 3:
 * src/web/components/search/DidYouMean.tsx), part of the screens' strings (`screens.ts`).
 */
const spelling = {
  spelling: {
    // Names the region that says it: a screen reader announces its text once when it comes.
    label: 'Search suggestions',
    // The sentence around the corrected searches: "Did you mean: a (12 posts), b (3 posts)?"
    didYouMean: 'Did you mean:',
    separator: ', ',
    end: '?',
    // How many posts a corrected search finds ({{n}}: the number as the language writes it).
    // English uses _one and _other; the rest are the Arabic plural forms' keys.
    posts_zero: 'no posts',
    posts_one: 'one post',
    posts_two: 'two posts',
    posts_few: '{{n}} posts',
    posts_many: '{{n}} posts',
    posts_other: '{{n}} posts',
    // The list counted it up to its bound: "1,000+ posts".
    postsAtLeast: '{{n}}+ posts',
  },
} as const;

export default spelling;
