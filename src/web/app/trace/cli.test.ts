/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, runCli } from './cli';
import { traceBufferOf } from './recorder';
import { decodeRefs, encodeRefs, toLiftedState, type LiftedState } from './traceFormat';
import { holdsNoSecret, recordScenario } from './traceTesting';

const ROOT = path.resolve(__dirname, '../../../..');
const FIXTURE = readFileSync(path.join(ROOT, 'scripts/fixtures/devtools-trace.json'), 'utf8');

/** The three misspelt types of the issue, between two real actions. */
const MISSPELT = JSON.stringify([
  { type: 'preferences/languageChanged', payload: 'en' },
  { type: 'preferences/themChanged', payload: 'dark' },
  { type: 'session/signedout' },
  { type: 'preferences/sidebartoggled' },
  { type: 'preferences/themeChanged', payload: 'light' },
]);

function run(argv: string[], files: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const written = new Map<string, string>();
  const code = runCli(argv, {
    readFile: (file) => {
      const name = path.basename(file);
      if (!(name in files)) throw new Error('no such file');
      return files[name];
    },
    writeFile: (file, text) => void written.set(file, text),
    exists: () => false,
    mkdir: () => undefined,
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    root: ROOT,
    cwd: ROOT,
  });
  return { code, out, err, written };
}

