import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListRelatedHashtagsQuery } from '../../api/hashtags';
import { hashtagSlugPath } from '../../components/hashtagPaths';

/** At most this many related hashtags (the server's default, spec §7: 'the first 10 popular'). */
export const RELATED_HASHTAGS = 10;

/**
 * Hashtags used together with this one, as a row of chips; nothing at all while loading or
 * when the call fails (it is a suggestion, not the page's content).
 */
export function RelatedHashtags({ apiSlug, hashtagId }: { apiSlug: string; hashtagId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { data } = useListRelatedHashtagsQuery({ slug: apiSlug, limit: RELATED_HASHTAGS });
  const related = Array.isArray(data) ? data.filter((h) => h.id !== hashtagId) : [];
  if (related.length === 0) return null;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" component="h2" color="text.secondary" sx={{ mb: 1 }}>
        {t('hashtags.related')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {related.map((hashtag) => (
          <li key={hashtag.id}>
            <Chip
              component={RouterLink}
              to={hashtagSlugPath(hashtag.slug)}
              clickable
              variant="outlined"
              size="small"
              label={<bdi>{t('hashtags.heading', { name: hashtag.name })}</bdi>}
            />
          </li>
        ))}
      </Box>
    </Box>
  );
}
