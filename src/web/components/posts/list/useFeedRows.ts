import { useEffect, useLayoutEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { NavigationType, useNavigationType } from 'react-router-dom';
import type { FeedWindow, RowKey } from './feedWindow';
import { recallList, rememberList, type ListMemory } from './listMemory';

/** Lists longer than this render only the rows near the viewport. */
export const VIRTUALIZE_AFTER = 30;

type FeedWindowModule = typeof import('./feedWindow');
let loadedModule: FeedWindowModule | undefined;
let loadingModule: Promise<FeedWindowModule | undefined> | undefined;

/** Loads the virtualizer's chunk once; should it fail, lists stay rendered in full. */
function loadFeedWindow() {
  loadingModule ??= import(/* webpackChunkName: "virtual-list" */ './feedWindow').then(
    (m) => (loadedModule = m),
    () => (loadingModule = undefined),
  );
  return loadingModule;
}

export interface FeedRows {
  /** Indexes of the items to render, in order. */
  indexes: number[];
  /** Space standing for the rows not rendered before and after them. */
  before: number;
  after: number;
  /** Ref for each rendered row (which carries `data-index`) once the list is virtual. */
  measure: ((el: HTMLElement | null) => void) | undefined;
  /** Waiting for the pages to come back before the scroll position is restored. */
  restoring: boolean;
}

interface Options {
  count: number;
  keyOf: (index: number) => RowKey;
  listRef: RefObject<HTMLElement | null>;
  /** History entry + list (listMemory.ts). */
  memoryKey: string;
  /** Pages are still arriving (a restore waits for them). */
  loading: boolean;
}

type Remembered = ListMemory & { scrollY: number };

/**
 * Which rows of a list to render, and the list's place when the reader comes back.
 *
 * Short lists render in full. Past VIRTUALIZE_AFTER items the virtualizer (feedWindow.ts, its
 * own chunk) takes over, seeded with the rows' measured sizes and the current scroll offset,
 * so the switch moves nothing and the rows on screen stay mounted (focus kept); from then on
 * only the rows near the viewport exist, so the DOM and memory stay flat however far the
 * reader scrolls.
 *
 * When the list goes away its scroll offset, item count and measured sizes are remembered for
 * the history entry; Back restores them once the pages are back (from the cache, usually at
 * once). A fresh visit (push or replace) starts at the top.
 */
export function useFeedRows({ count, keyOf, listRef, memoryKey, loading }: Options): FeedRows {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [feedWindow, setFeedWindow] = useState<FeedWindow | null>(null);

  // What to restore for this history entry, read once per entry and dropped once applied.
  const [target, setTarget] = useState(() => ({ memoryKey, saved: recallList(memoryKey) }));
  if (target.memoryKey !== memoryKey) setTarget({ memoryKey, saved: recallList(memoryKey) });
  const saved = target.memoryKey === memoryKey ? target.saved : recallList(memoryKey);
  const pending = saved?.scrollY !== undefined ? (saved as Remembered) : undefined;
  const ready = !!pending && (count >= (pending.itemCount ?? 0) || !loading);
  const restoring = !!pending && !ready;
  const restored = () => setTarget({ memoryKey, saved: undefined });

  const wanted = count >= VIRTUALIZE_AFTER;
  const [module, setModule] = useState(() => loadedModule);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void loadFeedWindow().then((m) => live && m && setModule(m));
    return () => {
      live = false;
    };
  }, [wanted, module]);

  // Coming back to a long list: its rows wait for the virtualizer (created in the same commit,
  // before paint) rather than render hundreds of cards for nothing.
  const restoreVirtual = ready && wanted && !!module && !!pending?.sizes?.length;
  const holding = restoreVirtual && !feedWindow;

  // After every render, until the window exists (the guard below): it needs the list's element.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!wanted || !module || feedWindow || !list || restoring) return;
    const offset = ready ? pending.scrollY : window.scrollY;
    setFeedWindow(new module.FeedWindow(rerender, { count, keyOf, list, offset, sizes: restoreVirtual ? pending.sizes : undefined }));
    if (ready) restored();
  });
  useLayoutEffect(() => feedWindow?.attach(), [feedWindow]);
  useLayoutEffect(() => {
    if (feedWindow && listRef.current) feedWindow.afterRender(listRef.current);
  });

  // Restoring a short list, or a list already virtual (another entry of the same screen).
  useLayoutEffect(() => {
    if (!ready || restoreVirtual) return;
    if (feedWindow) feedWindow.scrollTo(pending.scrollY);
    else if (window.scrollY !== pending.scrollY) window.scrollTo(0, pending.scrollY);
    // Dropped once applied, after the scroll it must follow.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    restored();
  });

  // A fresh visit starts at the top (the browser would keep the previous screen's offset).
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (recallList(memoryKey)?.scrollY === undefined && navigation !== NavigationType.Pop && window.scrollY > 0) window.scrollTo(0, 0);
    // Once per history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memoryKey]);

  // Remember the place for Back. The offset is followed as it changes: by the time the list
  // unmounts, the next screen may already have shortened the page.
  const scrollY = useRef(0);
  useEffect(() => {
    const follow = () => {
      scrollY.current = window.scrollY;
    };
    follow();
    window.addEventListener('scroll', follow, { passive: true });
    return () => window.removeEventListener('scroll', follow);
  }, []);
  // Updated after each commit, so that the cleanup below, run when the entry changes, still
  // sees the list it is leaving.
  const leaving = useRef({ count, feedWindow, restoring });
  useLayoutEffect(() => {
    leaving.current = { count, feedWindow, restoring };
  });
  useLayoutEffect(
    () => () => {
      const { count: itemCount, feedWindow: w, restoring: neverShown } = leaving.current;
      if (!neverShown) rememberList(memoryKey, { scrollY: scrollY.current, itemCount, sizes: w?.sizes() });
    },
    [memoryKey],
  );

  if (restoring || holding) return { indexes: [], before: 0, after: 0, measure: undefined, restoring: true };
  if (!feedWindow) return { indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0, measure: undefined, restoring: false };
  return { ...feedWindow.rows(count, keyOf), measure: feedWindow.measure, restoring: false };
}
