/** The compare screen's strings (issue 30), part of the screens' strings (`screens.ts`). */
const compare = {
  compare: {
    title: 'Compare versions',
    heading: 'Versions {{older}} and {{newer}} compared',
    older: 'Older',
    newer: 'Newer',
    read: 'Read version {{version}}',
    swapped: 'The address named the newer version first: the comparison reads from the older to the newer.',
    same: 'Both sides are version {{version}}: there is nothing to compare.',
    // What changed, in words: "12 words added, 3 words removed" ({{n}}: the number as the language writes it).
    // English uses _one and _other (and _zero); the rest are the Arabic plural forms' keys.
    summary: '{{added}}, {{removed}}',
    unchangedAll: 'No word changed between the two versions.',
    added_zero: 'No words added',
    added_one: 'One word added',
    added_two: '2 words added',
    added_few: '{{n}} words added',
    added_many: '{{n}} words added',
    added_other: '{{n}} words added',
    removed_zero: 'no words removed',
    removed_one: 'one word removed',
    removed_two: '2 words removed',
    removed_few: '{{n}} words removed',
    removed_many: '{{n}} words removed',
    removed_other: '{{n}} words removed',
    // The key to the marks, on each version's card (<sample>: the words drawn as the marks are).
    legendRemoved: '<sample>Struck through</sample>: only in version {{version}}',
    legendAdded: '<sample>Underlined</sample>: only in version {{version}}',
    fields: {
      title: 'Title',
      summary: 'Summary',
      content: 'Text',
    },
    fieldIn: '{{field}} ({{language}})',
    unchanged: 'Unchanged',
    // Read by screen readers around each change (CSS, not copied with the text).
    insStart: 'added:',
    insEnd: 'end of addition',
    delStart: 'removed:',
    delEnd: 'end of removal',
    history: {
      withPrevious: 'Compare with version {{version}}',
      amendedBy: 'Amended by “{{title}}”',
      amendment: 'Compare the text before and after (versions {{before}} and {{after}})',
    },
  },
} as const;

export default compare;
