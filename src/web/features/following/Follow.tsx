import { lazy, Suspense } from 'react';
import type { TopicFollowButtonProps } from './TopicFollowButton';

// In the "following" chunk with the Following screen and their strings (router.tsx names it the
// same), loaded after the page that shows the button.
const TopicFollowButton = lazy(() => import(/* webpackChunkName: "following" */ './TopicFollowButton'));

/** The follow button of an organization's, a type's or a hashtag's page (TopicFollowButton). */
export function Follow(props: TopicFollowButtonProps) {
  return (
    <Suspense fallback={null}>
      <TopicFollowButton {...props} />
    </Suspense>
  );
}
