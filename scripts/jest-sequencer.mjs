// @ts-check
/**
 * The order jest runs the test files in: the longest first, so that at the end of a run both
 * workers are finishing short files rather than one of them a long one alone.
 *
 * Jest's own order goes by the times it kept from the last run, and without them (a fresh clone,
 * a fresh machine: the case `npm test` is measured in) by file size, which put the search
 * evaluation, the longest file by far, among the last: that run took about a minute longer. So a
 * file without a kept time takes its time from the list below (a full run's, in seconds), and
 * any other counts as short, the bigger first. A failed file still runs first.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sequencer from '@jest/test-sequencer';

// A CommonJS module: its class is the `default` of what it exports.
const Sequencer = sequencer.default;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The longest files of a full run (`npx jest --json`), in seconds: a hint, not a measure. */
const LONGEST = new Map([
  ['scripts/eval-search.test.ts', 44],
  ['src/server/backup.test.ts', 25],
  ['src/web/features/studio/StudioEditorPage.test.tsx', 22],
  ['src/server/seed/seed.test.ts', 21],
  ['src/server/pages/drawn-pages.test.ts', 19],
  ['src/web/features/explore/ExplorePage.test.tsx', 18],
  ['src/server/fuzz-api.test.ts', 16],
  ['src/server/compiled-server.test.ts', 15],
  ['src/server/db/db-lock.test.ts', 15],
  ['src/web/app/router.test.tsx', 14],
  ['src/server/http/observability.test.ts', 11],
  ['src/server/http/origins.test.ts', 10],
]);

export default class LongestFirst extends Sequencer {
  /** @param {import('@jest/test-result').Test[]} tests */
  sort(tests) {
    /** @param {import('@jest/test-result').Test} test */
    const seconds = (test) => {
      const kept = this.time(test);
      if (kept != null) return kept / 1000;
      return LONGEST.get(path.relative(ROOT, test.path).split(path.sep).join('/')) ?? 0;
    };
    /** @param {import('@jest/test-result').Test} test */
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    const keyed = tests.map((test) => ({ test, failed: this.hasFailed(test), seconds: seconds(test), size: size(test) }));
    keyed.sort((a, b) => Number(b.failed) - Number(a.failed) || b.seconds - a.seconds || b.size - a.size);
    return keyed.map(({ test }) => test);
  }
}
