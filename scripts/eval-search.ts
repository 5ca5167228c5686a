/**
 * `npm run eval:search`: the evaluation of Arabic and English search on the seeded demo data.
 *
 * Seeds the demo content (seedDemo: 2,000 posts, seed 2025, a fixed "now") into a fresh
 * embedded database, builds the real app, and asks the real list API
 * (GET /api/v1/content/posts/?search=…) for every written form of every word group of
 * scripts/fixtures/search-eval.json, reading every page until `next` is null. Then:
 * - recall: every form of a group finds the same posts as every other form of the group
 *   (the lowest Jaccard index over all pairs of forms, at least thresholds.groupJaccard);
 * - precision pairs: two different words that a careless stemmer would merge do not find
 *   (nearly) the same posts (Jaccard at most thresholds.pairJaccard, or one side finds none),
 *   and the shared analyzer gives them no term in common;
 * - precision samples: results of each group's first form, spread over its whole list, hold in
 *   their text (both languages, attachment titles and file text) a word with one of the
 *   search's terms (src/shared/search/analyzer.ts): no post is found by accident.
 * Forms listed as "excluded" and pairs with a "gap" are known analyzer gaps: they are run and
 * printed, and do not fail the evaluation (a gap that now passes is said to be closed).
 *
 * Usage: tsx scripts/eval-search.ts [--posts N] [--json FILE] [--fixture FILE]
 * Exits 1 when a threshold fails.
 */
import { parseArgs } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../src/server/seed';
import { createTestContext } from '../src/server/test/helpers';
import { analyze, termsOfWord } from '../src/shared/search/analyzer';
import { parseQuery } from '../src/shared/search/query';

export const DEFAULT_FIXTURE = path.join(__dirname, 'fixtures', 'search-eval.json');
/** The reference "now" of the seed: the same posts on every run. */
export const EVAL_NOW = new Date('2026-03-15T09:00:00Z');
export const EVAL_SEED = 2025;
export const EVAL_POSTS = 2000;

export interface Thresholds {
  groupJaccard: number;
  pairJaccard: number;
  minArabicGroups: number;
  minEnglishGroups: number;
  minFormsPerGroup: number;
  minPairs: number;
  samplePerGroup: number;
}

export interface FixtureGroup {
  word: string;
  gloss?: string;
  forms: string[];
  excluded?: { form: string; why: string }[];
}

export interface FixturePair {
  a: string;
  b: string;
  note?: string;
  /** A known analyzer gap: the pair merges today. */
  gap?: string;
  /**
   * Why the demo data cannot tell this pair apart (both words are in the same template text of
   * most posts, so their posts overlap whatever the analyzer does): only the analyzer's terms are
   * compared; the Jaccard index is printed for information.
   */
  termsOnly?: string;
}

export interface Fixture {
  thresholds: Thresholds;
  arabic: FixtureGroup[];
  english: FixtureGroup[];
  pairs: FixturePair[];
}

export interface FormResult {
  form: string;
  terms: string[][];
  count: number;
  /** Jaccard of this form's posts with the group's reference (its first form). */
  jaccardToFirst: number;
  excluded?: string;
}

export interface GroupResult {
  language: 'ar' | 'en';
  word: string;
  gloss?: string;
  forms: FormResult[];
  /** Posts found by any (kept) form. */
  union: number;
  /** The lowest Jaccard index over all pairs of kept forms. */
  minJaccard: number;
  pass: boolean;
  problems: string[];
  /** Known gaps: excluded forms, with the Jaccard of each to the group's first form. */
  gaps: { form: string; why: string; jaccardToFirst: number; closed: boolean }[];
  /** The words (as written, without marks) by which the first form's results were found, most posts first. */
  foundBy: { word: string; posts: number }[];
  sample: { checked: number; failed: { id: number; form: string }[] };
}

export interface PairResult {
  a: string;
  b: string;
  note?: string;
  gap?: string;
  termsOnly?: string;
  termsA: string[];
  termsB: string[];
  sharedTerms: string[];
  countA: number;
  countB: number;
  /** null when neither word is in the data. */
  jaccard: number | null;
  /** False when only the analyzer's terms are compared (neither word in the data, or termsOnly). */
  onData: boolean;
  pass: boolean;
}

