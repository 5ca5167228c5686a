import { decodeRefs, encodeRefs, parseTrace, toLiftedState } from './traceFormat';
import { formatPath, parsePath, valueAt, differences, changedPaths } from './stateDiff';
import { actionCheck } from './knownActions';
import { replayTrace } from './replay';
import { traceRedactor } from './redactTrace';

describe('the trace format', () => {
  it('writes each object once, then a jsan reference to it, and reads that back', () => {
    const shared = { a: [1, { b: 'c' }], 'odd key': true };
    const value = { first: shared, list: [shared, { again: shared.a }], gone: undefined, when: new Date(0) };
    const encoded = encodeRefs(value);
    expect(encoded).toEqual({
      first: { a: [1, { b: 'c' }], 'odd key': true },
      list: [{ $jsan: '$.first' }, { again: { $jsan: '$.first.a' } }],
      when: '1970-01-01T00:00:00.000Z',
    });
    const decoded = decodeRefs(JSON.parse(JSON.stringify(encoded))) as { first: object; list: [object, { again: unknown }] };
    expect(decoded.list[0]).toBe(decoded.first);
    expect(decoded.list[1].again).toBe((decoded.first as { a: unknown }).a);
    expect(decoded).toEqual({ ...value, gone: undefined, when: '1970-01-01T00:00:00.000Z' });
  });

  it("reads jsan as DevTools writes it: bracketed paths, its codes, an escaped '$jsan' key", () => {
    const text = JSON.stringify({
      x: { 'a b': { c: [10, { d: 1 }] } },
      y: { $jsan: '$.x["a b"].c[1]' },
      u: { $jsan: 'u' },
      t: { $jsan: 'd0' },
      k: { $jsan: [7] },
    });
    expect(decodeRefs(JSON.parse(text))).toEqual({ x: { 'a b': { c: [10, { d: 1 }] } }, y: { d: 1 }, u: undefined, t: '1970-01-01T00:00:00.000Z', k: { $jsan: 7 } });
  });

  it('reads the export wrapped as {payload, preloadedState}, and starts from its preloaded state', () => {
    const lifted = {
      actionsById: { 0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' } }, 1: { type: 'PERFORM_ACTION', action: { type: 'preferences/themeChanged', payload: 'dark' } } },
      stagedActionIds: [0, 1],
      skippedActionIds: [],
      computedStates: [{ state: {} }, { state: {} }],
    };
    const preloaded = { preferences: { language: 'en', theme: 'light' } };
    const trace = parseTrace(JSON.stringify({ payload: JSON.stringify(lifted), preloadedState: JSON.stringify(preloaded) }));
    expect(trace).toMatchObject({ startFrom: 'preloadedState', start: preloaded, recordedStates: false });
    expect(trace.steps.map((s) => s.action.type)).toEqual(['@@INIT', 'preferences/themeChanged']);
    expect(replayTrace({ payload: JSON.stringify(lifted), preloadedState: JSON.stringify(preloaded) }).preferences).toMatchObject({ language: 'en', theme: 'dark' });
  });

  it('starts from the committed state, else from the first computed state after @@INIT', () => {
    const base = { preferences: { language: 'en' } };
    const entries = [{ action: { type: 'preferences/themeChanged', payload: 'dark' }, state: { preferences: { language: 'en', theme: 'dark' } }, timestamp: 1 }];
    expect(parseTrace(toLiftedState(base, entries))).toMatchObject({ startFrom: 'committedState', start: base, recordedStates: true });
    const { committedState: _c, ...withoutCommitted } = toLiftedState(base, entries);
    expect(parseTrace(withoutCommitted)).toMatchObject({ startFrom: 'computedStates[0]', start: base });
  });
});

describe('state paths and differences', () => {
  it('writes and reads paths as a reader would', () => {
    const parts = ['api', 'queries', 'getPost({"slug":"x"})', 'data', 'results', 3, 'title'];
    const p = formatPath(parts);
    expect(p).toBe('api.queries["getPost({\\"slug\\":\\"x\\"})"].data.results[3].title');
    expect(parsePath(p)).toEqual(parts);
    expect(valueAt({ a: { 'b c': [0, { d: 5 }] } }, 'a["b c"][1].d')).toBe(5);
    expect(() => parsePath('a..b')).toThrow(/Unreadable path/);
  });

  it('compares as JSON does (a member holding undefined is no member)', () => {
    expect(differences({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] }, d: undefined }).total).toBe(0);
    expect(differences({ a: 1, b: { c: [1, 2] } }, { a: 2, b: { c: [1, 3, 4] } }).paths).toEqual([
      { path: 'a', recorded: 1, replayed: 2 },
      { path: 'b.c[1]', recorded: 2, replayed: 3 },
      { path: 'b.c[2]', recorded: undefined, replayed: 4, absent: 'recorded' },
    ]);
  });

  it('lists what an action changed by reference: changed, +appeared, -went', () => {
    const same = { big: [1, 2, 3] };
    expect(changedPaths({ s: same, a: 1, gone: {} }, { s: same, a: 2, added: { x: 1 } })).toEqual(['a', '-gone', '+added']);
  });

  it('redacts secrets inside query cache keys and strings as well as by key', () => {
    const redact = traceRedactor({ notes: true });
    const state = { api: { queries: { 'listAlertSubscriptions({"token":"T0K"})': { originalArgs: { token: 'T0K' }, data: [{ notes: 'mine', id: 1 }] } } } };
    expect(JSON.stringify(redact(state))).toBe('{"api":{"queries":{"listAlertSubscriptions({\\"token\\":\\"[redacted]\\"})":{"originalArgs":{"token":"[redacted]"},"data":[{"notes":"[redacted]","id":1}]}}}}');
    const untouched = { a: { b: 1 } };
    expect(redact(untouched)).toBe(untouched);
  });
});

describe('the action types the store handles', () => {
  const check = actionCheck();

  it("knows the slices', the API's and redux-persist's actions", () => {
    for (const type of [
      'session/signedIn',
      'session/tokensRefreshed',
      'preferences/themeChanged',
      'preferences/debugChanged',
      'persist/REHYDRATE',
      'persist/PERSIST',
      'api/config/middlewareRegistered',
      'api/internalSubscriptions/subscriptionsUpdated',
      'api/queries/queryResultPatched',
      'api/invalidateTags',
      'api/resetApiState',
      '__rtkq/focused',
      'app/serverAnswersArrived',
      '@@INIT',
      '@@redux/INITx.y.z',
    ]) {
      expect({ type, why: check({ type }) }).toEqual({ type, why: null });
    }
  });

  it('knows a request of an endpoint of any screen, and no other', () => {
    const fulfilled = (endpointName: string, kind = 'Query') => ({
      type: `api/execute${kind}/fulfilled`,
      meta: { arg: { endpointName, type: kind.toLowerCase() }, requestId: 'r', requestStatus: 'fulfilled' },
    });
    expect(check(fulfilled('getPost'))).toBeNull();
    expect(check(fulfilled('listAlertSubscriptions'))).toBeNull(); // the alerts screens' chunk
    expect(check(fulfilled('listStudioPosts'))).toBeNull(); // the workspace's
    expect(check(fulfilled('login', 'Mutation'))).toBeNull();
    expect(check(fulfilled('getPots'))).toBe('no endpoint "getPots" in the app\'s API ("api")');
    expect(check(fulfilled('login'))).toBe('no endpoint of the app\'s API ("api") matches it');
    expect(check({ type: 'preferences/themChanged' })).toBe('no slice or API endpoint of the app handles it');
  });
});
