import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

/** Skeleton cards while the first page loads. */
const SKELETON_CARDS = 6;

/** The paged list state a directory shows (what `useInfinitePages` gives). */
export interface DirectoryPages<T> {
  items: T[];
  isLoading: boolean;
  isFetchingMore: boolean;
  hasMore: boolean;
  loadMore(): void;
  retry(): void;
}

interface DirectoryListProps<T> {
  pages: DirectoryPages<T>;
  /** Accessible name of the list. */
  label: string;
  /** The failure to show (already translated), if any. */
  error?: ReactNode;
  /** The heading of the failure, e.g. 'Failed to fetch hashtags'. */
  errorTitle: string;
  /** 'Try again' for a failure the pages do not know of (default: `pages.retry`). */
  onRetry?: () => void;
  emptyMessage: string;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Narrowest a card may get before the grid drops a column. */
  minCardWidth?: number;
}

/**
 * A grid of cards read page by page with a load-more button (hashtags, organizations), with
 * its loading, empty and error states. A failure of a later page keeps the cards already shown.
 */
export function DirectoryList<T>({ pages, label, error, errorTitle, onRetry = pages.retry, emptyMessage, itemKey, renderItem, minCardWidth = 220 }: DirectoryListProps<T>) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // After 'load more', focus moves to the first new card: the reader carries on from there (and
  // keeps a focus when the button goes away with the last page).
  const focusFrom = useRef<number | null>(null);
  const count = pages.items.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('a, button')?.focus();
  }, [count]);
  const loadMore = () => {
    focusFrom.current = count;
    pages.loadMore();
  };
  const grid = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minCardWidth}px), 1fr))` };

  if (pages.isLoading && !error) {
    return (
      <Box role="status" aria-label={t('common.loading')} aria-busy sx={grid}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }

  const failure = error ? (
    <Paper role="alert" variant="outlined" sx={{ p: 2, borderRadius: 3, borderColor: 'error.main', display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography sx={{ fontWeight: 700 }} color="error">
        {errorTitle}
      </Typography>
      <Typography variant="body2">{error}</Typography>
      <Button variant="outlined" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Paper>
  ) : null;

  if (pages.items.length === 0) {
    return failure ?? (
      <Typography role="status" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyMessage}
      </Typography>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="ul" ref={list} aria-label={label} sx={grid}>
        {pages.items.map((item) => (
          <Box component="li" key={itemKey(item)} sx={{ display: 'grid' }}>
            {renderItem(item)}
          </Box>
        ))}
      </Box>
      {failure}
      {pages.hasMore && !error ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            // Not `disabled` while loading: a disabled button would drop the keyboard focus.
            onClick={loadMore}
            aria-busy={pages.isFetchingMore}
            startIcon={pages.isFetchingMore ? <Spinner label={t('common.loading')} size={18} /> : undefined}
          >
            {t('common.loadMore')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