export interface EvalReport {
  posts: number;
  seed: number;
  now: string;
  thresholds: Thresholds;
  groups: GroupResult[];
  pairs: PairResult[];
  summary: {
    arabic: LanguageSummary;
    english: LanguageSummary;
    pairs: { total: number; onData: number; passed: number; failed: number; termsOnly: number; knownGaps: number; gapsClosed: number };
    samples: { checked: number; failed: number };
    requests: number;
    seconds: { seed: number; queries: number; total: number };
  };
  /** Every threshold that failed; empty when the evaluation passes. */
  failures: string[];
}

export interface LanguageSummary {
  groups: number;
  passed: number;
  forms: number;
  meanJaccard: number;
  minJaccard: number;
  knownGaps: number;
}

export interface EvalOptions {
  posts?: number;
  fixture?: Fixture | string;
  /** Progress lines (the CLI prints them); silent by default. */
  log?: (line: string) => void;
}

const MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const API = '/api/v1/content/posts/';
const PAGE_SIZE = 100;
/** A list longer than this many pages is an error of paging, not a search. */
const MAX_PAGES = 500;

export function loadFixture(file = DEFAULT_FIXTURE): Fixture {
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}

export function jaccard(a: Set<number>, b: Set<number>): number {
  if (!a.size && !b.size) return 1;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

/** The search's words, each as its alternative terms (what the API's search matches). */
function queryWords(q: string): string[][] {
  return parseQuery(q).parts.filter((p) => !p.negated).flatMap((p) => p.words);
}

/** Every post the list API finds for a search: all pages, page_size 100, until `next` is null. */
async function searchAll(app: FastifyInstance, q: string, lang: 'ar' | 'en', counter: { requests: number }): Promise<Set<number>> {
  const ids: number[] = [];
  let url: string | null = `${API}?search=${encodeURIComponent(q)}&page_size=${PAGE_SIZE}`;
  let count = 0;
  let bounded = false;
  for (let page = 1; url; page++) {
    if (page > MAX_PAGES) throw new Error(`search "${q}": more than ${MAX_PAGES} pages`);
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
    counter.requests++;
    // Let the event loop turn: the embedded database answers without I/O, so a loop of injected
    // requests would otherwise never reach the check phase, and every request and its response
    // would stay held by its pending setImmediate (gigabytes over a run).
    await new Promise((resolve) => setImmediate(resolve));
    if (res.statusCode !== 200) throw new Error(`search "${q}" page ${page}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    const body: { count: number; count_bounded?: boolean; next: string | null; results: { id: number }[] } = res.json();
    ids.push(...body.results.map((r) => r.id));
    count = body.count;
    bounded = body.count_bounded === true;
    url = body.next ? (({ pathname, search }) => pathname + search)(new URL(body.next)) : null;
  }
  const set = new Set(ids);
  if (set.size !== ids.length) throw new Error(`search "${q}": a post was listed twice across pages`);
  if (!bounded && count !== ids.length) throw new Error(`search "${q}": count ${count}, but ${ids.length} posts were listed`);
  return set;
}

/** The words of each post's text (both languages, attachments and their file text), by term. */
class PostTexts {
  private readonly byTerm = new Map<number, Map<string, Map<string, number>>>();
  constructor(private readonly texts: Map<number, string>) {}

  static async load(db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> }): Promise<PostTexts> {
    const rows = await db.query<{ id: number; text: string }>(
      `SELECT p.id,
              concat_ws(E'\\n', p.title_ar, p.title, p.summary_ar, p.summary, p.content_ar, p.content,
                (SELECT string_agg(concat_ws(E'\\n', a.title_ar, a.title, a.description,
                          (SELECT string_agg(ft.body, E'\\n' ORDER BY ft.page) FROM file_texts ft WHERE ft.storage_key = a.storage_key)),
                        E'\\n')
                   FROM attachments a WHERE a.post_id = p.id)) AS text
         FROM posts p`,
    );
    return new PostTexts(new Map(rows.map((r) => [r.id, r.text])));
  }

  /** term → word as written (without marks) → occurrences, for one post. */
  termsOf(id: number): Map<string, Map<string, number>> {
    let terms = this.byTerm.get(id);
    if (terms) return terms;
    terms = new Map();
    const text = this.texts.get(id) ?? '';
    for (const w of analyze(text)) {
      const written = text.slice(w.start, w.end).replace(MARKS, '');
      for (const t of w.terms) {
        let words = terms.get(t);
        if (!words) terms.set(t, (words = new Map()));
        words.set(written, (words.get(written) ?? 0) + 1);
      }
    }
    this.byTerm.set(id, terms);
    return terms;
  }

  /** The words of a post that carry one of the search word's terms (empty: found by accident). */
  wordsFor(id: number, alternatives: string[]): string[] {
    const terms = this.termsOf(id);
    const found = new Set<string>();
    for (const t of alternatives) for (const w of terms.get(t)?.keys() ?? []) found.add(w);
    return [...found];
  }
}

/** Up to n items spread evenly over a list (its first and last included). */
function spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]);
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

async function evaluateGroup(
  app: FastifyInstance,
  texts: PostTexts,
  group: FixtureGroup,
  language: 'ar' | 'en',
  t: Thresholds,
  counter: { requests: number },
): Promise<GroupResult> {
  const problems: string[] = [];
  const sets: Set<number>[] = [];
  for (const form of group.forms) sets.push(await searchAll(app, form, language, counter));
  const first = sets[0] ?? new Set<number>();
  const forms: FormResult[] = group.forms.map((form, i) => ({
    form,
    terms: queryWords(form),
    count: sets[i].size,
    jaccardToFirst: round(jaccard(first, sets[i])),
  }));

  let minJaccard = 1;
  let worst: [number, number] | null = null;
  for (let i = 0; i < sets.length; i++)
    for (let j = i + 1; j < sets.length; j++) {
      const x = jaccard(sets[i], sets[j]);
      if (x < minJaccard) [minJaccard, worst] = [x, [i, j]];
    }
  const union = new Set(sets.flatMap((s) => [...s]));
  if (group.forms.length < t.minFormsPerGroup) problems.push(`${group.forms.length} forms, fewer than ${t.minFormsPerGroup}`);
  if (!union.size) problems.push('no form finds any post: the word is not in the demo data');
  if (minJaccard < t.groupJaccard && worst)
    problems.push(
      `forms do not meet: ${group.forms[worst[0]]} (${sets[worst[0]].size}) vs ${group.forms[worst[1]]} (${sets[worst[1]].size}), Jaccard ${round(minJaccard)}`,
    );

  const gaps: GroupResult['gaps'] = [];
  for (const { form, why } of group.excluded ?? []) {
    const set = await searchAll(app, form, language, counter);
    const x = round(jaccard(first, set));
    forms.push({ form, terms: queryWords(form), count: set.size, jaccardToFirst: x, excluded: why });
    gaps.push({ form, why, jaccardToFirst: x, closed: x >= t.groupJaccard });
  }

  // Precision: a sample of the first form's results, spread over its list, must hold a word
  // with one of the search's terms; and which words found all its results.
  const words = queryWords(group.forms[0] ?? '');
  const ids = [...first].sort((a, b) => a - b);
  const failed: { id: number; form: string }[] = [];
  for (const id of spread(ids, t.samplePerGroup)) {
    if (!words.every((alternatives) => texts.wordsFor(id, alternatives).length)) failed.push({ id, form: group.forms[0] });
  }
  if (failed.length) problems.push(`${failed.length} sampled results hold no word with the search's terms: posts ${failed.map((f) => f.id).join(', ')}`);
  const foundBy = new Map<string, number>();
  for (const id of ids)
    for (const w of new Set(words.flatMap((alternatives) => texts.wordsFor(id, alternatives)))) {
      const key = language === 'en' ? w.toLowerCase() : w;
      foundBy.set(key, (foundBy.get(key) ?? 0) + 1);
    }

  return {
    language,
    word: group.word,
    gloss: group.gloss,
    forms,
    union: union.size,
    minJaccard: round(minJaccard),
    pass: problems.length === 0,
    problems,
    gaps,
    foundBy: [...foundBy].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word, posts]) => ({ word, posts })),
    sample: { checked: Math.min(ids.length, t.samplePerGroup), failed },
  };
}