describe('replay-trace', () => {
  it('reports the replay; no recorded states, nothing compared', () => {
    const { code, out } = run(['trace.json'], { 'trace.json': FIXTURE });
    expect(code).toBe(0);
    expect(out).toBe(
      "Replayed 5 action(s) of a trace holding 7, from the app's initial state.\n" + 'The trace carries no recorded states: nothing to compare (the final state: --state).\n',
    );
  });

  it('--diff: one line per action with the paths it changed (not applied ones marked -)', () => {
    const { out } = run(['t.json', '--diff'], { 't.json': FIXTURE });
    expect(out.split('\n').slice(1, 8)).toEqual([
      '-#0    @@INIT  (no change)',
      ' #1    persist/PERSIST  +session._persist, +preferences._persist',
      ' #2    persist/REHYDRATE  preferences.theme, preferences.language, preferences._persist.rehydrated',
      ' #3    session/signedIn  session.access, session.refresh, session.user',
      ' #4    preferences/themeChanged  preferences.theme',
      '-#5    preferences/sidebarToggled  (no change)',
      ' #6    session/sessionEnded  session.access, session.refresh, session.user, session.notice',
    ]);
  });

  it('--filter: shows only the matching actions, applies them all', () => {
    const shown = run(['t.json', '--diff', '--filter', 'session/*'], { 't.json': FIXTURE }).out;
    expect(shown.split('\n').filter((l) => /#\d/.test(l))).toEqual([
      ' #3    session/signedIn  session.access, session.refresh, session.user',
      ' #6    session/sessionEnded  session.access, session.refresh, session.user, session.notice',
    ]);
    const json = JSON.parse(run(['t.json', '--filter', 'session/sessionEnded,preferences/themeChanged', '--json', '--state'], { 't.json': FIXTURE }).out);
    expect(json.steps.map((s: { type: string }) => s.type)).toEqual(['preferences/themeChanged', 'session/sessionEnded']);
    expect(json.applied).toBe(5);
    expect(json.state.preferences.theme).toBe('light');
  });

  it('--until N stops after action N; --at N prints the state after it, alone on stdout', () => {
    const until = JSON.parse(run(['t.json', '--until', '3', '--json', '--state'], { 't.json': FIXTURE }).out);
    expect(until).toMatchObject({ last: 3, applied: 3 });
    expect(until.state.preferences.theme).toBe('dark'); // REHYDRATE's; the reader's choice comes at #4
    expect(until.state.session).toMatchObject({ access: '[redacted]', user: { username: 'reader' } });

    const at = run(['t.json', '--at', '3'], { 't.json': FIXTURE });
    expect(at.code).toBe(0);
    expect(JSON.parse(at.out)).toEqual(until.state);
    expect(run(['t.json', '--until', '2'], { 't.json': FIXTURE }).out).toMatch(/^Replayed 2 action\(s\) of a trace holding 7, up to #2,/);
    expect(run(['t.json', '--at', '9'], { 't.json': FIXTURE })).toMatchObject({ code: 2, err: expect.stringMatching(/no action #9 in this trace/) });
  });

  it('--json: the report for tools', () => {
    const json = JSON.parse(run(['t.json', '--json'], { 't.json': FIXTURE }).out);
    expect(json).toEqual({
      actions: 7,
      last: 6,
      applied: 5,
      startFrom: 'app',
      recordedStates: false,
      compared: 0,
      unknownTypes: [],
      errors: [],
      divergence: null,
      steps: [],
    });
  });

  it('warns of action types no slice or endpoint handles (three misspelt ones)', () => {
    const { code, out } = run(['m.json'], { 'm.json': MISSPELT });
    expect(code).toBe(0);
    expect(out.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      'warning: unknown action type "preferences/themChanged" (#1): no slice or API endpoint of the app handles it',
      'warning: unknown action type "session/signedout" (#2): no slice or API endpoint of the app handles it',
      'warning: unknown action type "preferences/sidebartoggled" (#3): no slice or API endpoint of the app handles it',
    ]);
    expect(JSON.parse(run(['m.json', '--json'], { 'm.json': MISSPELT }).out).unknownTypes).toHaveLength(3);
  });

  it('finds no divergence in a trace recorded from the current code, and exits 1 on a planted one', async () => {
    const { text } = await recordScenario();
    const clean = run(['t.json'], { 't.json': text });
    expect(clean.code).toBe(0);
    expect(clean.out).toMatch(/^Replayed \d+ action\(s\) of an in-app trace \(last 500 actions kept, 0 older dropped\) holding \d+, from the trace's starting state \(committedState\)\.\n/);
    expect(clean.out).toMatch(/No divergence: the replayed state matches the recorded one after each of the \d+ action\(s\) compared\.\n$/);

    const lifted = decodeRefs(JSON.parse(text)) as LiftedState;
    const at = lifted.stagedActionIds!.findIndex((id) => lifted.actionsById[id].action.type === 'session/signedOut');
    const state = lifted.computedStates![at].state as { session: object };
    lifted.computedStates![at] = { state: { ...state, session: { ...state.session, notice: 'sessionExpired' } } };
    const planted = run(['t.json'], { 't.json': JSON.stringify(encodeRefs(lifted)) });
    expect(planted.code).toBe(1);
    expect(planted.out).toContain(
      `Divergence at #${at} (session/signedOut): the replayed state differs from the recorded one.\n` +
        '  action: {"type":"session/signedOut"}\n' +
        '  session.notice: recorded "sessionExpired", replayed null\n' +
        `The replay stopped there. The state before it: --at ${at - 1}; the actions up to it: --diff --until ${at}.\n`,
    );
  });

  it('never prints a secret, even from a trace exported without the sanitisers', async () => {
    const { store } = await recordScenario();
    const buffer = traceBufferOf(store)!;
    // What DevTools would export from a build without the sanitisers: every secret in it.
    const raw = toLiftedState(buffer.base, buffer.entries());
    const login = raw.stagedActionIds!.findIndex((id) => raw.actionsById[id].action.type === 'api/executeMutation/fulfilled');
    const state = raw.computedStates![login].state as { session: object };
    raw.computedStates![login] = { state: { ...state, session: { ...state.session, notice: 'authFailed' } } };
    const text = JSON.stringify(encodeRefs(raw));
    expect(holdsNoSecret(text)).toBe(false);

    for (const argv of [[], ['--diff'], ['--json'], ['--json', '--state', '--diff'], ['--state'], ['--at', String(login)], ['--no-check', '--diff']]) {
      const { out, err, code } = run(['raw.json', ...argv], { 'raw.json': text });
      expect({ argv, code: code === 2 ? err : 'ok' }).toEqual({ argv, code: 'ok' });
      expect({ argv, clean: holdsNoSecret(out + err, { note: false }) }).toEqual({ argv, clean: true });
    }
    const report = run(['raw.json'], { 'raw.json': text }).out;
    expect(report).toContain(`Divergence at #${login} (api/executeMutation/fulfilled)`);
    expect(report).toContain('"access":"[redacted]"');
    const { divergence } = JSON.parse(run(['raw.json', '--json'], { 'raw.json': text }).out);
    expect(divergence.action.meta.arg.originalArgs).toEqual({ loginRequest: { username: 'reader', password: '[redacted]' } });
  });

  it('refuses a wrong command line or file', () => {
    expect(run([])).toMatchObject({ code: 2, err: expect.stringMatching(/^no trace file given\n\nusage:/) });
    expect(run(['t.json', '--until'])).toMatchObject({ code: 2, err: expect.stringMatching(/^--until needs a value/) });
    expect(run(['t.json', '--at', 'x'])).toMatchObject({ code: 2, err: expect.stringMatching(/^--at needs an action index/) });
    expect(run(['t.json', '--bogus'])).toMatchObject({ code: 2, err: expect.stringMatching(/^unknown option --bogus/) });
    expect(run(['nope.json'])).toMatchObject({ code: 2, err: expect.stringMatching(/^cannot read nope.json/) });
    expect(run(['t.json'], { 't.json': '{"hello":"world"}' })).toMatchObject({ code: 2, err: expect.stringMatching(/Not a Redux DevTools export/) });
    expect(parseArgs(['t.json', '--filter', 'a/*', '--filter', 'b,c'])).toMatchObject({ file: 't.json', filter: ['a/*', 'b', 'c'], check: true });
  });
});
