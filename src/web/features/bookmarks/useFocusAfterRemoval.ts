import { useEffect, useRef, type FocusEvent } from 'react';

/**
 * Removing a bookmark from /bookmarks takes its item (and the button just pressed) out of the
 * page at once, which would drop the keyboard focus to the document. This keeps it in the list:
 * it remembers which item (li[data-bookmark-id]) holds the focus and, when that item is gone
 * and the focus went nowhere, focuses the list itself.
 */
export function useFocusAfterRemoval(items: ReadonlyArray<{ id: number }>) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusedId = useRef<number | null>(null);

  const onFocus = (event: FocusEvent) => {
    const item = (event.target as HTMLElement).closest('li[data-bookmark-id]');
    focusedId.current = item ? Number(item.getAttribute('data-bookmark-id')) : null;
  };
  const onBlur = (event: FocusEvent) => {
    // A removed element's blur has no next target: keep the id for the check below.
    if (event.relatedTarget && !listRef.current?.contains(event.relatedTarget)) focusedId.current = null;
  };

  useEffect(() => {
    const id = focusedId.current;
    if (id === null || items.some((item) => item.id === id)) return;
    focusedId.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) listRef.current?.focus();
  }, [items]);

  return { listRef, onFocus, onBlur };
}