async function evaluatePair(app: FastifyInstance, pair: FixturePair, t: Thresholds, counter: { requests: number }): Promise<PairResult> {
  const lang = /[\u0600-\u06FF]/.test(pair.a) ? 'ar' : 'en';
  const [a, b] = [await searchAll(app, pair.a, lang, counter), await searchAll(app, pair.b, lang, counter)];
  const termsA = queryWords(pair.a).flat();
  const termsB = queryWords(pair.b).flat();
  const sharedTerms = termsA.filter((x) => termsB.includes(x));
  const x = a.size || b.size ? jaccard(a, b) : null;
  const onData = x !== null && !pair.termsOnly;
  const apart = !onData || !a.size || !b.size || x <= t.pairJaccard;
  return {
    ...pair,
    termsA,
    termsB,
    sharedTerms,
    countA: a.size,
    countB: b.size,
    jaccard: x === null ? null : round(x),
    onData,
    pass: apart && sharedTerms.length === 0,
  };
}

function languageSummary(groups: GroupResult[]): LanguageSummary {
  const js = groups.map((g) => g.minJaccard);
  return {
    groups: groups.length,
    passed: groups.filter((g) => g.pass).length,
    forms: groups.reduce((n, g) => n + g.forms.filter((f) => !f.excluded).length, 0),
    meanJaccard: js.length ? round(js.reduce((s, x) => s + x, 0) / js.length) : 0,
    minJaccard: js.length ? Math.min(...js) : 0,
    knownGaps: groups.reduce((n, g) => n + g.gaps.length, 0),
  };
}

