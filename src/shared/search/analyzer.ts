/**
 * The search analyzer: how text becomes the terms a search matches on, applied identically to
 * posts when they are indexed, to queries when they are searched (server), and to titles when
 * matches are highlighted (client).
 *
 * Arabic, in the manner of the light stemmers of the field (Larkey's light10, Lucene's
 * ArabicNormalizer + ArabicStemmer):
 * - normalization: diacritics and tatweel removed; آ أ إ ٱ → ا; ى → ي; ة → ه; the hamza seats
 *   ؤ ئ → ء (so that مسؤول and مسئول, شؤون and شئون meet); Persian ک ی → ك ي; Arabic-Indic and
 *   Persian digits → ASCII; presentation forms folded (NFKC);
 * - the article and its clinging combinations (ال، وال، فال، بال، كال، لل, with و/ف before them)
 *   are removed when at least two letters remain;
 * - a clinging letter (و ف ب ك ل, or و/ف followed by ب ك ل) that is not part of the word:
 *   where the word is one of the common words whose first letter is a root letter
 *   (PROTECTED below: وزارة، بيان، لجنة…) it is kept; where the rest is such a word it is
 *   removed; otherwise the word gives both readings, as alternative terms at the same position
 *   — for documents and queries alike, so that وزارة، الوزارة، والوزارة، بالوزارة، لوزارة all
 *   reach the same term whichever form a document or a reader wrote;
 * - light10's suffixes (ها نا ات ون ين, and the ه of the feminine nisba ية), each removed once
 *   in that order while at least three letters remain (the nisba ي stays: تعليمي and تعليمية
 *   meet each other, not تعليم), with the ة a suffix turned into ت given back (خطتها → خطة) and
 *   the singular of an ات plural as an alternative (وزارات → وزارة); the dual ان is kept (it
 *   is part of بيان، إعلان، ميزان far more often than it is a dual, and removing it would merge
 *   إعلان with أعلى), and so is a final ه (after ة is folded to ه it is far more often the
 *   feminine ending than the pronoun: removing it would merge السلامة with السلام);
 * - the alef of tanwin fath (بيانًا → بيان).
 *
 * English: lower case, possessive 's removed, Porter2 (Snowball English) stemming.
 * Numbers: digits as written (after ASCII folding); "794/1446" is two terms that a query reads
 * as a phrase.
 */
import porter2 from 'wink-porter2-stemmer';

/** Changes whenever a change here changes the terms of some text: the index is rebuilt. */
export const ANALYZER_VERSION = 2;

/** A word of a text: where it is (UTF-16 offsets into the text) and the terms it stands for. */
export interface Word {
  start: number;
  end: number;
  /** Alternative terms at this position (one for most words); empty for a word that is all marks. */
  terms: string[];
  /** True when only a joining mark (/ - . : _) separates it from the word before: 794/1446. */
  joined: boolean;
}

