import { describeOnce, onPostgres } from '../src/server/test/databases';
import { formatReport, loadCases, runSpellingEval, type SpellingReport } from './eval-spelling';

/**
 * The "Did you mean" evaluation of `npm run eval:spelling`, in CI: the same cases, seed and
 * threshold, on 500 demo posts instead of 2,000 (every word of the cases is in them too; the
 * score is the same), about 40 s. Once, on the embedded database: the corrections are our code's
 * and the vocabulary's, and src/server/modules/spelling/spelling.test.ts runs them on both.
 */
const POSTS = 500;
const cases = loadCases();
let report: SpellingReport;

beforeAll(async () => {
  if (!onPostgres) report = await runSpellingEval({ posts: POSTS, cases });
}, 240_000);

describeOnce('"Did you mean" evaluation (scripts/spelling-cases.json on the seeded demo data)', () => {
  it('holds a hundred misspellings, mostly Arabic, each with its correction', () => {
    expect(cases.cases).toHaveLength(100);
    expect(cases.cases.filter((c) => c.kind !== 'english').length).toBeGreaterThanOrEqual(75);
    expect(new Set(cases.cases.map((c) => c.q)).size).toBe(100);
    for (const c of cases.cases) expect(c.expected).not.toBe(c.q);
  });

  it(`corrects at least ${cases.threshold} of them`, () => {
    if (report.right < cases.threshold) throw new Error(formatReport(report));
    expect(report.right).toBeGreaterThanOrEqual(cases.threshold);
    // The spellings the analyzer already reads as the word are left alone.
    expect(report.byKind.folded.right).toBe(report.byKind.folded.total);
  });
});
