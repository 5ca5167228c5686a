import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useDeferredValue, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { Post } from '../../../api/posts';
import { Isolated, VALUE } from '../../Isolated';
import { Spinner } from '../../Spinner';
import { FeedItem } from './FeedItem';
import { FeedSkeleton } from './FeedSkeleton';
import { useListMemoryKey } from './listMemory';
import { useFeedRows } from './useFeedRows';
import type { InfinitePages } from './useInfinitePages';
import { NEEDS_SCRIPT } from '../../../pageMarks';
import { RENDERING_ON_SERVER } from '../../../app/serverSide';

/** Spec §2/§9: infinite scroll asks for the next page this far before the end. */
export const LOAD_AHEAD_PX = 300;

interface PostListProps {
  pages: InfinitePages<Post>;
  /** Accessible name of the feed. */
  label: string;
  /** Shown when the list is empty (defaults to the home feed's text). */
  emptyMessage?: string;
  /** 'infinite' (feed, explore; 300 px before the end) or 'button' (organization, type, hashtag pages). */
  mode?: 'infinite' | 'button';
}

/** Asks for more while `target` is within LOAD_AHEAD_PX of the viewport. */
function useLoadAhead(target: RefObject<HTMLElement | null>, enabled: boolean, loadMore: () => void, itemCount: number) {
  useEffect(() => {
    const el = target.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    // Observed afresh after every page (itemCount): a sentinel still in range after a short
    // page would otherwise never report again.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px`,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [target, enabled, loadMore, itemCount]);
}

/**
 * The items to draw: posts added at the end of the list (the rest of a first page the server drew
 * the first screen of, the next page) are drawn in the background, in slices the browser can
 * interrupt, rather than in one long task while the reader may be tapping; any other change (a
 * list's first posts, a new list, a bookmark's mark) at once.
 */
function useGrowingItems<T extends { id: number }>(items: T[]): T[] {
  const deferred = useDeferredValue(items);
  // Never the first posts of a list: it would say it is empty meanwhile.
  const appended = deferred !== items && deferred.length > 0 && items.length > deferred.length && deferred.every((item, i) => items[i].id === item.id);
  return appended ? deferred : items;
}

/** The page's query with `page` set (the other parameters, explore's filters, kept). */
function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return params.toString();
}

/** WAI-ARIA feed pattern: Page Down / Page Up move focus to the next / previous article. */
function moveBetweenArticles(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'PageDown' && event.key !== 'PageUp') return;
  const row = (event.target as HTMLElement).closest('[data-index]');
  if (!row || row.parentElement !== event.currentTarget) return;
  const sibling = event.key === 'PageDown' ? row.nextElementSibling : row.previousElementSibling;
  const article = sibling?.firstElementChild;
  if (!(article instanceof HTMLElement)) return;
  event.preventDefault();
  article.focus();
}

/**
 * A list of post cards read page by page: three skeleton rows while the first page loads, the
 * error banner with retry, the empty and end messages (§2), and more pages on approach
 * ('infinite', with a visible button for keyboard users) or by button. Announced as a feed;
 * long lists render only the rows near the viewport (useFeedRows), and Back returns to the
 * same place.
 */
export function PostList({ pages, label, emptyMessage, mode = 'infinite' }: PostListProps) {
  const { t } = useTranslation();
  const { count, isLoading, isFetchingMore, hasMore, isCompleting = false, error, loadMore, retry, linkedMore } = pages;
  const { search } = useLocation();
  const items = useGrowingItems(pages.items);
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const keyOf = useCallback((index: number) => items[index].id, [items]);
  const rows = useFeedRows({ count: items.length, keyOf, listRef, memoryKey: useListMemoryKey(pages.key), loading: isLoading || isFetchingMore });

  // A first page drawn with the first screen's posts only is not settled until it is whole.
  const settled = !isLoading && !isCompleting && !rows.restoring && !error;
  // Nor is more asked for while posts that arrived are still being drawn (useGrowingItems): the
  // sentinel sits below the posts drawn so far, and three short first-screen cards would put it
  // in range, asking for page 2 before page 1's rest is on screen.
  const drawing = items.length < pages.items.length;
  useLoadAhead(sentinelRef, mode === 'infinite' && settled && !drawing && hasMore && !isFetchingMore, loadMore, items.length);

  return (
    <Box>
      <Box
        ref={listRef}
        role="feed"
        aria-label={label}
        aria-busy={isLoading || isFetchingMore || rows.restoring}
        onKeyDown={moveBetweenArticles}
        style={{ paddingTop: rows.before, paddingBottom: rows.after }}
      >
        {rows.indexes.map((index) => (
          <FeedItem key={items[index].id} post={items[index]} index={index} setSize={count ?? -1} measure={rows.measure} />
        ))}
      </Box>
      <div ref={sentinelRef} />

      {(isLoading || rows.restoring) && <FeedSkeleton />}

      {error && (
        <Box role="alert" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, p: 2, border: 1, borderColor: 'error.main', borderRadius: 3, color: 'error.main' }}>
          <Typography sx={{ flex: 1, minWidth: 0 }}>
            <Isolated text={t('home.error', { error: VALUE })} value={error.message} />
          </Typography>
          <Button onClick={retry} color="error" variant="outlined" size="small">
            {t('common.retry')}
          </Button>
        </Box>
      )}

      {settled && items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {emptyMessage ?? t('home.empty')}
        </Typography>
      )}

      {settled && items.length > 0 && !hasMore && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('home.endOfFeed')}
        </Typography>
      )}

      {/* A reader without scripts reads on by a link to the list's next pages (drawn by the server). */}
      {/* The browser never draws a <noscript>'s content: only the server's renderer carries it. */}
      {linkedMore && items.length > 0 && (
        <noscript>
          {RENDERING_ON_SERVER && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <Button variant="outlined" href={`?${withPage(search, linkedMore)}`}>
                {t('home.loadMore')}
              </Button>
            </Box>
          )}
        </noscript>
      )}

      {settled && hasMore && items.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }} {...{ [NEEDS_SCRIPT]: '' }}>
          {/* Stays focusable while the page loads: a keyboard reader keeps their place. */}
          <Button
            variant="outlined"
            onClick={loadMore}
            aria-disabled={isFetchingMore}
            startIcon={isFetchingMore ? <Spinner label={t('common.loading')} size={18} /> : undefined}
          >
            {t('home.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
