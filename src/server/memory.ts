import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full garbage collection, now. For the few moments a step has just dropped hundreds of
 * megabytes at once that V8 does not see as its own — the WebAssembly memory of a Postgres
 * that made a new embedded database, libvips' and pdf.js's leftovers after the demo's files —
 * and the next step would otherwise pile its own on top before the next collection comes by
 * itself (the first start's peak, issue 27). Node offers no call for it without --expose-gc;
 * the flag is set for this isolate and `gc` taken from a fresh context, as Node's own tests do.
 */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
