import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postsApi } from '../../api/posts';
import { sessionEnded, signedIn } from '../../state/sessionSlice';
import { languageChanged, themeChanged } from '../../state/preferencesSlice';
import { post, user } from '../../test/fixtures';
import { makeStore } from '../store';
import { runCli } from './cli';
import { recordTrace, traceFile } from './recorder';
import { replayTrace } from './replay';
import { traceTestFiles, valuesAt } from './traceTest';

/** A trace recorded from the current code, synchronously (the tests below are made while jest collects them). */
function recordedTrace(): string {
  const store = makeStore(undefined, { readStorage: false, sideEffects: false });
  recordTrace(store, true);
  store.dispatch(languageChanged('en'));
  store.dispatch(themeChanged('dark'));
  store.dispatch(signedIn({ access: 'A-SECRET', refresh: 'R-SECRET', user: user() }));
  store.dispatch(postsApi.util.upsertQueryEntries([{ endpointName: 'getPost', arg: { slug: 'post-1' }, value: post(1, { title: 'A decision' }) }]));
  store.dispatch(sessionEnded({ reason: 'sessionExpired' }));
  return traceFile(store).text;
}

const ROOT = path.resolve(__dirname, '../../../..');
const TRACE = recordedTrace();
const dir = mkdtempSync(path.join(tmpdir(), 'qarar-trace-test-'));
const made = traceTestFiles(TRACE, { name: 'Sample bug #1', dir });
for (const file of made.files) writeFileSync(file.path, file.text);

// The same test once the state it checks changes: in its trace the reader now chose the light theme.
const changedDir = mkdtempSync(path.join(tmpdir(), 'qarar-trace-test-'));
for (const file of traceTestFiles(TRACE, { name: 'Sample bug #1', dir: changedDir }).files) {
  writeFileSync(file.path, file.path.endsWith('.trace.json') ? file.text.replace('"payload":"dark"', '"payload":"light"') : file.text);
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(changedDir, { recursive: true, force: true });
});

describe('replay-trace --to-test', () => {
  it('writes the trace, the expected values and a test, under a safe name', () => {
    expect(made.files.map((f) => path.basename(f.path))).toEqual(['sample-bug-1.trace.json', 'sample-bug-1.expected.json', 'sample-bug-1.test.ts']);
    expect(made.files[2].text).toContain("import { replayTrace } from '");
    expect(made.divergedAt).toBeNull();
  });

  it('checks the parts of the final state the trace changed, and no bookkeeping', () => {
    expect(made.expected).toEqual({
      replay: {},
      values: {
        'preferences.language': 'en',
        'preferences.theme': 'dark',
        'session.notice': 'sessionExpired',
        'api.queries["getPost({\\"slug\\":\\"post-1\\"})"].status': 'fulfilled',
        'api.queries["getPost({\\"slug\\":\\"post-1\\"})"].data': expect.objectContaining({ slug: 'post-1', title: 'A decision' }),
      },
    });
  });

  it('commits no secret', () => {
    for (const f of made.files) expect(f.text).not.toMatch(/A-SECRET|R-SECRET/);
  });

  it('fails once the state it checks changes', () => {
    const state = replayTrace(TRACE.replace('"payload":"dark"', '"payload":"light"'));
    const values = valuesAt(state, Object.keys(made.expected.values));
    expect(values).not.toEqual(made.expected.values);
    expect(values['preferences.theme']).toBe('light');
  });

  it('is written by the command line into src/web/test/traces/, never over an existing test', () => {
    const written = new Map<string, string>();
    const io = (exists: boolean) => ({
      readFile: () => TRACE,
      writeFile: (file: string, text: string) => void written.set(file, text),
      exists: () => exists,
      mkdir: () => undefined,
      stdout: () => undefined,
      stderr: () => undefined,
      root: ROOT,
      cwd: ROOT,
    });
    expect(runCli(['t.json', '--to-test', 'login-loop', '--path', 'session.notice'], io(false))).toBe(0);
    expect([...written.keys()]).toEqual(['src/web/test/traces/login-loop.trace.json', 'src/web/test/traces/login-loop.expected.json', 'src/web/test/traces/login-loop.test.ts'].map((p) => path.join(ROOT, p)));
    expect(JSON.parse(written.get(path.join(ROOT, 'src/web/test/traces/login-loop.expected.json'))!)).toEqual({ replay: {}, values: { 'session.notice': 'sessionExpired' } });
    expect(written.get(path.join(ROOT, 'src/web/test/traces/login-loop.test.ts'))).toContain("from '../../app/trace/replay'");
    expect(runCli(['t.json', '--to-test', 'login-loop'], io(true))).toBe(2);
  });
});

// The generated tests themselves, run here as jest runs them in src/web/test/traces/.
describe('the generated test, as written', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- its tests must register inside this describe, now
  require(path.join(dir, 'sample-bug-1.test.ts'));
});

describe('the generated test, once the state it checks changes (must fail)', () => {
  const realIt = global.it;
  global.it = it.failing;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- registered while `it` is it.failing
    require(path.join(changedDir, 'sample-bug-1.test.ts'));
  } finally {
    global.it = realIt;
  }
});
