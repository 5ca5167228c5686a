import { createElement, lazy, type ComponentType } from 'react';
import { holdFirstRender } from './firstRender';

/**
 * A lazy part that a page drawn by the server shows (a list's feed button, a topic's follow
 * button): its chunk is asked for when the screen's module runs, and a drawn page is taken over
 * only once it is here (firstRender.ts). Otherwise that part stays the server's inert markup
 * after the take-over until the chunk comes, and a press on it meanwhile is lost (React cannot
 * take over a part whose code is missing). Once loaded it renders directly: a lazy component
 * would still suspend on its first render.
 */
export function heldLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loading = load().then((m) => (loaded = m.default) && m);
  holdFirstRender(loading);
  const Lazy = lazy(() => loading);
  return (props: P) => createElement(loaded ?? Lazy, props);
}
