import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { postsApi, useGetPostTypeQuery, type PostType } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PageHeader } from '../../components/PageHeader';
import { postTypeColorVar } from '../../theme/postTypeColors';
import { localized } from '../../components/localized';
import { ShareButton } from '../../components/posts/card/ShareButton';
import { PostList } from '../../components/posts/list/PostList';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { selectLanguage } from '../../state/preferencesSlice';
import { parseTypeId } from './typeId';
import { useTypeName } from '../../components/useTypeName';
import { Feeds } from '../../components/feeds/Feeds';
import { Follow } from '../../components/follow/Follow';

/** Spec §9: a type's posts come 20 a page. */
export const TYPE_POSTS_PAGE_SIZE = 20;

function TypeHeader({ type }: { type: PostType }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const name = useTypeName()(type);
  const description = localized(language, type.description_ar, type.description);
  const color = postTypeColorVar(type.name);
  return (
    // The type's badge colour runs along the header's start edge, as on its card.
    <Box sx={{ mt: 2, borderInlineStart: `4px solid ${color}`, paddingInlineStart: 2 }}>
      <PageHeader
        title={name}
        subtitle={t('types.totalPosts', { count: type.post_count })}
        actions={
          <>
            <ShareButton path={`/types/${type.id}`} title={name} text={description || undefined} />
            <Feeds arg={{ typeId: type.id }} title={name} />
            <Follow topic={{ kind: 'type', item: type }} name={name} />
          </>
        }
      />
      {description ? (
        <Typography color="text.secondary" sx={{ pb: 2, maxWidth: '70ch' }}>
          {description}
        </Typography>
      ) : null}
    </Box>
  );
}

function TypeDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data: type, error, isLoading, refetch } = useGetPostTypeQuery({ id });
  // Asked for beside the type, not after it.
  const posts = useInfinitePages(postsApi.endpoints.listPosts, {
    typeId: id,
    status: 'published',
    ordering: '-published_at',
    pageSize: TYPE_POSTS_PAGE_SIZE,
  });
  const typeName = useTypeName();

  if (!type && !isLoading) {
    // An error, or an answer without the type (§8: "not found panels on error or missing data").
    const status = error && 'status' in error ? error.status : undefined;
    return (
      <NotFoundPanel
        title={t('types.notFound')}
        message={status === 404 || !error ? t('common.notFoundDescription') : error.message}
        fallbackPath="/types"
        onRetry={status === 404 ? undefined : () => void refetch()}
      />
    );
  }

  return (
    <>
      {type ? (
        <TypeHeader type={type} />
      ) : (
        <Box role="status" aria-label={t('common.loading')} sx={{ py: 2 }}>
          <Skeleton variant="text" width="40%" height={40} />
          <Skeleton variant="text" width="25%" />
          <Skeleton variant="text" width="80%" />
        </Box>
      )}
      <PostList
        pages={posts}
        label={type ? t('types.postsLabel', { name: typeName(type) }) : t('types.title')}
        emptyMessage={t('types.noPosts')}
        mode="button"
      />
    </>
  );
}

/** /types/{id}: one post type and its published posts, newest first (spec §2). */
export default function TypePage() {
  const { t } = useTranslation();
  const id = parseTypeId(useParams().id);
  if (id === undefined) return <NotFoundPanel title={t('types.notFound')} message={t('common.notFoundDescription')} fallbackPath="/types" />;
  return <TypeDetail key={id} id={id} />;
}
