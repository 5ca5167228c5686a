/**
 * `npm run eval:spelling`: the evaluation of "Did you mean" (GET /api/v1/content/spelling/,
 * src/server/modules/spelling/) on the seeded demo data.
 *
 * Seeds the demo content (seedDemo: 2,000 posts, seed 2025, the fixed "now" of the search
 * evaluation) into a fresh embedded database, builds the vocabulary as the scheduled work does,
 * and asks the real API for each misspelled search of scripts/spelling-cases.json. A case is
 * right when the search the reader ends with — the first correction offered, or the search itself
 * when none is — finds what the expected search finds: the same terms by the search analyzer
 * (queryKey), so that المحافظة and محافظة are one answer. It prints the score, the misses (with
 * what was offered) and the answers' times, and exits 1 below the cases' threshold.
 *
 * Usage: tsx scripts/eval-spelling.ts [--posts N] [--cases FILE] [--json FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemo } from '../src/server/seed';
import { refreshVocabulary } from '../src/server/modules/spelling/vocabulary';
import { createTestContext } from '../src/server/test/helpers';
import { parseQuery, queryKey } from '../src/shared/search/query';

export const DEFAULT_CASES = path.join(__dirname, 'spelling-cases.json');
/** The search evaluation's seed and "now" (scripts/eval-search.ts): the same posts. */
export const EVAL_NOW = new Date('2026-03-15T09:00:00Z');
export const EVAL_SEED = 2025;
export const EVAL_POSTS = 2000;
const API = '/api/v1/content/spelling/';

export interface SpellingCase {
  q: string;
  expected: string;
  kind: string;
}

export interface SpellingCases {
  about?: string;
  /** Right answers needed (of all cases). */
  threshold: number;
  cases: SpellingCase[];
}

export interface CaseResult extends SpellingCase {
  right: boolean;
  /** The corrections offered, best first. */
  offered: { q: string; posts_count: number }[];
  /** Where the expected search is among them (1-based), 0 when it is not. */
  rank: number;
  ms: number;
}

export interface SpellingReport {
  posts: number;
  right: number;
  total: number;
  threshold: number;
  /** Right among the cases that needed a correction (not "folded"). */
  corrected: { right: number; total: number };
  /** Cases whose expected search is among the three offered (or, for "folded", none offered). */
  inTopThree: number;
  byKind: Record<string, { right: number; total: number }>;
  misses: CaseResult[];
  results: CaseResult[];
  ms: { median: number; p95: number; p99: number; max: number };
}

export function loadCases(file = DEFAULT_CASES): SpellingCases {
  return JSON.parse(readFileSync(file, 'utf8')) as SpellingCases;
}

const keyOf = (q: string) => queryKey(parseQuery(q));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Asks the API for each case (through `ask`, which answers the JSON body) and scores the answers. */
export async function scoreCases(
  cases: SpellingCases,
  ask: (url: string) => Promise<{ corrections: { q: string; posts_count: number }[] }>,
  posts: number,
): Promise<SpellingReport> {
  const results: CaseResult[] = [];
  for (const c of cases.cases) {
    const started = performance.now();
    const answer = await ask(`${API}?q=${encodeURIComponent(c.q)}`);
    const ms = performance.now() - started;
    const offered = answer.corrections.map(({ q, posts_count }) => ({ q, posts_count }));
    const expected = keyOf(c.expected);
    const final = offered.length ? offered[0].q : c.q;
    const rank = offered.findIndex((o) => keyOf(o.q) === expected) + 1;
    results.push({ ...c, right: keyOf(final) === expected, offered, rank, ms });
  }
  const byKind: SpellingReport['byKind'] = {};
  for (const r of results) {
    const k = (byKind[r.kind] ??= { right: 0, total: 0 });
    k.total++;
    if (r.right) k.right++;
  }
  const needing = results.filter((r) => r.kind !== 'folded');
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    posts,
    right: results.filter((r) => r.right).length,
    total: results.length,
    threshold: cases.threshold,
    corrected: { right: needing.filter((r) => r.right).length, total: needing.length },
    inTopThree: results.filter((r) => (r.kind === 'folded' ? r.offered.length === 0 : r.rank > 0)).length,
    byKind,
    misses: results.filter((r) => !r.right),
    results,
    ms: { median: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1] ?? 0) },
  };
}

/** Seeds the demo content, builds the vocabulary and scores every case on the real API. */
export async function runSpellingEval(options: { posts?: number; cases?: SpellingCases; log?: (line: string) => void } = {}): Promise<SpellingReport> {
  const posts = options.posts ?? EVAL_POSTS;
  const cases = options.cases ?? loadCases();
  const log = options.log ?? (() => {});
  log(`seeding ${posts} demo posts (seed ${EVAL_SEED}) into a fresh embedded database…`);
  const ctx = await createTestContext({
    prepare: async (db, config) => {
      await seedDemo(db, { posts, seed: EVAL_SEED, now: EVAL_NOW, dataDir: config.dataDir });
    },
  });
  try {
    const built = await refreshVocabulary(ctx.db);
    log(`vocabulary built from ${built.rebuilt} published posts; asking ${cases.cases.length} searches…`);
    // Each search asked twice: the first answer of a process compiles what it runs (a cold start,
    // not the answer's cost); the second is timed.
    const ask = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.json<{ corrections: { q: string; posts_count: number }[] }>();
    };
    await scoreCases(cases, ask, posts);
    return await scoreCases(cases, ask, posts);
  } finally {
    await ctx.close();
  }
}

export function formatReport(r: SpellingReport): string {
  const lines = [
    `"Did you mean" on ${r.posts} demo posts: ${r.right}/${r.total} right (threshold ${r.threshold}); ` +
      `${r.corrected.right}/${r.corrected.total} of those needing a correction; expected among the three offered: ${r.inTopThree}/${r.total}`,
    `by kind: ${Object.entries(r.byKind).map(([k, v]) => `${k} ${v.right}/${v.total}`).join(', ')}`,
    `answer times (ms, second asking): median ${r.ms.median}, p95 ${r.ms.p95}, p99 ${r.ms.p99}, max ${r.ms.max}`,
  ];
  if (r.misses.length) {
    lines.push(`misses (${r.misses.length}):`);
    for (const m of r.misses) {
      const offered = m.offered.length ? m.offered.map((o) => `${o.q} (${o.posts_count})`).join(' | ') : 'nothing';
      lines.push(`  [${m.kind}] ${m.q} → expected ${m.expected}; offered ${offered}${m.rank > 1 ? ` (expected is #${m.rank})` : ''}`);
    }
  }
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { posts: { type: 'string' }, cases: { type: 'string' }, json: { type: 'string' } } });
  const cases = loadCases(values.cases ?? DEFAULT_CASES);
  const report = await runSpellingEval({ posts: values.posts ? Number(values.posts) : EVAL_POSTS, cases, log: (l) => console.log(l) });
  console.log(formatReport(report));
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
  process.exit(report.right >= report.threshold ? 0 : 1);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
