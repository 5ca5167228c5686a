import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useListTrendingHashtagsQuery } from '../../api/hashtags';
import { ChipRow } from './ChipRow';
import { ExploreSection } from './ExploreSection';

/** Spec §9: the explore screen shows 15 trending hashtags. */
export const EXPLORE_TRENDING = 15;

/** The first 15 trending hashtags as links to their pages. */
export function TrendingSection() {
  const { t } = useTranslation();
  const { data: hashtags = [], isLoading, isError } = useListTrendingHashtagsQuery({ limit: EXPLORE_TRENDING });
  if (isError || (!isLoading && !hashtags.length)) return null;

  return (
    <ExploreSection title={t('explore.trendingHashtags')}>
      <ChipRow>
        {isLoading
          ? Array.from({ length: 5 }, (_, i) => <Skeleton key={i} variant="rounded" width={88} height={32} sx={{ borderRadius: 4 }} />)
          : hashtags.slice(0, EXPLORE_TRENDING).map((hashtag) => (
              <Chip
                key={hashtag.id}
                component={RouterLink}
                to={`/hashtags/${encodeURIComponent(hashtag.slug)}`}
                clickable
                variant="outlined"
                color="primary"
                // A Latin tag keeps its own direction inside Arabic text.
                label={<bdi>#{hashtag.name}</bdi>}
              />
            ))}
      </ChipRow>
    </ExploreSection>
  );
}
