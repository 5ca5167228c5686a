import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { bookmarksApi, type ListBookmarksApiArg } from '../../api/bookmarks';
import { Isolated, VALUE } from '../../components/Isolated';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { Spinner } from '../../components/Spinner';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { BookmarkItem } from './BookmarkItem';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';

import { BOOKMARKS_PAGE_SIZE } from './pageSize';

export { BOOKMARKS_PAGE_SIZE };

/**
 * /bookmarks (spec §2): the reader's saved posts, newest first, each with its notes and the
 * date it was saved; load more while a next page exists; a search in titles and notes kept in
 * the address (?search=); the spinner, error and empty states of §2.
 */
export default function BookmarksPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() || undefined;
  const arg = useMemo<ListBookmarksApiArg>(() => (search ? { pageSize: BOOKMARKS_PAGE_SIZE, search } : { pageSize: BOOKMARKS_PAGE_SIZE }), [search]);
  const pages = useInfinitePages(bookmarksApi.endpoints.listBookmarks, arg);
  const { items, count, isLoading, isFetchingMore, hasMore, error, loadMore, retry } = pages;
  const focusKeeper = useFocusAfterRemoval(items);

  const [text, setText] = useState(search ?? '');
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    // The address changed under the box (Back): show what it holds now.
    setShown(search);
    setText(search ?? '');
  }
  const searchFor = (query: string) => setParams(query ? { search: query } : {}, { replace: false });

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader
        title={t('bookmarks.title')}
        subtitle={count === undefined ? undefined : search ? t('bookmarks.matchCount', { count }) : t('bookmarks.subtitle', { count })}
      />
      <SearchField
        label={t('bookmarks.searchLabel')}
        placeholder={t('bookmarks.searchPlaceholder')}
        clearLabel={t('bookmarks.clearSearch')}
        value={text}
        onChange={setText}
        onSubmit={searchFor}
        onClear={() => {
          setText('');
          searchFor('');
        }}
      />
      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <Spinner label={t('common.loading')} />
        </Box>
      ) : error && items.length === 0 ? (
        <Alert severity="error" action={<Button color="inherit" onClick={retry}>{t('common.retry')}</Button>}>
          <AlertTitle>{t('bookmarks.errorLoading')}</AlertTitle>
          {error.message}
        </Alert>
      ) : items.length === 0 ? (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center', py: 6, textAlign: 'center' }}>
          {search ? null : <BookmarkBorderIcon aria-hidden sx={{ fontSize: 48, color: 'text.disabled' }} />}
          <Typography color="text.secondary">{search ? t('bookmarks.noMatch') : t('bookmarks.empty')}</Typography>
          {search ? null : (
            <Link component={RouterLink} to="/">
              {t('bookmarks.browsePosts')}
            </Link>
          )}
        </Box>
      ) : (
        <>
          <Box
            component="ul"
            ref={focusKeeper.listRef}
            tabIndex={-1}
            onFocus={focusKeeper.onFocus}
            onBlur={focusKeeper.onBlur}
            aria-label={t('bookmarks.title')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3, '&:focus': { outline: 'none' } }}
          >
            {items.map((bookmark) => (
              <BookmarkItem key={bookmark.id} bookmark={bookmark} />
            ))}
          </Box>
          {error ? (
            <Alert severity="error" action={<Button color="inherit" onClick={retry}>{t('common.retry')}</Button>}>
              <Isolated text={t('bookmarks.errorLoadingMore', { error: VALUE })} value={error.message} />
            </Alert>
          ) : null}
          {hasMore && !error ? (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button variant="outlined" onClick={loadMore} aria-disabled={isFetchingMore} startIcon={isFetchingMore ? <Spinner label={t('common.loading')} size={18} /> : undefined}>
                {t('bookmarks.loadMore')}
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}
