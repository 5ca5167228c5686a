import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListPostVersionsQuery } from '../../api/postVersions';
import { useAppSelector } from '../../app/hooks';
import { useClock } from '../../app/clock';
import { localized } from '../../components/localized';
import { formatLongDate } from '../../components/posts/dates';
import { selectLanguage } from '../../state/preferencesSlice';
import { PostSection } from './PostSection';
import { postVersionPath } from './postLinks';

interface PostHistoryProps {
  slug: string;
  /** The post's latest version, marked as the current one. */
  currentVersion: number;
  /** The version on screen (a version page), marked as the one being read. */
  shownVersion?: number;
}

/**
 * The post's published versions, newest first, each linking to its stable page: nothing
 * published is overwritten silently, so a reader can see what a document said before each
 * correction and why it changed.
 */
export function PostHistory({ slug, currentVersion, shownVersion }: PostHistoryProps) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const { timeZone } = useClock();
  // Encoded once here, as the post itself is (PostPage): the generated endpoint puts it in the path as it is.
  const { data: versions, isError, refetch } = useListPostVersionsQuery({ slug: encodeURIComponent(slug) });
  const newestFirst = versions ? [...versions].sort((a, b) => b.version - a.version) : undefined;

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
        <Box component="ol" data-testid="post-history" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {newestFirst.map((v) => {
            const note = localized(language, v.note_ar.trim(), v.note.trim());
            const label = t('post.history.version', { version: v.version });
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
      )}
    </PostSection>
  );
}
