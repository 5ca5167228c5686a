import { useEffect, useState, type ComponentType, type Ref } from 'react';

/**
 * Stand-ins for parts of MUI's components that are drawn only after the reader acts (a press's
 * ripple, a button's loading indicator): the browser's build hands them to MUI's components in
 * place of the originals (webpack.config.ts), so the first download does not carry them. Each is
 * asked for once the page has loaded and the browser is idle, or at the first press or key should
 * that come sooner; until it is here the stand-in draws nothing, and from then on the original
 * itself, directly, with the same props and ref.
 */

/** The longest a part waits for an idle moment after the page's load. */
const IDLE_WAIT_MS = 3000;

/** A part's props, with the ref its MUI component gives it (a prop of its own since React 19). */
type WithRef<P, R> = P & { ref?: Ref<R> };

export interface DeferredPart<P, R> {
  Part: ComponentType<WithRef<P, R>>;
  /** Asks for the part's chunk (once; after a failed download, again at the next call). */
  load: () => Promise<ComponentType<WithRef<P, R>> | undefined>;
}

/** `importPart` is the original's module (MUI's own typings of its default export vary). */
export function deferredPart<P extends object, R = unknown>(importPart: () => Promise<{ default: unknown }>): DeferredPart<P, R> {
  type OriginalPart = ComponentType<WithRef<P, R>>;
  let loaded: OriginalPart | undefined;
  let loading: Promise<OriginalPart | undefined> | undefined;
  const load = () =>
    (loading ??= importPart().then(
      (m) => (loaded = m.default as OriginalPart),
      () => {
        loading = undefined;
        return undefined;
      },
    ));
  function DeferredPart(props: WithRef<P, R>) {
    const [Original, setOriginal] = useState<OriginalPart | undefined>(() => loaded);
    useEffect(() => {
      if (Original) return undefined;
      let current = true;
      void load().then((part) => {
        if (current && part) setOriginal(() => part);
      });
      return () => {
        current = false;
      };
    }, [Original]);
    return Original ? <Original {...props} /> : null;
  }
  return { Part: DeferredPart, load };
}

/** Calls `load` once the page has loaded and the browser is idle, or at the first press or key. */
export function loadWhenIdle(load: () => unknown, win: Window = window): void {
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    for (const type of ['pointerdown', 'keydown'] as const) win.removeEventListener(type, ask, true);
    void load();
  };
  const soon = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(ask, { timeout: IDLE_WAIT_MS });
    else win.setTimeout(ask, 200);
  };
  if (win.document.readyState === 'complete') soon();
  else win.addEventListener('load', soon, { once: true });
  for (const type of ['pointerdown', 'keydown'] as const) win.addEventListener(type, ask, { capture: true, passive: true });
}