// A word: a run of Arabic letters (with their marks and tatweel, presentation forms included),
// a run of digits (any script), or a run of other letters (with an inner apostrophe: ministry's).
const WORD =
  /[\u0621-\u063A\u0640-\u065F\u0670-\u06D3\u06D5\u06FA-\u06FF\uFB50-\uFDFF\uFE70-\uFEFC]+|[0-9\u0660-\u0669\u06F0-\u06F9]+|[\p{L}\p{M}]+(?:['’][\p{L}]+)*/gu;
const JOINERS = /^[/\-.:_]$/;

const ARABIC_LETTER = /[\u0621-\u064A]/;
const DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g;

/** Letters folded to one spelling: alef forms, alef maqsura, teh marbuta, hamza seats, Persian forms. */
const FOLD: Record<string, string> = {
  '\u0622': '\u0627', // آ
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0671': '\u0627', // ٱ
  '\u0649': '\u064A', // ى
  '\u0629': '\u0647', // ة
  '\u0624': '\u0621', // ؤ
  '\u0626': '\u0621', // ئ
  '\u06A9': '\u0643', // ک
  '\u06CC': '\u064A', // ی
  '\u06C1': '\u0647', // ہ
};
const FOLDED = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'g');
const INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const TANWIN_ALEF = /(?:\u064B\u0627|\u0627\u064B)$/;

/**
 * One word of Arabic (or digits) in its normalized spelling for search terms. It folds ة and the
 * hamza seats, which the lookup normalizer (src/shared/arabic.ts, normalizeArabic) keeps: see
 * there for why there are two.
 */
export function normalizeArabicWord(word: string): string {
  return word
    .normalize('NFKC')
    // The alef that carries tanwin fath is spelling, not a letter of the word: بيانًا, قراراً.
    .replace(TANWIN_ALEF, '')
    .replace(DIACRITICS, '')
    .replace(FOLDED, (c) => FOLD[c])
    .replace(INDIC_DIGIT, (c) => {
      const code = c.charCodeAt(0);
      return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
    });
}

// The article and its clinging forms, longest first. For لل the article's alef is dropped
// (لل + جنة may be ل + اللجنة: the second reading is tried too).
const ARTICLES = ['وبال', 'وكال', 'فبال', 'فكال', 'وال', 'فال', 'بال', 'كال', 'ولل', 'فلل', 'لل', 'ال'];
const CLINGING = ['وب', 'وك', 'ول', 'فب', 'فك', 'فل', 'و', 'ف', 'ب', 'ك', 'ل'];
// ه is not among them: after ة is folded to ه, a final ه is far more often the feminine ending
// (السلامة, الرياضة) than the pronoun, and removing it would merge السلامة with السلام.
// Nor is the nisba ي: the adjective keeps it (تعليمي, وزاري), so that it meets its feminine
// (تعليمية → تعليمي) but not the noun (تعليم, وزارة) nor the noun's plural (المدني, المدن).
const SUFFIXES = ['ها', 'نا', 'ات', 'ون', 'ين', 'ه'];
/** Suffixes after which a ت was a ة: خطتها is خطة + ها, الجامعتين is جامعة + ين. */
const AFTER_TA_MARBUTA = new Set(['ها', 'نا', 'ين']);

/** At least this many letters stay after a suffix is removed (most Arabic roots have three). */
const MIN_STEM = 3;
/** At least this many after the article. */
const MIN_AFTER_ARTICLE = 2;

/**
 * The stems of a word without its suffixes: light10's, each removed once in order while at least
 * MIN_STEM letters remain. Where the word may be a feminine noun whose ة changed form, the
 * stem with the ة (as ه) too: وزارات → وزار and وزاره (وزارة), خطتها → خطت and خطه (خطة),
 * جهات → جهه (جهة).
 */
function suffixStems(word: string): string[] {
  let w = word;
  const alternatives: string[] = [];
  for (const s of SUFFIXES) {
    if (!w.endsWith(s)) continue;
    // ه goes only from the feminine nisba: تعليمية (تعليميه) → تعليمي.
    if (s === 'ه' && !w.endsWith('يه')) continue;
    const rest = w.slice(0, -s.length);
    if (s === 'ات' && rest.length >= 2) alternatives.push(`${rest}ه`);
    if (rest.length < MIN_STEM) continue;
    w = rest;
    if (AFTER_TA_MARBUTA.has(s) && w.endsWith('ت')) alternatives.push(`${w.slice(0, -1)}ه`);
  }
  return w.length >= MIN_STEM ? unique([w, ...alternatives]) : unique([...alternatives, w]);
}

/**
 * Common words whose first letter is a root letter that is also a clinging prefix (و ف ب ك ل):
 * their first letter is never taken for a prefix. Written as words; kept as their stems.
 */
const PROTECTED_WORDS = `
وزارة وزارات وزير وزراء وزاري وطن وطني أوطان وقت وقتي وثيقة وثائق وظيفة وظائف وظيفي وحدة وحدات واحد وحيد
ولاية ولي والي ولاء واجب واجبات وصف وضع وضعية وكالة وكالات وكيل وكلاء وصول وصل وسيلة وسائل ورقة ورقي وارد
واردات وفق وفاة وفيات وجه وجهة واجهة وجود وسط ورشة ورش وعي وعد وقف وقاية وقائي ولادة ولد وزن وصية وصاية
وافد وافدين وثق وافق وقع واقع واقعة وقائع وقود ودائع وديعة وسم وسام ورث ورثة ورد وراثة وضوح واضح وجبة
وعاء وجيز وفد وفود وفر وفرة وتيرة وكر وهم وقاء وفاء وقار ورقة وصفة
فرع فروع فريق فترة فئة فئات فني فن فنون فعالية فعاليات فعال فصل فصول فقرة فقرات فرصة فرص فكرة فكر فكري
فحص فحوص فاتورة فواتير فائدة فوائد فرض فرد فردي فساد فقه فقير فقراء فوز فائز فندق فنادق فيروس فورا فوري
فيما فقط فوق فيه فيها فضل فضلا فقد فهرس فعل فعلي فلسطين فرنسا فبراير فيصل فهد فاطمة فرنسي فضاء فتح فتوى
فتاوى فراغ فارق فرق فروق فلك فريضة فئوي فاعل فاعلية
بيان بيانات برنامج برامج بحث بحوث بيئة بيئي بناء بنك بنوك بيع بلدية بلديات بلد بلاد بلدان بطاقة بطاقات
بند بنود بدء بداية بدل بدلات بديل بدائل بريد بريدي بوابة بورصة بحر بحري بحرين بترول بترولي بشري بشرية
بنية بيت بيوت بحيرة باب بعد بعض بين بينما بيروت بغداد بطالة بلاغ بلاغات بالغ بضائع بضاعة بشر بصري بعثة
بعثات بقاء بلوغ بنت بنات برلمان برلماني بروتوكول بوليصة بطولة بلدي باحث بث بدو بدوي بعيد بئر باقي باقة
بارز بطء بطيء بنزين بيطري بادية
كتاب كتب كتابة كتابي كلية كليات كهرباء كهربائي كمية كميات كفاءة كفالة كفيل كلمة كلمات كبير كبار كافة
كامل كشف كشوف كود كادر كوادر كثير كيان كيفية كتلة كورونا كويت كويتي كلفة كرة كرسي كسب كمبيوتر كنيسة
كريم كرامة كفاية كلي كيلو كيلومتر كأس كابل كافي كيميائي كتيب كتيبات كبرى كمال كوارث كارثة كفارة
لجنة لجان لائحة لوائح لغة لغات لغوي لقاء لقاءات لاعب لحظة لون لقب لازم لوحة لوحات لجوء لاجئ لاجئين
لبنان ليبيا لندن لحم لحوم ليلة ليل لياقة لقاح لقاحات لوجستي لوجستية ليس لكن لدى لذلك لوازم لمس لفظ لقطة
لائق لواء لباس لعب لعبة لبن لطيف لقد لأن لما
`;

const PROTECTED = new Set(PROTECTED_WORDS.split(/\s+/).filter(Boolean).flatMap((w) => suffixStems(normalizeArabicWord(w))));

const isProtected = (word: string) => suffixStems(word).some((stem) => PROTECTED.has(stem));

/** The stems an Arabic word (normalized) may stand for: one, or two where its first letters may be a prefix. */
function arabicStems(word: string): string[] {
  for (const article of ARTICLES) {
    if (word.startsWith(article) && word.length - article.length >= MIN_AFTER_ARTICLE) {
      const rest = word.slice(article.length);
      if (article.endsWith('لل')) {
        // ل + ال + لجنة is written للجنة: the rest may have lost its own first ل.
        const withLam = `ل${rest}`;
        if (isProtected(withLam)) return suffixStems(withLam);
        return unique([...suffixStems(rest), ...suffixStems(withLam)]);
      }
      return suffixStems(rest);
    }
  }
  if (isProtected(word)) return suffixStems(word);
  const stems = suffixStems(word);
  for (const prefix of CLINGING) {
    if (!word.startsWith(prefix)) continue;
    const rest = word.slice(prefix.length);
    if (rest.length < MIN_STEM) continue;
    if (isProtected(rest)) return suffixStems(rest);
    stems.push(...suffixStems(rest));
  }
  return unique(stems);
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}

/** An English (or other Latin-script) word's stem. */
function latinStem(word: string): string {
  const lower = word.normalize('NFKC').toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '');
  // Porter2 is for English; words with letters outside a–z (French accents) keep their spelling.
  return /^[a-z]+$/.test(lower) ? porter2(lower) : lower;
}

