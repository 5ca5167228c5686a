import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stripHash } from '../../../shared/hashtags';
import { hashtagsApi, type ListHashtagsApiArg } from '../../api/hashtags';
import { DirectoryList } from '../../components/DirectoryList';
import { FilterSearchBox } from '../../components/FilterSearchBox';
import { PageHeader } from '../../components/PageHeader';
import { useCheckedPages } from '../../components/posts/list/useCheckedPages';
import { HashtagCard } from './HashtagCard';

/** Spec §9: the hashtag list asks 100 per page, a hashtag search 20. */
export const HASHTAG_LIST_PAGE_SIZE = 100;
export const HASHTAG_SEARCH_PAGE_SIZE = 20;

/** The list query for the search box's text: a leading '#' is dropped, blank text lists all. */
export function hashtagListArg(text: string): ListHashtagsApiArg {
  const search = stripHash(text);
  return search
    ? { search, pageSize: HASHTAG_SEARCH_PAGE_SIZE, ordering: '-post_count' }
    : { pageSize: HASHTAG_LIST_PAGE_SIZE, ordering: '-post_count' };
}

const LIST_TAG = { type: 'Hashtag', id: 'LIST' } as const;

/** /hashtags: every hashtag, most used first, with a search by name and load more. */
export default function HashtagsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const arg = useMemo(() => hashtagListArg(search), [search]);
  const { pages, formatError, refetch } = useCheckedPages(hashtagsApi.endpoints.listHashtags, arg, LIST_TAG);
  const error = formatError ? t(formatError) : pages.error?.message;

  return (
    <Box sx={{ display: 'grid', gap: 2, pb: 4 }}>
      <PageHeader
        title={t('hashtags.title')}
        subtitle={pages.count !== undefined && !formatError ? t('hashtags.count', { count: pages.count }) : undefined}
      />
      <FilterSearchBox label={t('hashtags.searchLabel')} placeholder={t('hashtags.searchPlaceholder')} onSearch={setSearch} only="hashtag" />
      <DirectoryList
        pages={pages}
        label={t('hashtags.title')}
        error={error}
        errorTitle={t('errors.fetchHashtags')}
        onRetry={formatError ? refetch : undefined}
        emptyMessage={t('hashtags.emptyList')}
        itemKey={(hashtag) => hashtag.id}
        renderItem={(hashtag) => <HashtagCard hashtag={hashtag} />}
      />
    </Box>
  );
}