/** Seeds the demo data into a fresh embedded database and runs the evaluation through the real API. */
export async function runSearchEval(options: EvalOptions = {}): Promise<EvalReport> {
  const log = options.log ?? (() => {});
  const fixture = typeof options.fixture === 'object' ? options.fixture : loadFixture(options.fixture);
  const t = fixture.thresholds;
  const posts = options.posts ?? EVAL_POSTS;
  const began = Date.now();
  log(`seeding ${posts} demo posts (seed ${EVAL_SEED}, now ${EVAL_NOW.toISOString()}) into a fresh embedded database…`);
  const ctx = await createTestContext({
    prepare: async (db, config) => {
      await seedDemo(db, { posts, seed: EVAL_SEED, now: EVAL_NOW, dataDir: config.dataDir });
    },
  });
  const seeded = Date.now();
  try {
    const texts = await PostTexts.load(ctx.db);
    const counter = { requests: 0 };
    const groups: GroupResult[] = [];
    const all = [...fixture.arabic.map((g) => ['ar', g] as const), ...fixture.english.map((g) => ['en', g] as const)];
    for (const [i, [language, group]] of all.entries()) {
      groups.push(await evaluateGroup(ctx.app, texts, group, language, t, counter));
      if ((i + 1) % 20 === 0) log(`  ${i + 1}/${all.length} groups (${((Date.now() - seeded) / 1000).toFixed(1)} s)`);
    }
    const pairs: PairResult[] = [];
    for (const pair of fixture.pairs) pairs.push(await evaluatePair(ctx.app, pair, t, counter));
    const done = Date.now();

    const arabic = languageSummary(groups.filter((g) => g.language === 'ar'));
    const english = languageSummary(groups.filter((g) => g.language === 'en'));
    const held = pairs.filter((p) => !p.gap);
    const samples = {
      checked: groups.reduce((n, g) => n + g.sample.checked, 0),
      failed: groups.reduce((n, g) => n + g.sample.failed.length, 0),
    };
    const failures: string[] = [];
    if (arabic.groups < t.minArabicGroups) failures.push(`${arabic.groups} Arabic groups, fewer than ${t.minArabicGroups}`);
    if (english.groups < t.minEnglishGroups) failures.push(`${english.groups} English groups, fewer than ${t.minEnglishGroups}`);
    for (const g of groups) for (const p of g.problems) failures.push(`group ${g.word}: ${p}`);
    const onData = held.filter((p) => p.onData).length;
    if (onData < t.minPairs) failures.push(`${onData} precision pairs evaluated on the data, fewer than ${t.minPairs}`);
    for (const p of held)
      if (!p.pass)
        failures.push(
          `pair ${p.a} / ${p.b} merges: ${p.countA} and ${p.countB} posts, Jaccard ${p.jaccard}` +
            (p.sharedTerms.length ? `, shared terms ${p.sharedTerms.join(' ')}` : ''),
        );

    return {
      posts,
      seed: EVAL_SEED,
      now: EVAL_NOW.toISOString(),
      thresholds: t,
      groups,
      pairs,
      summary: {
        arabic,
        english,
        pairs: {
          total: pairs.length,
          onData,
          passed: held.filter((p) => p.pass).length,
          failed: held.filter((p) => !p.pass).length,
          termsOnly: held.filter((p) => !p.onData).length,
          knownGaps: pairs.length - held.length,
          gapsClosed: pairs.filter((p) => p.gap && p.pass).length,
        },
        samples,
        requests: counter.requests,
        seconds: { seed: round((seeded - began) / 1000, 1), queries: round((done - seeded) / 1000, 1), total: round((done - began) / 1000, 1) },
      },
      failures,
    };
  } finally {
    await ctx.close();
  }
}

