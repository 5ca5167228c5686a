import { diffWords, MAX_EDITS, tokenize, type DiffPart } from './wordDiff';

/** The parts as a short string: [-removed-] {+added+}. */
const marked = (parts: DiffPart[]) =>
  parts.map((p) => (p.kind === 'added' ? `{+${p.text}+}` : p.kind === 'removed' ? `[-${p.text}-]` : p.text)).join('');

const words = (text: string, language = 'ar') =>
  tokenize(text, language)
    .filter((t) => t.word)
    .map((t) => t.text.trimEnd());

describe('tokenize', () => {
  it('keeps every Arabic word whole with its diacritics, shadda, dagger alif, tatweel and clinging prefixes', () => {
    const text = 'قَرَّرَ مَجْلِسُ الوزراءِ، بالإجماعِ: تعديلُ «اللائحةِ» هٰذا الـــنظام والمادةِ (٣)؛ وذلكَ فورًا.';
    expect(words(text)).toEqual([
      'قَرَّرَ',
      'مَجْلِسُ',
      'الوزراءِ',
      'بالإجماعِ',
      'تعديلُ',
      'اللائحةِ',
      'هٰذا',
      'الـــنظام',
      'والمادةِ',
      '٣',
      'وذلكَ',
      'فورًا',
    ]);
  });

  it('gives back the text when its tokens are joined, punctuation and line breaks included', () => {
    const text = 'المادة الأولى:\n\nيُعمل بهذا القرار اعتبارًا من 1/5/2024م.\r\nThe decision, in force now.';
    expect(
      tokenize(text, 'ar')
        .map((t) => t.text)
        .join(''),
    ).toBe(text);
  });

  it('never leaves a combining mark on its own, whatever the segmenter', () => {
    const text = 'ـَ قَ ًا ّ';
    for (const token of tokenize(text, 'ar')) expect(token.text).not.toMatch(/^[\u064b-\u065f\u0670]/u);
  });

  it('works without Intl.Segmenter, keeping the marks with their letters', () => {
    const segmenter = Object.getOwnPropertyDescriptor(Intl, 'Segmenter')!;
    // An engine without it.
    delete (Intl as { Segmenter?: unknown }).Segmenter;
    try {
      expect(words('وَزَارَةُ الصِّحَّةِ: 30 يومًا', 'ar-x-none')).toEqual(['وَزَارَةُ', 'الصِّحَّةِ', '30', 'يومًا']);
      expect(tokenize('a  b،c', 'en-x-none').map((t) => t.text)).toEqual(['a  ', 'b', '،', 'c']);
    } finally {
      Object.defineProperty(Intl, 'Segmenter', segmenter);
    }
  });

  it('compares words in canonical form: the same marks in another order are the same word', () => {
    // Shadda then fatha, and fatha then shadda: one word to a reader.
    const [a] = tokenize('قرّ\u064e', 'ar');
    const [b] = tokenize('قر\u064e\u0651', 'ar');
    expect(a.key).toBe(b.key);
  });
});

describe('diffWords', () => {
  it('shows a changed diacritic as the whole word changed, never a split word', () => {
    const result = diffWords('صدر القرارُ اليوم', 'صدر القرارَ اليوم', 'ar');
    expect(marked(result.parts)).toBe('صدر [-القرارُ-]{+القرارَ+} اليوم');
    expect(result).toMatchObject({ added: 1, removed: 1 });
  });

  it('shows a shadda or tanween added to a word as that word changed', () => {
    const result = diffWords('يعمل بها فورا', 'يُعمل بها فورًا', 'ar');
    expect(marked(result.parts)).toBe('[-يعمل-]{+يُعمل+} بها [-فورا-]{+فورًا+}');
    expect(result).toMatchObject({ added: 2, removed: 2 });
  });

  it('marks the words of a corrected period, the rest of the text as it was', () => {
    const older = 'تلتزم الجهات بالتنفيذ خلال مدة لا تتجاوز 30 يومًا من تاريخ الصدور.';
    const newer = 'تلتزم الجهات المعنية بالتنفيذ خلال مدة لا تتجاوز 60 يومًا من تاريخ الصدور.';
    const result = diffWords(older, newer, 'ar');
    expect(marked(result.parts)).toBe('تلتزم الجهات {+المعنية+} بالتنفيذ خلال مدة لا تتجاوز [-30-]{+60+} يومًا من تاريخ الصدور.');
    expect(result).toMatchObject({ added: 2, removed: 1 });
  });

  it('reads neighbouring changes as one: the removed words, then the added ones', () => {
    const result = diffWords('one two three four', 'one five six four', 'en');
    expect(marked(result.parts)).toBe('one [-two three-]{+five six+} four');
    expect(result).toMatchObject({ added: 2, removed: 2 });
  });

  it('keeps the spacing around a removed word, and counts no punctuation or space as a word', () => {
    expect(marked(diffWords('A B C', 'A C', 'en').parts)).toBe('A [-B-] C');
    expect(marked(diffWords('A C', 'A B C', 'en').parts)).toBe('A {+B+} C');
    const punctuation = diffWords('قرار، نافذ', 'قرار؛ نافذ', 'ar');
    expect(punctuation).toMatchObject({ added: 0, removed: 0 });
    expect(marked(punctuation.parts)).toBe('قرار[-،-]{+؛+} نافذ');
  });

  it('keeps paragraphs apart, and shows a removed paragraph between them', () => {
    const result = diffWords('المادة 1\n\nالمادة 2\n\nالمادة 3', 'المادة 1\n\nالمادة 3', 'ar');
    expect(marked(result.parts)).toBe('المادة 1\n\n[-المادة 2-]\n\nالمادة 3');
    expect(result).toMatchObject({ added: 0, removed: 2 });
  });

  it('never shows white space alone as a change (the newer layout is kept)', () => {
    const result = diffWords('سطر أول\nسطر ثان', 'سطر أول سطر ثان', 'ar');
    expect(result.parts).toEqual([{ kind: 'equal', text: 'سطر أول سطر ثان' }]);
    expect(result).toMatchObject({ added: 0, removed: 0 });
  });

  it('finds nothing between the same texts, and everything from or to an empty one', () => {
    expect(diffWords('نص ثابت', 'نص ثابت', 'ar')).toEqual({ parts: [{ kind: 'equal', text: 'نص ثابت' }], added: 0, removed: 0 });
    expect(diffWords('', 'ملخص جديد للقرار', 'ar')).toEqual({ parts: [{ kind: 'added', text: 'ملخص جديد للقرار' }], added: 3, removed: 0 });
    expect(diffWords('ملخص قديم', '', 'ar')).toEqual({ parts: [{ kind: 'removed', text: 'ملخص قديم' }], added: 0, removed: 2 });
  });

  it('gives up aligning texts too different to be worth it: the older removed, the newer added', () => {
    const older = Array.from({ length: MAX_EDITS }, (_, i) => `a${i}`).join(' ');
    const newer = Array.from({ length: MAX_EDITS }, (_, i) => `b${i}`).join(' ');
    const result = diffWords(older, newer, 'en');
    expect(result.parts.map((p) => p.kind)).toEqual(['removed', 'added']);
    expect(result).toMatchObject({ added: MAX_EDITS, removed: MAX_EDITS });
  });
});
