import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../api/posts';
import { PostList } from './PostList';
import type { InfinitePages } from './useInfinitePages';

/**
 * The posts of one entity (a hashtag, an organization, a profile) under an 'المنشورات' heading,
 * loaded by the button: the page above them stays reachable.
 */
export function PostsSection({ pages, label, emptyMessage }: { pages: InfinitePages<Post>; label: string; emptyMessage: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, mt: 1 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t('common.posts')}
      </Typography>
      <PostList pages={pages} label={label} emptyMessage={emptyMessage} mode="button" />
    </Box>
  );
}
