import { createElement, lazy, type ComponentType } from 'react';
import { failedPart } from './chunks';
import { holdFirstRender } from './firstRender';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A lazy part rendered directly once its chunk is here, with the function that asks for the
 * chunk (once, however often called). A React lazy component suspends on its first render even
 * when its chunk has come long before, and React shows a suspended part only after a throttle
 * (up to half a second): a reader's links in the phone's menu came in under the others that
 * long after it opened, moving them. Until the chunk is here it suspends as lazy does.
 */
export function readyLazy<P extends object>(load: Loader<P>): [ComponentType<P>, () => Promise<unknown>] {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (m) => ((loaded = m.default), m),
      (err: unknown) => {
        loading = undefined; // A later call tries again.
        throw err;
      },
    ));
  // Asked for once more when it renders (a failed prefetch, or a first failure), then failedPart.
  const Lazy = lazy(() => start().catch(start).catch(failedPart<P>));
  return [(props: P) => createElement(loaded ?? Lazy, props), start];
}

/**
 * A lazy part that a page drawn by the server shows (a list's feed button, a topic's follow
 * button, a post card's content): its chunk is asked for when the screen's module runs, and a
 * drawn page is taken over only once it is here (firstRender.ts). Otherwise that part stays the
 * server's inert markup after the take-over until the chunk comes, and a press on it meanwhile
 * is lost (React cannot take over a part whose code is missing). Once loaded it renders
 * directly (readyLazy).
 */
export function heldLazy<P extends object>(load: Loader<P>): ComponentType<P> {
  const [Part, start] = readyLazy(load);
  holdFirstRender(start());
  return Part;
}
