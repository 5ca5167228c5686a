/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import type { Persistor } from 'redux-persist';
import { debugChanged, sidebarToggled, themeChanged } from '../../state/preferencesSlice';
import { makeStore, startPersistence } from '../store';
import { traceTaps } from '../traceTap';
import { TRACE_LIMIT, recordTrace, traceBufferOf, traceFile, traceOf } from './recorder';
import { replay } from './replay';
import { decodeRefs, encodeRefs, parseTrace, type LiftedState } from './traceFormat';
import { SECRETS, holdsNoSecret, recordScenario } from './traceTesting';

beforeEach(() => localStorage.clear());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const bootstrapped = (persistor: Persistor) =>
  new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });

describe('the in-app recorder', () => {
  it('is off by default, and follows the developer-tools preference', async () => {
    const store = makeStore();
    const persistor = startPersistence(store);
    await bootstrapped(persistor);
    await flush();
    expect(traceTaps.get(store)?.listener).toBeNull();
    expect(traceBufferOf(store)).toBeUndefined();

    store.dispatch(debugChanged(true));
    await flush(); // the recorder's chunk
    expect(traceTaps.get(store)?.listener).toEqual(expect.any(Function));
    store.dispatch(themeChanged('dark'));
    store.dispatch(sidebarToggled());
    expect(traceBufferOf(store)?.entries().map((e) => e.action.type)).toEqual(['preferences/themeChanged', 'preferences/sidebarToggled']);

    store.dispatch(debugChanged(false));
    await flush();
    expect(traceTaps.get(store)?.listener).toBeNull();
    expect(traceBufferOf(store)).toBeUndefined();
    persistor.pause();
  });

  it('starts at once when the stored preference is on', async () => {
    localStorage.setItem('qarar:preferences', JSON.stringify({ debug: 'true', _persist: '{"version":1,"rehydrated":true}' }));
    const store = makeStore();
    const persistor = startPersistence(store);
    await bootstrapped(persistor);
    await flush();
    expect(traceBufferOf(store)).toBeDefined();
    persistor.pause();
  });

  it(`keeps the last ${TRACE_LIMIT} actions, the state before them as the starting state`, () => {
    // Without the api middleware, whose first action would be one more.
    const store = makeStore(undefined, { readStorage: false, sideEffects: false });
    recordTrace(store, true);
    const total = TRACE_LIMIT + 20;
    for (let n = 0; n < total; n += 1) store.dispatch({ ...sidebarToggled(n % 3 === 0), meta: { n } });

    const buffer = traceBufferOf(store)!;
    expect(buffer.size).toBe(TRACE_LIMIT);
    expect(buffer.dropped).toBe(20);
    const lifted = traceOf(store);
    const actions = lifted.stagedActionIds!.map((id) => lifted.actionsById[id].action);
    expect(actions).toHaveLength(TRACE_LIMIT + 1); // and DevTools' @@INIT
    expect(actions[0].type).toBe('@@INIT');
    expect((actions[1].meta as { n: number }).n).toBe(20);
    expect((actions[TRACE_LIMIT].meta as { n: number }).n).toBe(total - 1);
    // The starting state is the one after action 19: 19 % 3 !== 0, so not collapsed.
    expect((lifted.committedState as { preferences: { sidebarCollapsed: boolean } }).preferences.sidebarCollapsed).toBe(false);
    expect(lifted.qarar).toMatchObject({ limit: TRACE_LIMIT, dropped: 20 });

    const report = replay(traceFile(store).text);
    expect(report).toMatchObject({ divergence: null, unknownTypes: [], compared: TRACE_LIMIT + 1, startFrom: 'committedState' });
  });

  it('writes a DevTools lifted state, shared parts once, that replays with no divergence and holds no secret', async () => {
    const { text } = await recordScenario();
    expect(holdsNoSecret(text)).toBe(true);
    expect(text).toContain('"$jsan"');

    const trace = parseTrace(text);
    expect(trace.note?.redacted).toEqual(['tokens', 'passwords', 'notes']);
    const types = trace.steps.map((s) => s.action.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'preferences/languageChanged',
        'api/executeMutation/pending',
        'api/executeMutation/fulfilled',
        'api/executeQuery/fulfilled',
        'api/invalidateTags',
        'session/signedOut',
      ]),
    );
    const report = replay(text);
    expect(report.unknownTypes).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.divergence).toBeNull();
    expect(report.compared).toBe(trace.steps.length);
    expect(report.state.session).toMatchObject({ access: null, user: null });
    expect(report.state.preferences).toMatchObject({ language: 'en', theme: 'dark' });
  });

  it('keeps the text of notes only when asked to', async () => {
    const { store } = await recordScenario();
    const withNotes = traceFile(store, { notes: true }).text;
    expect(withNotes).toContain(SECRETS.note);
    expect(holdsNoSecret(withNotes, { note: false })).toBe(true);
    expect(replay(withNotes).divergence).toBeNull();
  });
});

describe('divergence', () => {
  /** The scenario's trace with `plant` applied to it (on a copy in which no two states share a part). */
  async function planted(plant: (lifted: LiftedState, indexOf: (type: string) => number) => void) {
    const { text } = await recordScenario();
    const lifted = JSON.parse(JSON.stringify(decodeRefs(JSON.parse(text)))) as LiftedState;
    const types = lifted.stagedActionIds!.map((id) => lifted.actionsById[id].action.type);
    plant(lifted, (type) => types.indexOf(type));
    return JSON.stringify(encodeRefs(lifted));
  }

  it('stops at the first action whose recorded state differs, with its index, action and paths', async () => {
    let at = -1;
    const text = await planted((lifted, indexOf) => {
      at = indexOf('preferences/themeChanged');
      for (let i = at; i < lifted.computedStates!.length; i += 1) {
        (lifted.computedStates![i].state as { preferences: { theme: string } }).preferences.theme = 'light';
      }
    });
    const report = replay(text);
    expect(report.divergence).toMatchObject({
      index: at,
      type: 'preferences/themeChanged',
      action: { type: 'preferences/themeChanged', payload: 'dark' },
      paths: [{ path: 'preferences.theme', recorded: 'light', replayed: 'dark' }],
      total: 1,
    });
    expect(report.last).toBe(at);
    expect(report.compared).toBe(at + 1);
  });

  it('names the path inside a cached answer', async () => {
    let at = -1;
    const text = await planted((lifted, indexOf) => {
      at = indexOf('api/executeQuery/fulfilled');
      const state = lifted.computedStates![at].state as { api: { queries: Record<string, { data: { results: Array<{ title: string }> } }> } };
      state.api.queries['listPosts({})'].data.results[1].title = 'Post two';
    });
    const report = replay(text);
    expect(report.divergence?.index).toBe(at);
    expect(report.divergence?.paths).toEqual([{ path: 'api.queries["listPosts({})"].data.results[1].title', recorded: 'Post two', replayed: 'Post 2' }]);
  });

  it('tells a value missing on one side', async () => {
    const text = await planted((lifted, indexOf) => {
      const state = lifted.computedStates![indexOf('session/signedOut')].state as { session: Record<string, unknown> };
      delete state.session.notice;
    });
    expect(replay(text).divergence?.paths).toEqual([{ path: 'session.notice', recorded: undefined, replayed: null, absent: 'recorded' }]);
  });
});
