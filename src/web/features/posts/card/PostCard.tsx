import Box from '@mui/material/Box';
import { lazy, Suspense, useId, type ComponentType } from 'react';
import type { Post } from '../../../api/posts';
import { holdFirstRender } from '../../../app/firstRender';

type Content = ComponentType<{ post: Post; titleId: string }>;

/*
 * What the card holds (PostCardContent: its text rules, dates, attachments, share and bookmark)
 * is a chunk of its own, asked for as soon as this module runs — with the screen that lists
 * posts, while the posts themselves are being fetched — so the first render (title and
 * skeleton rows) does not wait for it (the home route's JS budget), and it is there when the
 * first page arrives. The <article> itself is rendered here, so it is the same element before
 * and after: what a list sets on it (its place in a feed) stays.
 */
let loaded: Content | undefined;
const loading = import(/* webpackChunkName: "post-card" */ './PostCardContent').then((m) => {
  loaded = m.PostCardContent;
  return { default: m.PostCardContent };
});
holdFirstRender(loading);
const LazyContent = lazy(() => loading);

/** One post in any list, named by its title. */
export function PostCard({ post }: { post: Post }) {
  const titleId = useId();
  // Once loaded, rendered directly: a lazy component would still suspend on its first render.
  const Loaded = loaded;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{ display: 'grid', gap: 1.5, p: 2, minWidth: 0, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3 }}
    >
      {Loaded ? (
        <Loaded post={post} titleId={titleId} />
      ) : (
        <Suspense fallback={<Box aria-busy="true" sx={{ minHeight: 160 }} />}>
          <LazyContent post={post} titleId={titleId} />
        </Suspense>
      )}
    </Box>
  );
}
