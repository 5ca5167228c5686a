import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SidebarSection } from './SidebarSection';
import { useTrendingHashtags } from './useTrendingHashtags';

export const SIDEBAR_TRENDING = 5;

/** Five trending hashtags with their post counts. */
export function TrendingWidget() {
  const { t } = useTranslation();
  const { hashtags, isLoading } = useTrendingHashtags(SIDEBAR_TRENDING);

  return (
    <SidebarSection title={t('layout.trendingTitle')}>
      <List dense disablePadding>
        {isLoading
          ? Array.from({ length: 3 }, (_, i) => <Skeleton key={i} component="li" height={28} />)
          : hashtags.map((hashtag) => (
              <ListItem key={hashtag.id} disableGutters sx={{ display: 'block' }}>
                <Link component={RouterLink} to={`/hashtags/${encodeURIComponent(hashtag.slug)}`} sx={{ fontWeight: 500 }}>
                  <bdi>#{hashtag.name}</bdi>
                </Link>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('common.postCount', { count: hashtag.post_count })}
                </Typography>
              </ListItem>
            ))}
      </List>
    </SidebarSection>
  );
}
