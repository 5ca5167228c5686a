import { lazy, Suspense } from 'react';
import type { FeedButtonProps } from './FeedButton';

// Not part of a list's first render: the menu's code comes after it.
const FeedButton = lazy(() => import(/* webpackChunkName: "feeds" */ './FeedButton'));

/** The list's feed button (FeedButton), loaded after the screen. */
export function Feeds(props: FeedButtonProps) {
  return (
    <Suspense fallback={null}>
      <FeedButton {...props} />
    </Suspense>
  );
}
