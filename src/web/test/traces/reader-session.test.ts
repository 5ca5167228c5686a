/**
 * A regression test made from a trace by `npm run trace:replay -- <trace> --to-test reader-session`.
 * It replays reader-session.trace.json through the app's reducers and checks the parts of the final
 * state listed in reader-session.expected.json: the values the trace changed, as the code replayed them
 * when the test was made.
 * If the trace shows a bug, set them to what the app should hold, and keep only the paths that
 * matter (or make the test again with --path).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { replayTrace } from '../../app/trace/replay';
import { valuesAt, type Expected } from '../../app/trace/traceTest';

const read = (file: string) => readFileSync(path.join(__dirname, file), 'utf8');
const expected = JSON.parse(read('reader-session.expected.json')) as Expected;

describe('trace reader-session', () => {
  it('replays to the expected state', () => {
    const state = replayTrace(read('reader-session.trace.json'), expected.replay);
    expect(valuesAt(state, Object.keys(expected.values))).toEqual(expected.values);
  });
});
