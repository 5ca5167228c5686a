import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { heldLazy } from '../../app/heldLazy';
import type { TopicFollowButtonProps } from './TopicFollowButton';

// In the "following" chunk with the Following screen and their strings (router.tsx names it the
// same), asked for with the page that shows the button (a drawn page waits for it: heldLazy).
const TopicFollowButton = heldLazy(() => import(/* webpackChunkName: "following" */ './TopicFollowButton'));

/**
 * The follow button of an organization's, a type's or a hashtag's page (TopicFollowButton).
 * While its chunk loads, a placeholder of a small button's size holds its place, so the heading
 * beside it does not move when it comes, and the page says it is still loading.
 */
export function Follow(props: TopicFollowButtonProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" width={92} height={31} sx={{ borderRadius: 5, flexShrink: 0 }} data-testid="follow-placeholder" />}>
      <TopicFollowButton {...props} />
    </Suspense>
  );
}
