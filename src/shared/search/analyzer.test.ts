import { analyze, normalizeArabicWord, termsOfWord } from './analyzer';
import evalSet from '../../../scripts/fixtures/search-eval.json';
import { excerpt, fromMarkedHtml, highlight, matches, toMarkedHtml } from './highlight';
import { parseQuery, positiveTerms, toLooseTsQuery, toTsQuery } from './query';

/** True when every form shares a term with the first one (a query of any finds a document of any). */
const meet = (forms: string[]) => {
  const sets = forms.map((f) => new Set(termsOfWord(f)));
  return forms.filter((_, i) => ![...sets[i]].some((t) => sets.every((s) => s.has(t))));
};

describe('the Arabic analyzer', () => {
  it('normalizes letters as the light stemmers do, and folds hamza seats and digits', () => {
    expect(normalizeArabicWord('إِعْلَانٌ')).toBe('اعلان');
    expect(normalizeArabicWord('مستشفى')).toBe('مستشفي');
    expect(normalizeArabicWord('الصحة')).toBe('الصحه');
    expect(normalizeArabicWord('مسئول')).toBe(normalizeArabicWord('مسؤول'));
    expect(normalizeArabicWord('شئون')).toBe(normalizeArabicWord('شؤون'));
    expect(normalizeArabicWord('قـــرار')).toBe('قرار');
    expect(normalizeArabicWord('٧٩٤')).toBe('794');
    expect(normalizeArabicWord('۱۴۴۶')).toBe('1446');
    // Presentation forms (text copied from PDFs) fold to letters.
    expect(normalizeArabicWord('\uFEDF\uFEA0\uFEE8\uFE94')).toBe('لجنه');
  });

  it.each([
    // The three words of the issue: each form must find the others.
    [['صحة', 'الصحة', 'بالصحة', 'والصحة', 'للصحة', 'الصحه']],
    [['بيان', 'بيانًا', 'بياناً']],
    [['خطة', 'الخطة', 'خطتها', 'بخطة']],
    [['جهة', 'الجهة', 'جهات', 'الجهات', 'للجهات']],
    [['وزارة', 'الوزارة', 'والوزارة', 'بالوزارة', 'لوزارة', 'للوزارة', 'بوزارة', 'ووزارة', 'وزارات', 'الوزارات']],
    [['إعلان', 'الإعلان', 'اعلان', 'والإعلان', 'بالإعلان', 'إعلانات', 'الإعلانات']],
    [['لجنة', 'اللجنة', 'للجنة', 'واللجنة', 'بلجنة']],
    [['بيان', 'البيان', 'بيانات', 'البيانات', 'ببيان', 'وبيان']],
    [['تعليم', 'التعليم', 'والتعليم', 'للتعليم', 'بالتعليم', 'وتعليم']],
    [['قرار', 'قَرَار', 'قـــرار', 'القرار', 'والقرار', 'بالقرار', 'القرارات', 'بقرار', 'وقرار', 'فالقرار', 'كالقرار']],
    [['مسؤول', 'مسئول', 'المسؤول', 'المسئول', 'مسؤولون', 'المسؤولين']],
  ])('gives every form of a word a common term: %j', (forms) => {
    expect(meet(forms)).toEqual([]);
  });

  it('does not merge different words', () => {
    const same = (a: string, b: string) => termsOfWord(a).some((t) => termsOfWord(b).includes(t));
    expect(same('إعلان', 'أعلى')).toBe(false);
    expect(same('الإعلان', 'الأعلى')).toBe(false);
    expect(same('وزارة', 'زيارة')).toBe(false);
    expect(same('بحث', 'حث')).toBe(false);
    expect(same('لجنة', 'جنة')).toBe(false);
    expect(same('قرار', 'إقرار')).toBe(false);
    expect(same('وعد', 'عدة')).toBe(false);
    expect(same('السلامة', 'السلام')).toBe(false);
    expect(same('الرياضة', 'الرياض')).toBe(false);
    expect(same('المحافظة', 'المحافظ')).toBe(false);
  });

  it('keeps the first letter of words whose first letter is a root letter', () => {
    expect(termsOfWord('وزارة')).toEqual(['وزاره']);
    expect(termsOfWord('بيان')).toEqual(['بيان']);
    expect(termsOfWord('فرع')).toEqual(['فرع']);
    expect(termsOfWord('كتاب')).toEqual(['كتاب']);
    expect(termsOfWord('لائحة')).toEqual(['لاءحه']);
  });

  it('stems English with Porter2 and keeps numbers', () => {
    expect(termsOfWord('Regulations')).toEqual(termsOfWord('regulation'));
    expect(termsOfWord("ministry's")).toEqual(termsOfWord('ministries'));
    expect(termsOfWord('2024')).toEqual(['2024']);
  });

  it('gives words with offsets, and says which are joined by a mark', () => {
    const text = 'القرار رقم ٧٩٤/١٤٤٦ بشأن COVID-19';
    const words = analyze(text);
    expect(words.map((w) => text.slice(w.start, w.end))).toEqual(['القرار', 'رقم', '٧٩٤', '١٤٤٦', 'بشأن', 'COVID', '19']);
    expect(words.map((w) => w.joined)).toEqual([false, false, false, true, false, false, true]);
  });
});

