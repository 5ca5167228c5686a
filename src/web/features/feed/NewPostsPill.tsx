import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postsApi, useListPostsQuery, type ListPostsApiArg, type Post } from '../../api/posts';
import { useAppDispatch } from '../../app/hooks';
import { scrollBehavior } from '../../theme/motion';

/** How often an open feed looks for newer posts (the `autoRefreshPosts` preference). */
export const NEW_POSTS_CHECK_MS = 60_000;

/**
 * What the `autoRefreshPosts` preference does (loaded after the feed's first page, not part of
 * its first render): every minute the open feed asks for its newest post alone (one small
 * request, none while the tab is hidden). When that is newer than the list's first, a 'new
 * posts' button appears; pressing it reloads the list's pages and returns to the top. The list
 * never changes under the reader's eyes by itself.
 */
export default function NewPostsPill({ arg, newest }: { arg: Omit<ListPostsApiArg, 'page'>; newest: Post }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // The list itself was just loaded: the first look is one interval later.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), NEW_POSTS_CHECK_MS);
    return () => clearTimeout(timer);
  }, []);

  const { latest } = useListPostsQuery(armed ? { ...arg, page: 1, pageSize: 1 } : skipToken, {
    pollingInterval: NEW_POSTS_CHECK_MS,
    skipPollingIfUnfocused: true,
    selectFromResult: ({ data }) => ({ latest: data?.results[0] }),
  });
  const fresher = latest && latest.id !== newest.id && (latest.published_at ?? '') > (newest.published_at ?? '');

  if (!fresher) return <Box role="status" />;
  return (
    <Box role="status" sx={{ position: 'sticky', top: { xs: 64, md: 8 }, zIndex: 2, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', height: 0 }}>
      <Button
        variant="contained"
        size="small"
        onClick={() => {
          dispatch(postsApi.util.invalidateTags([{ type: 'Post', id: 'LIST' }]));
          window.scrollTo({ top: 0, behavior: scrollBehavior() });
        }}
        sx={{ borderRadius: 999, boxShadow: 3 }}
      >
        {t('home.newPosts')}
      </Button>
    </Box>
  );
}
