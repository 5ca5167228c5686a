import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { postsApi, type PostRelation } from '../../api/posts';
import { useListPostVersionsQuery } from '../../api/postVersions';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { localized } from '../../components/localized';
import { formatLongDate } from '../../components/posts/dates';
import { isolate } from '../../i18n/bidi';
import { selectLanguage } from '../../state/preferencesSlice';
import { amendmentComparisons } from './compare/amendments';
import { comparePath } from './compare/comparePaths';
import { PostSection } from './PostSection';
import { postVersionPath } from './postLinks';

interface PostHistoryProps {
  slug: string;
  /** The post's latest version, marked as the current one. */
  currentVersion: number;
  /** The version on screen (a version page), marked as the one being read. */
  shownVersion?: number;
  /**
   * What the post is to other posts, for the comparisons its amendments make (the current
   * post's, as its page answered it; read from that answer when not given).
   */
  relations?: readonly PostRelation[];
}

const NO_RELATIONS: readonly PostRelation[] = [];

/**
 * The post's published versions, newest first, each linking to its stable page: nothing
 * published is overwritten silently, so a reader can see what a document said before each
 * correction and why it changed.
 */
export function PostHistory({ slug, currentVersion, shownVersion, relations: given }: PostHistoryProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  // Encoded once here, as the post itself is (PostPage): the generated endpoint puts it in the path as it is.
  const { data: versions, isError, refetch } = useListPostVersionsQuery({ slug: encodeURIComponent(slug) });
  const newestFirst = versions ? [...versions].sort((a, b) => b.version - a.version) : undefined;
  // The post's own answer, when its page has it: no request of its own (a version's page has the
  // version's post, whose relations are as they were then).
  const selectPost = useMemo(() => postsApi.endpoints.getPost.select({ slug: encodeURIComponent(slug) }), [slug]);
  const cached = useAppSelector((state) => selectPost(state).data?.relations);
  const relations = given ?? cached ?? NO_RELATIONS;
  const amendments = useMemo(() => (versions && relations.length ? amendmentComparisons(relations, versions) : []), [relations, versions]);

  return (
    <PostSection title={t('post.history.title')}>
      {isError && !versions ? (
        // No role="alert": a failed request is announced by its toast already (baseQuery).
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2', color: 'text.secondary' }}>
          {t('post.history.error')}
          <Button size="small" onClick={() => void refetch()}>
            {t('post.history.retry')}
          </Button>
        </Box>
      ) : !newestFirst ? (
        <Box aria-hidden sx={{ display: 'grid', gap: 1 }}>
          {Array.from({ length: Math.min(currentVersion, 3) }, (_, i) => (
            <Skeleton key={i} width="60%" />
          ))}
        </Box>
      ) : (
        <>
          {amendments.length ? (
            // An amendment published on the portal, and this post's text before and after it.
            <Box component="ul" data-testid="post-amendments" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}>
              {amendments.map(({ amendment, before, after }) => (
                <Box component="li" key={amendment.id} sx={{ typography: 'body2', lineHeight: 1.8 }}>
                  {t('compare.history.amendedBy', { title: isolate(localized(language, amendment.title_ar, amendment.title)) })}
                  {' · '}
                  <Link component={RouterLink} to={comparePath(slug, before, after)} sx={{ fontWeight: 600 }}>
                    {t('compare.history.amendment', { before, after })}
                  </Link>
                </Box>
              ))}
            </Box>
          ) : null}
          <Box component="ol" data-testid="post-history" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {newestFirst.map((v, i) => {
              const note = localized(language, v.note_ar.trim(), v.note.trim());
              const label = t('post.history.version', { version: v.version });
              // The version before this one (the list is newest first), to compare with.
              const previous = newestFirst[i + 1]?.version;
              return (
                <Box component="li" key={v.version} sx={{ typography: 'body2', lineHeight: 1.8 }}>
                  <Link
                    component={RouterLink}
                    to={postVersionPath(slug, v.version)}
                    aria-current={v.version === shownVersion ? 'page' : undefined}
                    sx={{ fontWeight: 600 }}
                  >
                    {label}
                  </Link>
                  {v.version === currentVersion ? ` (${t('post.history.current')})` : null}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {t(`post.history.kinds.${v.kind}`)}
                    {' · '}
                    <time dateTime={v.created_at}>{formatLongDate(v.created_at, language, { timeZone })}</time>
                    {previous ? (
                      <>
                        {' · '}
                        <Link component={RouterLink} to={comparePath(slug, previous, v.version)}>
                          {t('compare.history.withPrevious', { version: previous })}
                        </Link>
                      </>
                    ) : null}
                  </Typography>
                  {note ? (
                    <Typography variant="body2" color="text.secondary" dir="auto" sx={{ maxWidth: '70ch' }}>
                      {note}
                    </Typography>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        </>
      )}
    </PostSection>
  );
}
