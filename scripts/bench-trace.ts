import { parseArgs } from 'node:util';

/**
 * npm run bench:trace [-- --actions 100000 --rounds 11]
 *
 * Issue 17's figures for the in-app trace recorder: what an action costs through the app's
 * real store (production build of Redux Toolkit, no development checks) without the trace tap
 * at all, with the tap and the recorder off (what every reader runs), and with the recorder
 * on (the developer-tools preference): for a mix of the app's actions and for a no-op action
 * (where the reducers do least, so the tap's share is largest), with the store's reducers alone,
 * and for the mix with the app's middleware (RTK Query's, the auth listener, the error toasts)
 * as the browser runs it.
 * Then the cost of a download: building and writing the 500-action file, and its size.
 * Rounds alternate between the set-ups; medians are printed. Figures, not a test.
 */

process.env.NODE_ENV ??= 'production';

const { values: args } = parseArgs({ options: { actions: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '11' } } });
const ACTIONS = Number(args.actions);
const ROUNDS = Number(args.rounds);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  // After NODE_ENV: Redux Toolkit picks its production build when first loaded.
  const { configureStore } = await import('@reduxjs/toolkit');
  const { makeStore, rootReducer } = await import('../src/web/app/store');
  const { recordTrace, traceFile } = await import('../src/web/app/trace/recorder');
  const { postsApi } = await import('../src/web/api/posts');
  const { sidebarToggled, themeChanged } = await import('../src/web/state/preferencesSlice');
  const { noticeShown } = await import('../src/web/state/sessionSlice');
  const { post } = await import('../src/web/test/fixtures');

  // What the app dispatches: preference changes, a no-op for a slice, cache writes. And a
  // no-op alone, where the reducers do least and the tap's share is largest.
  const mixes = {
    'app mix': [
      themeChanged('dark'),
      themeChanged('light'),
      sidebarToggled(),
      noticeShown(),
      postsApi.util.upsertQueryEntries([{ endpointName: 'getPost', arg: { slug: 'post-1' }, value: post(1) }]),
      postsApi.util.upsertQueryEntries([{ endpointName: 'getPost', arg: { slug: 'post-2' }, value: post(2) }]),
    ],
    'no-op': [noticeShown()],
  };

  type Store = { dispatch: (a: unknown) => unknown };
  const plain = (sideEffects: boolean) => () => makeStore(undefined, { readStorage: false, sideEffects, devChecks: false });
  const recording = (sideEffects: boolean) => () => {
    const store = makeStore(undefined, { readStorage: false, sideEffects, devChecks: false });
    recordTrace(store, true);
    return store;
  };
  const setups: Array<{ name: string; mix: keyof typeof mixes; make: () => Store }> = [];
  for (const mix of Object.keys(mixes) as Array<keyof typeof mixes>) {
    setups.push(
      {
        name: `${mix}, reducers, no tap`,
        mix,
        make: () => configureStore({ reducer: rootReducer, middleware: (g) => g({ serializableCheck: false, immutableCheck: false }), devTools: false }),
      },
      { name: `${mix}, reducers, recorder off`, mix, make: plain(false) },
      { name: `${mix}, reducers, recorder on`, mix, make: recording(false) },
    );
  }
  setups.push({ name: 'app mix, app middleware, recorder off', mix: 'app mix', make: plain(true) }, { name: 'app mix, app middleware, recorder on', mix: 'app mix', make: recording(true) });

  const run = ({ make, mix }: (typeof setups)[number]) => {
    const actions = mixes[mix];
    const store = make();
    for (let i = 0; i < 5000; i += 1) store.dispatch(actions[i % actions.length]); // warm-up
    const began = process.hrtime.bigint();
    for (let i = 0; i < ACTIONS; i += 1) store.dispatch(actions[i % actions.length]);
    return Number(process.hrtime.bigint() - began) / ACTIONS;
  };

  const ns = new Map(setups.map((s) => [s.name, [] as number[]]));
  for (let r = 0; r < ROUNDS; r += 1) {
    // A different set-up first each round, so none gains from going first or last.
    for (let i = 0; i < setups.length; i += 1) {
      const setup = setups[(i + r) % setups.length];
      ns.get(setup.name)!.push(run(setup));
    }
  }

  console.log(`\nPer action, ${ACTIONS.toLocaleString('en')} actions × ${ROUNDS} rounds (median), NODE_ENV=${process.env.NODE_ENV}:`);
  const of = (name: string) => median(ns.get(name)!);
  for (const { name } of setups) {
    const reference = name.endsWith('no tap') ? null : name.includes('app middleware') ? of('app mix, app middleware, recorder off') : of(name.replace(/recorder (off|on)$/, 'no tap'));
    const m = of(name);
    const delta = reference === null || reference === m ? '' : `  ${m - reference >= 0 ? '+' : ''}${(m - reference).toFixed(0)} ns (${(((m - reference) / reference) * 100).toFixed(1)} %)`;
    console.log(`  ${name.padEnd(40)} ${m.toFixed(0).padStart(6)} ns${delta}`);
  }

  // The tap alone, around a reducer that does nothing: what the store measurements above cannot
  // resolve within their noise.
  const { tapped } = await import('../src/web/app/traceTap');
  const identity = (state: unknown) => state;
  const calls = ACTIONS * 100;
  const action = { type: 'x' };
  const time = (reducer: (s: unknown, a: { type: string }) => unknown) => {
    let state: unknown = {};
    const began = process.hrtime.bigint();
    for (let i = 0; i < calls; i += 1) state = reducer(state, action);
    return Number(process.hrtime.bigint() - began) / calls;
  };
  const { TraceBuffer } = await import('../src/web/app/trace/recorder');
  const asReducer = (r: unknown) => r as (s: unknown, a: { type: string }) => unknown;
  const off = asReducer(tapped(identity as never, { listener: null }));
  const buffer = new TraceBuffer({});
  const on = asReducer(tapped(identity as never, { listener: (a, _b, after) => buffer.push(a, after) }));
  const bare: number[] = [];
  const tapOff: number[] = [];
  const tapOn: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    bare.push(time(identity));
    tapOff.push(time(off));
    tapOn.push(time(on));
  }
  console.log(`\nThe tap alone, around a reducer that does nothing (${calls.toLocaleString('en')} calls, median ns per action):`);
  console.log(`  bare reducer ${median(bare).toFixed(1)}, tapped with the recorder off ${median(tapOff).toFixed(1)} (+${(median(tapOff) - median(bare)).toFixed(1)}), recording ${median(tapOn).toFixed(1)} (+${(median(tapOn) - median(bare)).toFixed(1)})`);

  // A download of a full buffer.
  const store = makeStore(undefined, { readStorage: false, sideEffects: false, devChecks: false });
  recordTrace(store, true);
  for (let i = 0; i < 1000; i += 1) store.dispatch(mixes['app mix'][i % mixes['app mix'].length]);
  const times: number[] = [];
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    const began = performance.now();
    bytes = traceFile(store).text.length;
    times.push(performance.now() - began);
  }
  console.log(`\nDownload of the last 500 actions: ${median(times).toFixed(1)} ms to redact and write, ${(bytes / 1024).toFixed(0)} KB (shared parts written once).`);
}

main().then(
  // RTK Query's timers for the cache entries written above would hold the process on.
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
