import { Suspense } from 'react';
import { heldLazy } from '../../app/heldLazy';
import type { FeedButtonProps } from './FeedButton';

// Not part of a list's first render: the menu's code comes after it (a drawn page waits for it
// before the take-over: heldLazy).
const FeedButton = heldLazy(() => import(/* webpackChunkName: "feeds" */ './FeedButton'));

/** The list's feed button (FeedButton), loaded after the screen. */
export function Feeds(props: FeedButtonProps) {
  return (
    <Suspense fallback={null}>
      <FeedButton {...props} />
    </Suspense>
  );
}