// Analyzing the same word again is a lookup: the vocabulary of a portal is small.
const memo = new Map<string, string[]>();
const MEMO_LIMIT = 100_000;

/** The terms one word (as written) stands for: alternatives, the first the most likely. */
export function termsOfWord(word: string): string[] {
  let terms = memo.get(word);
  if (terms) return terms;
  if (/^[0-9\u0660-\u0669\u06F0-\u06F9]+$/.test(word)) terms = [normalizeArabicWord(word)];
  else if (ARABIC_LETTER.test(word) || /[\uFB50-\uFEFC]/.test(word)) {
    const normalized = normalizeArabicWord(word);
    terms = normalized ? arabicStems(normalized) : [];
  } else terms = [latinStem(word)];
  terms = terms.filter(Boolean);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(word, terms);
  return terms;
}

/**
 * Each word of a text with its offsets and terms, in order, until `visit` returns true: the
 * words of analyze() without building them (what highlighting needs, on every search's page).
 */
export function eachWord(text: string, visit: (start: number, end: number, terms: string[]) => boolean | void): void {
  const re = new RegExp(WORD.source, WORD.flags);
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const terms = termsOfWord(m[0]);
    if (terms.length && visit(m.index, m.index + m[0].length, terms)) return;
  }
}

// What wordsContaining reads: each folded letter's written forms, the marks that may stand
// between letters, the runs a word is made of, and what may join a word to the one before it.
const MARKS = '[\\u064B-\\u065F\\u0670\\u0640]*';
const ARABIC_RUN = /[\u0621-\u063A\u0640-\u065F\u0670-\u06D3\u06D5\u06FA-\u06FF\uFB50-\uFDFF\uFE70-\uFEFC]/;
const DIGIT_RUN = /[0-9\u0660-\u0669\u06F0-\u06F9]/;
const LATIN_RUN = /[\p{L}\p{M}]/u;
const JOINS_BEFORE = /[\p{L}\p{M}'’]/u;
const FOLDED_CORE = /^[\u0621-\u063A\u0641-\u064A]+$|^[0-9]+$|^[a-z]+$/;

function writtenForms(c: string): string {
  const forms = [c, ...Object.keys(FOLD).filter((k) => FOLD[k] === c)];
  if (/[0-9]/.test(c)) forms.push(String.fromCharCode(0x0660 + Number(c)), String.fromCharCode(0x06f0 + Number(c)));
  return forms.length > 1 ? `[${forms.join('')}]` : c;
}

const patterns = new Map<string, RegExp>();
/**
 * Any written form of any of the folded cores: Arabic letters in any of their forms with marks
 * between them, Latin letters in either case with the apostrophes a word may hold between them.
 */
function patternOf(cores: string[]): RegExp {
  const key = cores.join('|');
  let re = patterns.get(key);
  if (!re) {
    const alternatives = [...cores]
      .sort((a, b) => b.length - a.length)
      .map((core) => (/^[a-z]+$/.test(core) ? [...core].join("['’]?") : [...core].map(writtenForms).join(MARKS)));
    re = new RegExp(alternatives.join('|'), 'gi');
    if (patterns.size >= 1000) patterns.clear();
    patterns.set(key, re);
  }
  return re;
}

/**
 * The words of a text (as eachWord gives them) whose normalized spelling contains one of the
 * cores — Arabic letters as normalizeArabicWord writes them, digits, or the start of a Latin
 * word in lower case without its apostrophes — found by one pass of a
 * pattern over the text instead of reading it word by word. Null where that cannot be promised:
 * a text not in NFKC, a core of other letters, or a word that letters of another script run into
 * (the caller then reads the text word by word).
 */
export function wordsContaining(text: string, cores: string[]): { start: number; end: number; terms: string[] }[] | null {
  if (!cores.length || !cores.every((c) => FOLDED_CORE.test(c)) || text.normalize('NFKC') !== text) return null;
  const re = patternOf(cores);
  const sticky = new RegExp(WORD.source, 'uy');
  const words: { start: number; end: number; terms: string[] }[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const first = m[0][0];
    const run = ARABIC_RUN.test(first) ? ARABIC_RUN : DIGIT_RUN.test(first) ? DIGIT_RUN : LATIN_RUN;
    let start = m.index;
    while (start > 0 && run.test(text[start - 1])) {
      start--;
      // Arabic letters are letters too, but a word of them is read on its own before the next.
      if (run === LATIN_RUN && ARABIC_RUN.test(text[start])) return null;
    }
    // Other letters (or a mark, or an apostrophe) just before: the word may have begun earlier.
    if (start > 0 && run !== DIGIT_RUN && JOINS_BEFORE.test(text[start - 1])) return null;
    sticky.lastIndex = start;
    const word = sticky.exec(text);
    if (!word) return null;
    const end = start + word[0].length;
    const terms = termsOfWord(word[0]);
    if (terms.length) words.push({ start, end, terms });
    re.lastIndex = Math.max(re.lastIndex, end);
  }
  return words;
}

/** The words of a text, with their offsets and terms. */
export function analyze(text: string): Word[] {
  const words: Word[] = [];
  let previousEnd = -1;
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    const between = previousEnd < 0 ? '' : text.slice(previousEnd, start);
    const terms = termsOfWord(m[0]);
    previousEnd = start + m[0].length;
    if (!terms.length) continue;
    words.push({
      start,
      end: previousEnd,
      terms,
      joined: words.length > 0 && JOINERS.test(between),
    });
  }
  return words;
}
