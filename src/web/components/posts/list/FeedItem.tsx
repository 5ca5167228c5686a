import Box from '@mui/material/Box';
import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import type { Post } from '../../../api/posts';
import { PostCard } from '../card/PostCard';

interface FeedItemProps {
  post: Post;
  index: number;
  /** The server's total (aria-setsize), -1 while unknown. */
  setSize: number;
  /** The virtualizer's measuring ref, once the list is virtual. */
  measure?: (el: HTMLElement | null) => void;
}

/** Space between two cards, inside the row so that the measured height includes it. */
const ROW_GAP = 2;

/**
 * One row of a feed. The card's own root (an <article> labelled by its title) is the feed's
 * article (WAI-ARIA feed pattern): it is given its position in the feed and made focusable,
 * rather than wrapped in a second article.
 */
export const FeedItem = memo(function FeedItem({ post, index, setSize, measure }: FeedItemProps) {
  const row = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      row.current = el;
      measure?.(el);
    },
    [measure],
  );

  useLayoutEffect(() => {
    const article = row.current?.firstElementChild;
    if (!article) return;
    if (article.tagName !== 'ARTICLE') article.setAttribute('role', 'article');
    article.setAttribute('aria-posinset', String(index + 1));
    article.setAttribute('aria-setsize', String(setSize));
    article.setAttribute('tabindex', '0');
  });

  return (
    <Box
      ref={ref}
      data-index={index}
      sx={{
        pb: ROW_GAP,
        '& > :focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <PostCard post={post} />
    </Box>
  );
});
