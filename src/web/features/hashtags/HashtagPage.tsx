import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { hashtagsApi, useGetHashtagQuery, type Hashtag } from '../../api/hashtags';
import { checkHashtag } from '../../api/responseChecks';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageHeader } from '../../components/PageHeader';
import { ShareButton } from '../../components/posts/card/ShareButton';
import { PostsSection } from '../../components/posts/list/PostsSection';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { isolate } from '../../i18n/bidi';
import { hashtagApiSlug, hashtagSlugPath } from '../../components/hashtagPaths';
import { RelatedHashtags } from './RelatedHashtags';
import { TrendingBadge } from './TrendingBadge';
import { Feeds } from '../../components/feeds/Feeds';
import { Follow } from '../../components/follow/Follow';

/** Spec §9: a hashtag's posts come 20 at a time. */
export const HASHTAG_POSTS_PAGE_SIZE = 20;

function HashtagHeader({ hashtag }: { hashtag: Hashtag }) {
  const { t } = useTranslation();
  const heading = t('hashtags.heading', { name: hashtag.name });
  return (
    <PageHeader
      title={isolate(heading)}
      subtitle={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {t('hashtags.totalPosts', { count: hashtag.post_count })}
          {hashtag.is_trending ? <TrendingBadge /> : null}
        </Box>
      }
      actions={
        <>
          <ShareButton path={hashtagSlugPath(hashtag.slug)} title={heading} />
          <Feeds arg={{ slug: hashtag.slug }} title={heading} />
          <Follow topic={{ kind: 'hashtag', item: hashtag }} name={`#${hashtag.name}`} />
        </>
      }
    />
  );
}

function HashtagLoader({ param }: { param: string }) {
  const { t } = useTranslation();
  const apiSlug = hashtagApiSlug(param);
  const { data, error, isSuccess, refetch } = useGetHashtagQuery({ slug: apiSlug });
  // The posts are asked for at once, beside the hashtag: the API takes the slug or the name.
  const posts = useInfinitePages(hashtagsApi.endpoints.listHashtagPosts, { slug: apiSlug, pageSize: HASHTAG_POSTS_PAGE_SIZE });
  const formatError = isSuccess ? checkHashtag(data) : undefined;

  if (error || formatError) {
    const status = error && 'status' in error ? error.status : undefined;
    return (
      <NotFoundPanel
        title={t('hashtags.notFound')}
        message={formatError ? t(formatError) : status === 404 ? t('common.notFoundDescription') : error?.message}
        fallbackPath="/hashtags"
        onRetry={formatError || status !== 404 ? () => void refetch() : undefined}
      />
    );
  }

  const name = data?.name ?? param;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pb: 4 }}>
      {data ? (
        <>
          <HashtagHeader hashtag={data} />
          <RelatedHashtags apiSlug={apiSlug} hashtagId={data.id} />
        </>
      ) : (
        <Box role="status" aria-label={t('common.loading')} sx={{ py: 2 }}>
          <Skeleton variant="text" width="40%" height={40} />
          <Skeleton variant="text" width="25%" />
        </Box>
      )}
      <PostsSection pages={posts} label={t('hashtags.postsLabel', { name })} emptyMessage={t('hashtags.empty')} />
    </Box>
  );
}

/** /hashtags/{slug}: one hashtag and its posts, reached by slug or by the encoded name. */
export default function HashtagPage() {
  const param = useParams().slug ?? '';
  // A new hashtag is a new page: nothing of the previous one's state carries over.
  return <HashtagLoader key={param} param={param} />;
}
