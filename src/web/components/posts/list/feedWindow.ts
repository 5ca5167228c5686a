import { Virtualizer, observeWindowOffset, observeWindowRect, windowScroll, type VirtualizerOptions } from '@tanstack/react-virtual';
import { flushSync } from 'react-dom';

/**
 * The virtualizer of long lists, in a chunk of its own (loaded once a list grows past
 * VIRTUALIZE_AFTER items, or when Back returns to such a list): the home route's first render
 * does not pay for it. useFeedRows drives it.
 */

/** A card's height before it is measured (only rows never shown yet use it). */
const ESTIMATED_ROW_PX = 320;
/** Rows kept rendered beyond each edge of the viewport. */
const OVERSCAN_ROWS = 4;

export type RowKey = string | number;
export interface RowSize {
  key: RowKey;
  size: number;
}

/** Sizes as laid out, unrounded: hundreds of rows rounded one by one would drift the rows shown. */
const layoutSize = (el: HTMLElement) => el.getBoundingClientRect().height;

/**
 * The row's size from its resize observation; a row mounted again takes its known size rather
 * than forcing a layout in the middle of a scroll (the observation follows anyway).
 */
function observedSize(el: HTMLElement, entry: ResizeObserverEntry | undefined, v: Virtualizer<Window, HTMLElement>) {
  const box = entry?.borderBoxSize?.[0];
  if (box) return box.blockSize;
  return v.itemSizeCache.get(v.options.getItemKey(v.indexFromElement(el))) ?? layoutSize(el);
}

const documentTop = (el: HTMLElement) => el.getBoundingClientRect().top + window.scrollY;

/** The virtualizer's seed: keys and sizes (it works out the positions itself). */
const seed = (sizes: RowSize[]) => sizes.map(({ key, size }, index) => ({ key, size, index, start: 0, end: 0, lane: 0 }));

/** The rows as the reader sees them now, measured, so that virtualizing them moves nothing. */
const measureRows = (list: HTMLElement, keyOf: (index: number) => RowKey): RowSize[] =>
  Array.from(list.querySelectorAll<HTMLElement>(':scope > [data-index]'), (el) => ({ key: keyOf(Number(el.dataset.index)), size: layoutSize(el) }));

export interface FeedWindowStart {
  count: number;
  keyOf: (index: number) => RowKey;
  /** The feed element; its rows carry `data-index`. */
  list: HTMLElement;
  /** Sizes remembered from an earlier visit; otherwise the rows on screen are measured. */
  sizes?: RowSize[];
  /** Where the window is scrolled to (and is scrolled to once attached). */
  offset: number;
}

/**
 * A window virtualizer over the feed's rows, rendered in the flow between two spacers (so the
 * rows rendered before the switch keep their place and their DOM).
 */
export class FeedWindow {
  private readonly virtualizer: Virtualizer<Window, HTMLElement>;
  private readonly seeded: Pick<VirtualizerOptions<Window, HTMLElement>, 'initialMeasurementsCache' | 'initialOffset'>;
  private margin: number;
  private checked = { count: -1, width: -1 };
  private measuring = false;

  constructor(
    private readonly rerender: () => void,
    { count, keyOf, list, sizes, offset }: FeedWindowStart,
  ) {
    this.margin = documentTop(list);
    this.seeded = { initialMeasurementsCache: seed(sizes ?? measureRows(list, keyOf)), initialOffset: offset };
    this.virtualizer = new Virtualizer(this.options(count, keyOf));
  }

  private options(count: number, keyOf: (index: number) => RowKey): VirtualizerOptions<Window, HTMLElement> {
    return {
      getScrollElement: () => window,
      observeElementRect: observeWindowRect,
      observeElementOffset: observeWindowOffset,
      scrollToFn: windowScroll,
      count,
      getItemKey: keyOf,
      estimateSize: () => ESTIMATED_ROW_PX,
      overscan: OVERSCAN_ROWS,
      scrollMargin: this.margin,
      measureElement: observedSize,
      // A change seen while scrolling is rendered at once (as useWindowVirtualizer does), but
      // not from inside a ref callback, where React cannot flush.
      onChange: (_v, sync) => (sync && !this.measuring ? flushSync(this.rerender) : this.rerender()),
      ...this.seeded,
    };
  }

  /** During render: the rows to render and the space standing for the others. */
  rows(count: number, keyOf: (index: number) => RowKey) {
    this.virtualizer.setOptions(this.options(count, keyOf));
    const rows = this.virtualizer.getVirtualItems();
    const total = this.virtualizer.getTotalSize();
    const first = rows[0];
    const last = rows[rows.length - 1];
    return {
      indexes: rows.map((r) => r.index),
      before: first ? first.start - this.margin : 0,
      after: last ? Math.max(0, total - (last.end - this.margin)) : total,
    };
  }

  /** Layout effect, once: starts following the window; returns the cleanup. */
  attach = () => this.virtualizer._didMount();

  /** Layout effect, after every render. */
  afterRender(list: HTMLElement) {
    this.virtualizer._willUpdate();
    // Content above the list can change height (a title arriving, the width changing): keep
    // the offsets true. Looked at when a page arrives or the width changes, not on every
    // scroll, where reading the layout would force it in the middle of the frame.
    const check = { count: this.virtualizer.options.count, width: window.innerWidth };
    if (check.count === this.checked.count && check.width === this.checked.width) return;
    this.checked = check;
    const margin = documentTop(list);
    if (Math.abs(margin - this.margin) >= 1) {
      this.margin = margin;
      this.rerender();
    }
  }

  /** The ref of each rendered row. */
  measure = (el: HTMLElement | null) => {
    this.measuring = true;
    try {
      this.virtualizer.measureElement(el);
    } finally {
      this.measuring = false;
    }
  };

  scrollTo(offset: number) {
    this.virtualizer.scrollToOffset(offset);
  }

  /** The measured rows, to remember for Back. */
  sizes(): RowSize[] {
    return this.virtualizer.takeSnapshot().map(({ key, size }) => ({ key: key as RowKey, size }));
  }
}