/** The report as the CLI prints it. */
export function formatReport(r: EvalReport): string {
  const out: string[] = [];
  const ok = (pass: boolean) => (pass ? 'ok  ' : 'FAIL');
  const section = (title: string, language: 'ar' | 'en') => {
    out.push('', title, '(J = the lowest Jaccard index between any two forms of the group; n = posts found by each form)');
    for (const g of r.groups.filter((x) => x.language === language)) {
      out.push(`${ok(g.pass)} ${g.word}${g.gloss && g.gloss !== g.word ? ` (${g.gloss})` : ''}  J ${g.minJaccard.toFixed(3)}  posts ${g.union}`);
      out.push(`       ${g.forms.filter((f) => !f.excluded).map((f) => `${f.form} ${f.count}`).join(' · ')}`);
      if (g.foundBy.length) out.push(`       found by: ${g.foundBy.slice(0, 8).map((w) => `${w.word} ${w.posts}`).join(' · ')}${g.foundBy.length > 8 ? ` · … (${g.foundBy.length} words)` : ''}`);
      for (const gap of g.gaps)
        out.push(`       known gap${gap.closed ? ' (now CLOSED: move it back to forms)' : ''}: ${gap.form} ${g.forms.find((f) => f.form === gap.form)?.count ?? 0} posts, J vs ${g.forms[0].form} ${gap.jaccardToFirst.toFixed(3)}, terms ${termsOfWord(gap.form).join('|') || '—'}`);
      for (const p of g.problems) out.push(`       ! ${p}`);
    }
  };
  section('Arabic word groups', 'ar');
  section('English word groups', 'en');

  out.push('', 'Precision pairs (different words must not find the same posts: Jaccard ≤ ' + r.thresholds.pairJaccard + ' or one side empty, and no shared term)');
  for (const p of r.pairs) {
    const status = p.gap ? (p.pass ? 'gap CLOSED' : 'known gap') : ok(p.pass);
    const j = p.jaccard === null ? 'not in the data: terms only' : p.termsOnly ? `J ${p.jaccard.toFixed(3)} (terms only)` : `J ${p.jaccard.toFixed(3)}`;
    out.push(
      `${status.padEnd(4)} ${p.a} [${p.termsA.join('|')}] ${p.countA} vs ${p.b} [${p.termsB.join('|')}] ${p.countB}  ${j}${p.note ? `  — ${p.note}` : ''}`,
    );
    if (p.gap) out.push(`       ${p.gap}`);
    if (p.termsOnly) out.push(`       terms only: ${p.termsOnly}`);
  }

  const s = r.summary;
  const lang = (name: string, x: LanguageSummary) =>
    `${name}: ${x.passed}/${x.groups} groups pass (${x.forms} forms); Jaccard between forms mean ${x.meanJaccard.toFixed(3)}, min ${x.minJaccard.toFixed(3)}; known gaps ${x.knownGaps} forms`;
  out.push(
    '',
    `Summary (${r.posts} demo posts, seed ${r.seed}, now ${r.now})`,
    `  ${lang('Arabic', s.arabic)}`,
    `  ${lang('English', s.english)}`,
    `  Precision pairs: ${s.pairs.passed}/${s.pairs.passed + s.pairs.failed} pass (${s.pairs.onData} on the data, ${s.pairs.termsOnly} by terms only); known gaps ${s.pairs.knownGaps} (${s.pairs.gapsClosed} closed)`,
    `  Precision samples: ${s.samples.checked} results checked, ${s.samples.failed} found by accident`,
    `  Time: seed ${s.seconds.seed} s, queries ${s.seconds.queries} s (${s.requests} API requests), total ${s.seconds.total} s`,
  );
  if (r.failures.length) out.push('', `FAILED (${r.failures.length}):`, ...r.failures.map((f) => `  - ${f}`));
  else out.push('', 'PASSED: every threshold is met.');
  return out.join('\n');
}

async function main() {
  const {
    values: { json, posts, fixture },
  } = parseArgs({ options: { json: { type: 'string' }, posts: { type: 'string' }, fixture: { type: 'string' } } });
  const report = await runSearchEval({
    posts: posts ? Number(posts) : undefined,
    fixture: fixture ? path.resolve(fixture) : undefined,
    log: (line) => console.log(line),
  });
  console.log(formatReport(report));
  if (json) {
    writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${json}`);
  }
  process.exitCode = report.failures.length ? 1 : 0;
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
