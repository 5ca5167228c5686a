import { describeOnce, onPostgres } from '../src/server/test/databases';
import { formatReport, loadFixture, runSearchEval, type EvalReport } from './eval-search';

/**
 * The search evaluation of `npm run eval:search`, in CI: the same fixture, seed and thresholds,
 * on 500 demo posts instead of 2,000: every word group and precision pair still finds its posts
 * there (42 pairs on the data, as on 2,000; some 2,000 results sampled), in some 1,400 API
 * requests and 30 s instead of 2,200 and 55 s at 1,000 posts. Once, on the embedded database: the
 * words and their forms are the analyzer's (src/server/modules/search), the same on either
 * database, and src/server/modules/posts/search.test.ts runs the search itself on both.
 */
const POSTS = 500;
const fixture = loadFixture();
const t = fixture.thresholds;
let report: EvalReport;

beforeAll(async () => {
  if (!onPostgres) report = await runSearchEval({ posts: POSTS, fixture });
}, 240_000);

describeOnce('search evaluation (scripts/fixtures/search-eval.json on the seeded demo data)', () => {
  it('holds enough word groups and pairs, each group with enough forms', () => {
    expect(fixture.arabic.length).toBeGreaterThanOrEqual(t.minArabicGroups);
    expect(fixture.english.length).toBeGreaterThanOrEqual(t.minEnglishGroups);
    for (const g of [...fixture.arabic, ...fixture.english]) expect(g.forms.length).toBeGreaterThanOrEqual(t.minFormsPerGroup);
    for (const g of [...fixture.arabic, ...fixture.english]) for (const e of g.excluded ?? []) expect(e.why.length).toBeGreaterThan(20);
    expect(report.summary.pairs.onData).toBeGreaterThanOrEqual(t.minPairs);
  });

  it('finds the same posts for every form of a word (Jaccard between any two forms)', () => {
    const failing = report.groups.filter((g) => !g.pass).map((g) => `${g.word}: ${g.problems.join('; ')}`);
    expect(failing).toEqual([]);
    for (const g of report.groups) {
      expect(g.union).toBeGreaterThan(0);
      expect(g.minJaccard).toBeGreaterThanOrEqual(t.groupJaccard);
    }
    expect(report.summary.arabic.minJaccard).toBeGreaterThanOrEqual(t.groupJaccard);
    expect(report.summary.english.minJaccard).toBeGreaterThanOrEqual(t.groupJaccard);
  });

  it('keeps different words apart (precision pairs)', () => {
    const merged = report.pairs.filter((p) => !p.gap && !p.pass).map((p) => `${p.a} / ${p.b}: Jaccard ${p.jaccard}, shared ${p.sharedTerms.join(' ')}`);
    expect(merged).toEqual([]);
  });

  it('finds no post by accident (precision samples)', () => {
    expect(report.summary.samples.checked).toBeGreaterThan(1000);
    expect(report.summary.samples.failed).toBe(0);
  });

  it('passes every threshold', () => {
    if (report.failures.length) throw new Error(formatReport(report));
    expect(report.failures).toEqual([]);
  });
});
