import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListFollowingQuery, type PublicUser, type TopicFollows } from '../../api/people';
import { postsApi, type ListPostsApiArg } from '../../api/posts';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { selectCurrentUser } from '../../state/sessionSlice';
import { FEED_PAGE_SIZE } from '../../api/feedQuery';
import { hashtagSlugPath } from '../../components/hashtagPaths';
import { localized } from '../../components/localized';
import { organizationPath } from '../../components/organizationPaths';
import { selectLanguage } from '../../state/preferencesSlice';
import { useTypeName } from '../../components/useTypeName';
import { PostList } from '../../components/posts/list/PostList';
import { useInfinitePages } from '../../components/posts/list/useInfinitePages';
import '../../components/follow/followingStrings';
import type { Topic } from '../../components/follow/topics';
import { useTopicFollow } from '../../components/follow/useTopicFollow';

/** The "Following" list's query: published posts of what the reader follows, newest first. */
export const FOLLOWING_ARG: Omit<ListPostsApiArg, 'page'> = { status: 'published', ordering: '-published_at', pageSize: FEED_PAGE_SIZE, following: true };

/** One followed topic: a link to its page and a button to stop following it. */
function TopicPill({ topic, name, path, onUnfollow, disabled }: { topic: Topic; name: string; path: string; onUnfollow: () => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      data-kind={topic.kind}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, border: 1, borderColor: 'divider', borderRadius: 5, paddingInlineStart: 1.5, paddingInlineEnd: 0.25, py: 0.25, maxWidth: '100%' }}
    >
      <Link component={RouterLink} to={path} underline="hover" color="inherit" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <bdi>{name}</bdi>
      </Link>
      <IconButton size="small" onClick={onUnfollow} disabled={disabled} aria-label={t('following.unfollowLabel', { name })}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

/** What the reader follows, by kind, each with a way to stop; the people they follow link to their profiles. */
function FollowedTopics({ follows, people }: { follows: TopicFollows; people: PublicUser[] }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const typeName = useTypeName();
  const { change, busy } = useTopicFollow();
  const pill = (topic: Topic, name: string, path: string) => (
    <TopicPill key={`${topic.kind}-${topic.item.id}`} topic={topic} name={name} path={path} disabled={busy} onUnfollow={() => void change(topic, false, name)} />
  );
  return (
    <Box component="section" aria-labelledby="following-what" sx={{ mb: 2 }}>
      <Typography id="following-what" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('following.what')}
      </Typography>
      {follows.organizations.length > 0 && (
        <Group label={t('following.organizations')}>
          {follows.organizations.map((item) => pill({ kind: 'organization', item }, localized(language, item.name_ar, item.name), organizationPath(item.code)))}
        </Group>
      )}
      {follows.types.length > 0 && (
        <Group label={t('following.types')}>{follows.types.map((item) => pill({ kind: 'type', item }, typeName(item), `/types/${item.id}`))}</Group>
      )}
      {follows.hashtags.length > 0 && (
        <Group label={t('following.hashtags')}>{follows.hashtags.map((item) => pill({ kind: 'hashtag', item }, `#${item.name}`, hashtagSlugPath(item.slug)))}</Group>
      )}
      {people.length > 0 && (
        <Group label={t('following.people')}>
          {people.map((person) => (
            <Box component="li" key={person.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 5, px: 1.5, py: 0.75 }}>
              <Link component={RouterLink} to={`/profile/${encodeURIComponent(person.username)}`} underline="hover" color="inherit">
                <bdi>{`${person.first_name} ${person.last_name}`.trim() || person.username}</bdi>
              </Link>
            </Box>
          ))}
        </Group>
      )}
    </Box>
  );
}

/** Nothing followed yet: how to start, with the ways to the lists of things to follow. */
function NothingFollowed() {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 3 }}>
      <Typography component="h2" variant="h6">
        {t('following.nothing')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '60ch' }}>
        {t('following.howTo')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button component={RouterLink} to="/organizations" variant="outlined">
          {t('following.browseOrganizations')}
        </Button>
        <Button component={RouterLink} to="/types" variant="outlined">
          {t('following.browseTypes')}
        </Button>
        <Button component={RouterLink} to="/hashtags" variant="outlined">
          {t('following.browseHashtags')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * /following (issue 15), signed-in readers: what they follow (organizations, post types,
 * hashtags, people) and the newest posts of all of it, by infinite scroll.
 */
export default function FollowingPage() {
  const { t } = useTranslation();
  const me = useAppSelector(selectCurrentUser);
  const { list } = useTopicFollow();
  const people = useListFollowingQuery(me ? { id: me.id } : { id: 0 }, { skip: !me });
  const pages = useInfinitePages(postsApi.endpoints.listPosts, FOLLOWING_ARG);
  const follows = list.data;
  const followed = follows ? follows.organizations.length + follows.types.length + follows.hashtags.length + (people.data?.count ?? 0) : 0;

  return (
    <>
      <PageHeader title={t('following.title')} subtitle={t('following.intro')} />
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('following.retry')}
            </Button>
          }
        >
          {t('following.loadFailed')}
        </Alert>
      ) : !follows || (me && people.isLoading) ? (
        <Spinner label={t('common.loading')} />
      ) : followed === 0 && pages.items.length === 0 ? (
        <NothingFollowed />
      ) : (
        <FollowedTopics follows={follows} people={people.data?.results ?? []} />
      )}
      {followed > 0 || pages.items.length > 0 ? (
        <Box component="section" aria-labelledby="following-posts">
          <Typography id="following-posts" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('following.posts')}
          </Typography>
          <PostList pages={pages} label={t('following.posts')} mode="infinite" emptyMessage={t('following.empty')} />
        </Box>
      ) : null}
    </>
  );
}
