import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/people';
import { normalizeError } from '../../api/normalizeError';
import { postsApi } from '../../api/posts';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { PostsSection } from '../../components/posts/list/PostsSection';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import { ProfileHeader } from './ProfileHeader';

/** Spec §9: filtered post lists come 20 at a time. */
export const PROFILE_POSTS_PAGE_SIZE = 20;

function Profile({ username }: { username: string }) {
  const { t } = useTranslation();
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery({ username });
  // Asked for beside the profile, not after it.
  const posts = useInfinitePages(postsApi.endpoints.listPosts, { author: username, status: 'published', ordering: '-published_at', pageSize: PROFILE_POSTS_PAGE_SIZE });

  if (!profile && !isLoading) {
    // baseQuery answers failures normalised (§8).
    const failure = error ? normalizeError(error) : undefined;
    return !failure || failure.status === 404 ? (
      <NotFoundPanel title={t('profile.notFound')} message={t('profile.notFoundMessage')} />
    ) : (
      <NotFoundPanel title={t('profile.loadFailed')} message={failure.message} onRetry={() => void refetch()} />
    );
  }

  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() || profile.username : username;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pb: 4 }}>
      {profile ? (
        <ProfileHeader profile={profile} />
      ) : (
        <Box role="status" aria-label={t('common.loading')} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}>
          <Skeleton variant="circular" width={88} height={88} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="40%" height={40} />
            <Skeleton variant="text" width="25%" />
          </Box>
        </Box>
      )}
      <PostsSection pages={posts} label={t('profile.postsLabel', { name })} emptyMessage={t('profile.noPosts')} />
    </Box>
  );
}

/** /profile/{username}: a user's public profile and the posts they published. */
export default function ProfilePage() {
  const username = useParams().username ?? '';
  // Another user is another page: nothing of the previous one's state carries over.
  return <Profile key={username} username={username} />;
}
