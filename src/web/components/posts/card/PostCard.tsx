import Box from '@mui/material/Box';
import { Suspense, useId, type ComponentType } from 'react';
import type { Post } from '../../../api/posts';
import { heldLazy } from '../../../app/heldLazy';

/*
 * What the card holds (PostCardContent: its text rules, dates, attachments, share and bookmark)
 * is a chunk of its own, asked for as soon as this module runs — with the screen that lists
 * posts, while the posts themselves are being fetched — so the first render (title and
 * skeleton rows) does not wait for it (the home route's JS budget), and it is there when the
 * first page arrives. The <article> itself is rendered here, so it is the same element before
 * and after: what a list sets on it (its place in a feed) stays. A drawn page is taken over once
 * the chunk is here, and from then on the content renders directly (heldLazy).
 */
const Content: ComponentType<{ post: Post; titleId: string; savedAt?: string }> = heldLazy(() =>
  import(/* webpackChunkName: "post-card" */ './PostCardContent').then((m) => ({ default: m.PostCardContent })),
);

/** One post in any list, named by its title; `savedAt`: when the reader saved it (their saved posts' list). */
export function PostCard({ post, savedAt }: { post: Post; savedAt?: string }) {
  const titleId = useId();
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{ display: 'grid', gap: 1.5, p: 2, minWidth: 0, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3 }}
    >
      <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: 160 }} />}>
        <Content post={post} titleId={titleId} savedAt={savedAt} />
      </Suspense>
    </Box>
  );
}