describe('queries', () => {
  it('reads words, phrases, exclusions and document numbers', () => {
    expect(toTsQuery(parseQuery('وزارة الصحة'))).toBe("'وزاره' & 'صحه'");
    expect(toTsQuery(parseQuery('"وزارة الصحة" -التعليم'))).toBe("('وزاره' <-> 'صحه') & !'تعليم'");
    expect(toTsQuery(parseQuery('794/1446'))).toBe("('794' <-> '1446')");
    expect(toTsQuery(parseQuery('رقم ٧٩٤'))).toBe("'رقم' & '794'");
    expect(toTsQuery(parseQuery('بقرار'))).toBe("('بقرار' | 'قرار')");
    expect(toTsQuery(parseQuery('«اللائحة التنفيذية»'))).toBe("('لاءحه' <-> 'تنفيذي')");
    expect(toTsQuery(parseQuery('-التعليم'))).toBeNull();
    expect(toTsQuery(parseQuery('  ... '))).toBeNull();
    expect(toTsQuery(parseQuery("it's 'x' \\ y"))).toBe("'it' & 'x' & 'y'");
  });

  it('writes a search with a phrase without positions, finding at least its posts', () => {
    expect(toLooseTsQuery(parseQuery('"وزارة الصحة" -التعليم'))).toBe("('وزاره' & 'صحه') & !'تعليم'");
    expect(toLooseTsQuery(parseQuery('794/1446'))).toBe("('794' & '1446')");
    // A phrase left out is not left out (a post holding its words apart is still found).
    expect(toLooseTsQuery(parseQuery('وزارة -"وزارة التعليم"'))).toBe("'وزاره'");
    // Without a phrase there is no looser form.
    expect(toLooseTsQuery(parseQuery('وزارة الصحة'))).toBeNull();
    expect(toLooseTsQuery(parseQuery('-"وزارة التعليم"'))).toBeNull();
  });
});

describe('highlighting', () => {
  const terms = positiveTerms(parseQuery('وزارة الصحة'));

  it('marks every written form of the searched words, neighbours as one mark', () => {
    const segments = highlight('قرار بالوزارة عن والصحة، وعن الوزارات والصحة', terms);
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['بالوزارة', 'والصحة', 'الوزارات والصحة']);
  });

  it('cuts an excerpt around the matches, at word boundaries', () => {
    const long = `${'كلام عام في موضوع آخر. '.repeat(30)}أعلنت وزارة الصحة اليوم عن إجراءات جديدة. ${'نص لاحق طويل '.repeat(30)}`;
    const segs = excerpt(long, terms, 120)!;
    const text = segs.map((s) => s.text).join('');
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text.length).toBeLessThan(140);
    expect(segs.filter((s) => s.mark).map((s) => s.text)).toEqual(['وزارة الصحة']);
    expect(excerpt('لا شيء هنا', terms)).toBeNull();
  });

  it('marks exactly the words whose terms match, whatever form text and query are written in', () => {
    // Highlighting finds the words that may match by one pass of a pattern over the text (what
    // such a word must contain) and reads only those: that shortcut must never lose a match.
    // Every form of every group of the evaluation set, as text and as query.
    const groups = [...evalSet.arabic, ...evalSet.english].map((g) => g.forms);
    const withWords = (text: string) => ({ text, words: analyze(text) });
    // Each form alone in a sentence: a neighbour from another group, a tanwin, a number.
    const texts = groups.map((forms, i) =>
      forms.map((f, j) => {
        const other = groups[(i + 1 + j) % groups.length];
        return withWords(`${other[j % other.length]} (${f})، بيانًا 794/1446`);
      }),
    );
    // Words run into by other letters, presentation forms, other digits, a number glued to a word.
    const edges = [
      'xوزارة و abcالصحة',
      "o'قرار",
      'ﻭﺯﺍﺭﺓ ﺍﻟﺼﺤﺔ',
      'رقم ٧٩٤/١٤٤٦ و۷۹۴',
      '2024وزارة',
      'وزارةً صحّةٌ',
      'قـــرارات ـبيان',
      "The Ministry's O'Connor HEALTH",
      'ministryوزارة وزارةministry',
      'Happiness, abilities; ministries',
    ].map(withWords);
    let checked = 0;
    const wrong: string[] = [];
    groups.forEach((forms, i) => {
      const near = [...texts[i], ...texts[(i + 1) % groups.length], ...texts[(i + 2) % groups.length], ...edges];
      for (const query of [...forms, '794', 'بيان', 'ministry', 'health', 'connor', 'happy', 'ability']) {
        const terms = new Set(termsOfWord(query));
        for (const { text, words } of near) {
          const expected = words.filter((w) => w.terms.some((t) => terms.has(t)));
          const marked = highlight(text, terms).filter((s) => s.mark);
          // Marks join neighbours: every matching word lies within a mark.
          const lost = expected.filter((w) => !marked.some((m) => m.text.includes(text.slice(w.start, w.end))));
          if (matches(text, terms) !== expected.length > 0 || marked.length > 0 !== expected.length > 0 || lost.length) {
            wrong.push(`${query} in ${text}`);
          }
          checked++;
        }
      }
    });
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(20_000);
  });

  it('escapes text and reads its own HTML back without running any', () => {
    const html = toMarkedHtml(highlight('<script>alert(1)</script> وزارة & "الصحة"', terms));
    expect(html).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>وزارة</mark> &amp; &quot;<mark>الصحة</mark>&quot;');
    expect(fromMarkedHtml(html)).toEqual([
      { text: '<script>alert(1)</script> ', mark: false },
      { text: 'وزارة', mark: true },
      { text: ' & "', mark: false },
      { text: 'الصحة', mark: true },
      { text: '"', mark: false },
    ]);
  });
});
