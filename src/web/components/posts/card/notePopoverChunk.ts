import type BookmarkNotePopover from './BookmarkNotePopover';

/*
 * The bookmark note popover (MUI Popover and TextField) is a chunk of its own: the post card is
 * on the home route, whose JS budget is full. Loaded by hand rather than with React.lazy so a
 * failed download (offline) is an error the button can report instead of one that unmounts the
 * page, and a later press can try again.
 */
let loaded: typeof BookmarkNotePopover | undefined;
let pending: Promise<typeof BookmarkNotePopover> | undefined;
let prefetchScheduled = false;

export const loadedNotePopover = () => loaded;

export function loadNotePopover(): Promise<typeof BookmarkNotePopover> {
  pending ??= import(/* webpackChunkName: "bookmark-note" */ './BookmarkNotePopover').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** Once per page load, for a reader who may bookmark: the first press then opens it at once. */
export function prefetchNotePopoverWhenIdle(): void {
  if (prefetchScheduled || loaded) return;
  prefetchScheduled = true;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  whenIdle(() => {
    loadNotePopover().catch(() => {
      // The press will try again and say so if it fails then.
      prefetchScheduled = false;
    });
  });
}
