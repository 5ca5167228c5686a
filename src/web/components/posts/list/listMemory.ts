import { useLocation } from 'react-router-dom';

/** What a paged list needs to come back as it was when the reader returns with Back. */
export interface ListMemory {
  /** Pages subscribed (written by useInfinitePages). */
  pages?: number;
  /** Window scroll position, and how many items were loaded then (written by PostList). */
  scrollY?: number;
  itemCount?: number;
  /** The virtualizer's measured rows (key and size) and the list's offset in the page. */
  sizes?: { key: string | number; size: number }[];
  scrollMargin?: number;
}

/**
 * Kept in memory only (not persisted: a reload starts afresh), per history entry and list.
 * Bounded: the oldest entries go first; a long session does not keep every visited list.
 */
const MAX_ENTRIES = 30;
const memory = new Map<string, ListMemory>();

export function recallList(key: string): ListMemory | undefined {
  return memory.get(key);
}

export function rememberList(key: string, patch: ListMemory): void {
  const next = { ...memory.get(key), ...patch };
  memory.delete(key); // re-inserted last: Map keeps insertion order, so the first is the oldest
  memory.set(key, next);
  if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value as string);
}

/** Forgets every list (tests). */
export function forgetLists(): void {
  memory.clear();
}

/**
 * The memory key of a list: the history entry (`location.key`, the same again on Back, new on
 * every fresh visit) and the list's own query key.
 */
export function useListMemoryKey(listKey: string): string {
  return `${useLocation().key}|${listKey}`;
}
